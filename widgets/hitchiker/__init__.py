"""Hitchiker's views in one place: :mod:`.app` (the dashboard app and its board), :mod:`.table`
(the casino's felt) and :mod:`.lessons` (the walkthrough's staging and pictures).

``from widgets.hitchiker import HitchikerApp`` keeps working as it did when the app was one
module; the lessons are imported from :mod:`widgets.hitchiker.lessons` itself.
"""

from .app import KIND_COLOURS, HitchikerApp, HitchikerTable, city_label, deal_sentence

__all__ = ["KIND_COLOURS", "HitchikerApp", "HitchikerTable", "city_label", "deal_sentence"]
