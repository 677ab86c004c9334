"""Bring what a click opened into view: a side panel ("Rules & keys", Why?, Hint) or the
confirm box ("Deal a new game? … Yes / Cancel").

On a phone the side panel sits above the options (where "Rules & keys" is) and the confirm
box below the board, about 1000 px from the New game button: the click seemed to do nothing.
On a desktop the confirm box could open below the window's edge. The kernel draws the panel
or the box a moment after the click, so this small script (shown once, as trusted HTML, like
the key script) watches for a short while after a click on such a button and, if what opened
is not wholly on the screen, scrolls it there. Nothing else moves: a click on the board
never scrolls the page (a panel updated by the computer's reply stays where it is).

**Hint on a phone** (the side column below the board) is the exception, decided so: the player
reads the hint *and* plays it, so the hint's panel is not scrolled to the window's centre
(that took the hand and the buttons to act off the screen, and playing the hinted move — it is
already selected on the board — meant scrolling back). The page scrolls only as far as needed
to show the panel's top (its title and first lines, :data:`HINT_SHOWN` px), and never so far
that the line under the board (where "Hint: … — selected for you" is written) rises above
:data:`HAND_ROOM` of the window's height: the hand and the buttons to act, just above that
line, stay on the screen, and one tap (or Enter) plays the hinted move. The rest of the
reasoning is read by scrolling on; on a wider screen, where the panel is beside the board,
Hint behaves as the other panels do.

>>> "wpp-confirm" in into_view_html() and "<script>" in into_view_html()
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["HAND_ROOM", "HINT_SHOWN", "INTO_VIEW_JS", "WATCH_TENTHS", "into_view_html"]

#: Buttons whose click opens a side panel (their panel: the side's explanation box).
PANEL_BUTTONS: Final = ".wpp-opt-rules, .wpp-side-button"

#: How long the script watches for what a click opens, in tenths of a second: a Hint asks an
#: AI that may think for seconds on a busy server (4 s was too short: the panel came, unscrolled).
WATCH_TENTHS: Final = 200
#: Hint on a phone: how much of the panel's top is brought on the screen (px) ...
HINT_SHOWN: Final = 160
#: ... and the share of the window's height kept above the line under the board (the hand).
HAND_ROOM: Final = 0.45

INTO_VIEW_JS: Final = """
(function () {
  if (window.__wppIntoView) { return; }
  window.__wppIntoView = true;
  var shown = function (el) { return el && el.getClientRects().length > 0; };
  var onScreen = function (el) {
    var r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  };
  // the side column below the board (a phone): the panel starts under the board's end
  var stacked = function (app, panel) {
    var center = app.querySelector('.wpp-center');
    return center && panel.getBoundingClientRect().top >= center.getBoundingClientRect().bottom;
  };
  var scroller = function (el) {
    for (var a = el.parentElement; a; a = a.parentElement) {
      var oy = getComputedStyle(a).overflowY;
      if ((oy === 'auto' || oy === 'scroll') && a.scrollHeight > a.clientHeight + 1) {
        return a;
      }
    }
    return document.scrollingElement || document.documentElement;
  };
  // Hint on a phone: the panel's top on the screen, the hand and its buttons kept there
  var hintInView = function (app, panel) {
    var h = window.innerHeight;
    var delta = panel.getBoundingClientRect().top + %(shown)s - h;
    if (delta <= 0) { return; }
    var line = app.querySelector('.wpp-page-dock') || app.querySelector('.wpp-center');
    var most = line.getBoundingClientRect().top - h * %(room)s;
    delta = Math.min(delta, most);
    if (delta > 0) { scroller(panel).scrollTop += delta; }
  };
  document.addEventListener('click', function (e) {
    var t = e.target && e.target.closest ? e.target : null;
    if (!t || !t.closest('.wpp-app')) { return; }
    var app = t.closest('.wpp-app');
    var panel = t.closest('%(panels)s') ? app.querySelector('.wpp-side .wpp-explain') : null;
    var hint = !!t.closest('.wpp-hint');
    var confirm = app.querySelector('.wpp-confirm');
    var before = {panel: panel ? panel.innerHTML : '', confirm: shown(confirm)};
    var tries = 0;
    var timer = setInterval(function () {
      tries += 1;
      var target = null;
      if (confirm && shown(confirm) && !before.confirm) { target = confirm; }
      else if (panel && shown(panel) && panel.innerHTML !== before.panel
               && panel.innerHTML !== '') { target = panel; }
      if (target || tries > %(tries)s) {
        clearInterval(timer);
        // a moment more for the panel's last pieces, then in view if it is not
        if (target) {
          setTimeout(function () {
            if (target === panel && hint && stacked(app, target)) {
              hintInView(app, target);
            } else if (!onScreen(target)) {
              var tall = target.getBoundingClientRect().height > window.innerHeight;
              target.scrollIntoView({block: tall ? 'start' : 'center'});
            }
          }, 150);
        }
      }
    }, 100);
  }, true);
})();
""".replace("%(panels)s", PANEL_BUTTONS).replace("%(tries)s", str(WATCH_TENTHS)).replace(
    "%(shown)s", str(HINT_SHOWN)).replace("%(room)s", str(HAND_ROOM))


def into_view_html() -> str:
    """The script as an HTML snippet (display it once, after the page)."""
    return f"<script>{INTO_VIEW_JS}</script>"
