"""Views of the kit's games for Jupyter and Voilà (ipywidgets + ipycanvas).

The shared parts: :mod:`.app` (``GameApp``, the base of every game's app, with its public
hooks), :mod:`.board` (a ring-track board drawn from the view shape every game shares:
seats and spaces), :mod:`.grid` (a rows x columns board whose cells are picked by mouse or
keyboard), :mod:`.meter` (a short straight track), :mod:`.dice`, :mod:`.actions` (the
action bar), :mod:`.panel` (players), :mod:`.log` (events), :mod:`.odds_panel` and
:mod:`.chances` (probabilities in words), :mod:`.controls` (seats, pace, new game, undo,
save, load), :mod:`.errors` (the error area), :mod:`.style` (the stylesheet, and the fix that
keeps canvases from trapping the keyboard), :mod:`.palette`. One module per game builds its
app from them, e.g. :mod:`.smokers_wild`.
"""
