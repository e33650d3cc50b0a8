"""Smokers Wild in widgets: the app (:mod:`.app`), its table (:mod:`.table`) and the
walkthrough's classroom helpers and pictures (:mod:`.lessons`, imported on its own: it loads
matplotlib and pandas)."""

from .app import SmokersWildApp
from .table import KIND_COLOURS, KINDS, SmokersWildTable, company_money, company_sentence

__all__ = ["KINDS", "KIND_COLOURS", "SmokersWildApp", "SmokersWildTable", "company_money",
           "company_sentence"]
