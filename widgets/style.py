"""The kit's CSS and its keyboard fix, injected once per app through an HTML widget (works in
Voilà and JupyterLab)."""

from __future__ import annotations

import ipywidgets as w

CSS = """
<style>
.tt-app { font-family: system-ui, sans-serif; color: #222; }
.tt-app h3 { margin: 0.2em 0; }
.tt-box { border: 1px solid #d8d2c4; border-radius: 6px; padding: 6px 10px;
          background: #fffdf7; margin: 0 0 8px 0; }
.tt-box-title { font-weight: 600; font-size: 0.9em; color: #555; margin-bottom: 2px; }
.tt-log-list { max-height: 190px; overflow-y: auto; margin: 0; padding-left: 2.8em;
               font-size: 0.88em; }
.tt-log-list li:first-child { font-weight: 600; }
.tt-players table { border-collapse: collapse; font-size: 0.88em; width: 100%; }
.tt-players th, .tt-players td { text-align: left; padding: 2px 6px;
                                 border-bottom: 1px solid #eee; vertical-align: top; }
.tt-players tr.tt-turn { background: #fff3c4; }
.tt-players td:nth-child(2), .tt-players td:nth-child(3) { white-space: nowrap; }
.tt-swatch { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 50%;
             margin-right: 4px; vertical-align: -1px; border: 1px solid #222; }
.tt-prompt { font-size: 1.05em; }
.tt-illegal { color: #a00; }
.tt-error p { color: #a00; background: #fff0f0; border: 1px solid #e99; padding: 6px;
              margin: 0 0 8px 0; }
.tt-odds ul, .tt-description ul { margin: 0; padding-left: 1.2em; font-size: 0.9em; }
.tt-dice { font-size: 2.2em; line-height: 1; white-space: nowrap; }
.tt-app li, .tt-app td { line-height: 1.35; }
.tt-app .widget-button { min-width: 5em; }
.tt-app .widget-hbox { gap: 6px; }
.tt-app button.tt-action { font-weight: 600; }
.tt-cover { background: #37474f; color: white; padding: 8px 12px; border-radius: 6px; }
.tt-grid-board { position: relative; }
.tt-grid-board > .tt-cell-keys { position: absolute; top: 0; left: 0; pointer-events: none; }
.tt-cell-keys button { margin: 0; min-width: 0; opacity: 0; }
.tt-cell-keys button:focus-visible { opacity: 0.85; }
.tt-cell-keys button.tt-cell-legal { font-weight: 600; }
.tt-cell-keys button.tt-cell-illegal:focus-visible { opacity: 0.6; }
.tt-app button:focus-visible, .tt-app input:focus-visible {
  outline: 3px solid #1f77b4; outline-offset: 1px; }
</style>
"""

#: ipycanvas gives every canvas ``tabindex=0`` and swallows every key pressed on it, Tab
#: included, so a student using the keyboard alone could never leave the board. The kit's
#: canvases take no keys (the board is also told in words, and every move is a button), so
#: on each Tab this script takes the page's canvases out of the Tab order and lets a Tab
#: pressed on a canvas (focused by a click) move on. A ``<script>`` in an HTML widget does not
#: run; an image with no picture runs its ``onerror`` (once per page, thanks to the flag).
KEYBOARD_JS = (
    "if (!window.ttKeyboard) { window.ttKeyboard = true;"
    " window.addEventListener('keydown', function (e) {"
    " if (e.key !== 'Tab') return;"
    " document.querySelectorAll('canvas[tabindex]').forEach(function (c) { c.tabIndex = -1; });"
    " if (e.target instanceof HTMLCanvasElement) e.stopPropagation();"
    " }, true); }"
)
KEYBOARD = f'<img src="data:," alt="" style="display:none" onerror="{KEYBOARD_JS}">'


def style_widget() -> w.HTML:
    """An invisible HTML widget carrying the kit's stylesheet and its keyboard fix."""
    return w.HTML(CSS + KEYBOARD, layout=w.Layout(height="0px", margin="0"))
