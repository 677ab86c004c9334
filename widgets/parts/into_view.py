"""Bring what a click opened into view: a side panel ("Rules & keys", Why?, Hint) or the
confirm box ("Deal a new game? … Yes / Cancel").

On a phone the side panel sits above the options (where "Rules & keys" is) and the confirm
box below the board, about 1000 px from the New game button: the click seemed to do nothing.
On a desktop the confirm box could open below the window's edge. The kernel draws the panel
or the box a moment after the click, so this small script (shown once, as trusted HTML, like
the key script) watches for a short while after a click on such a button and, if what opened
is not wholly on the screen, scrolls it there. Nothing else moves: a click on the board
never scrolls the page (a panel updated by the computer's reply stays where it is).

>>> "wpp-confirm" in into_view_html() and "<script>" in into_view_html()
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["INTO_VIEW_JS", "into_view_html"]

#: Buttons whose click opens a side panel (their panel: the side's explanation box).
PANEL_BUTTONS: Final = ".wpp-opt-rules, .wpp-side-button"

INTO_VIEW_JS: Final = """
(function () {
  if (window.__wppIntoView) { return; }
  window.__wppIntoView = true;
  var shown = function (el) { return el && el.getClientRects().length > 0; };
  var onScreen = function (el) {
    var r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  };
  document.addEventListener('click', function (e) {
    var t = e.target && e.target.closest ? e.target : null;
    if (!t || !t.closest('.wpp-app')) { return; }
    var app = t.closest('.wpp-app');
    var panel = t.closest('%(panels)s') ? app.querySelector('.wpp-side .wpp-explain') : null;
    var confirm = app.querySelector('.wpp-confirm');
    var before = {panel: panel ? panel.innerHTML : '', confirm: shown(confirm)};
    var tries = 0;
    var timer = setInterval(function () {
      tries += 1;
      var target = null;
      if (confirm && shown(confirm) && !before.confirm) { target = confirm; }
      else if (panel && shown(panel) && panel.innerHTML !== before.panel
               && panel.innerHTML !== '') { target = panel; }
      if (target || tries > 40) {
        clearInterval(timer);
        // a moment more for the panel's last pieces, then in view if it is not
        if (target) {
          setTimeout(function () {
            if (!onScreen(target)) {
              var tall = target.getBoundingClientRect().height > window.innerHeight;
              target.scrollIntoView({block: tall ? 'start' : 'center'});
            }
          }, 150);
        }
      }
    }, 100);
  }, true);
})();
""".replace("%(panels)s", PANEL_BUTTONS)


def into_view_html() -> str:
    """The script as an HTML snippet (display it once, after the page)."""
    return f"<script>{INTO_VIEW_JS}</script>"
