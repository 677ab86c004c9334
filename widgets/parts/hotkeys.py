"""Keyboard shortcuts like the original's, with no custom JavaScript build.

The original bound the number keys and the letters below them to the cards of the hand, the
arrow keys to moving the selected card left or right, and Enter to Play. Here a small script
(:func:`hotkeys_html`, shown once as trusted HTML output) listens for keys and *clicks an
element of the app*: the card in slot N of the active hand (class ``wpp-slot-N``), an action
button (``wpp-act-…``), or one of the hidden key buttons of :class:`KeyPad`. A page that lists
its own keys (the game page, :mod:`widgets.page.keys`) names them in an element's
``data-wpp-keys`` attribute (key → CSS class), which the script reads instead; there a key it
does not list is ignored, except a digit past the hand its digit keys cover, which answers "No
card 6: your hand has 5" in a line of its own (``wpp-key-note``) and changes nothing. So every
key goes through the same widget click as the mouse, and all the logic stays in the kernel. In
Voilà the keys always go to the app, whatever was clicked last, except while typing in a text
box (the seed); in JupyterLab only while the focus is inside it (the notebook keeps its own
shortcuts otherwise). No package beyond ipywidgets is needed. The same script asks before the
page is left or reloaded during a game.

=================================  ===============================================
key                                what it does
=================================  ===============================================
``1``…``9``, ``0``, ``q``…``p``,   select / unselect the 1st … 36th card of your hand
``a``…``l``, ``z``…``m``
``←`` / ``→``                      move the selection (the cursor) to the card on the left /
                                   right
``Enter``                          Play (Mulligan during the mulligan)
``Esc``                            unselect all
``Shift+D``                        Draw (or draw one more)
``Shift+S`` / ``Shift+R``          Stop drawing / Re-draw
``Shift+P``                        Pass
``Shift+H`` / ``Shift+W``          Hint / Why? (the computer's last decision)
``Shift+U`` / ``Shift+Y``          Undo / Redo
=================================  ===============================================

>>> SLOT_KEYS[:10], SLOT_KEYS.index("q")
('1234567890', 10)
>>> "wpp-slot-" in hotkeys_html() and "<script>" in hotkeys_html()
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Final

import ipywidgets as w

__all__ = ["KEY_CLASSES", "SLOT_KEYS", "KeyPad", "hotkeys_html"]

#: Keys for the hand's cards, in order: the number row, then the letter rows below it.
SLOT_KEYS: Final = "1234567890qwertyuiopasdfghjklzxcvbnm"

#: Other keys → the CSS class of the element they click.
KEY_CLASSES: Final[dict[str, str]] = {
    "Enter": "wpp-key-enter",
    "ArrowLeft": "wpp-key-left",
    "ArrowRight": "wpp-key-right",
    "Escape": "wpp-key-clear",
    "D": "wpp-key-draw",
    "S": "wpp-act-stop",
    "R": "wpp-act-redraw",
    "P": "wpp-act-pass",
    "H": "wpp-key-hint",
    "W": "wpp-key-why",
    "U": "wpp-key-undo",
    "Y": "wpp-key-redo",
}

_SCRIPT: Final = """
(function () {
  if (window.__wppHotkeys) { return; }
  window.__wppHotkeys = true;
  var slotKeys = %(slots)s;
  var classes = %(classes)s;
  // A short answer in the page (class wpp-key-note, read out by screen readers), cleared
  // after a few seconds: the kernel is not asked, so nothing in the game changes.
  function say(app, text) {
    var note = app.querySelector('.wpp-key-note');
    if (!note) {
      note = document.createElement('div');
      note.className = 'wpp-key-note';
      note.setAttribute('role', 'status');
      var msg = app.querySelector('.wpp-msg');
      if (msg && msg.parentNode) { msg.parentNode.insertBefore(note, msg.nextSibling); }
      else { app.appendChild(note); }
    }
    note.textContent = text;
    clearTimeout(window.__wppKeyNoteTimer);
    window.__wppKeyNoteTimer = setTimeout(function () { note.textContent = ''; }, 5000);
  }
  window.addEventListener('keydown', function (e) {
    var t = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey) { return; }
    // Only typing is left alone (the seed box): a checkbox, a dropdown or a button that
    // keeps the focus after a click must not swallow the keys.
    if (t && (t.isContentEditable || t.tagName === 'TEXTAREA' || (t.tagName === 'INPUT'
        && /^(text|search|number|email|password|url|tel)$/i.test(t.type || 'text')))) {
      return;
    }
    var app = document.querySelector('.wpp-app');
    if (!app) { return; }
    // In Voila the page is the app; in JupyterLab keys belong to the notebook unless the
    // focus is inside the app (after a click on it).
    if (!document.body.hasAttribute('data-voila') && !app.contains(document.activeElement)) {
      return;
    }
    var el = null;
    // A page that lists its own keys (the game page: its board's keys and its own) names
    // them in an element's data-wpp-keys (key -> CSS class); the active part's element first.
    var holder = app.querySelector('[data-wpp-keys]');
    if (holder) {
      var map = JSON.parse(holder.getAttribute('data-wpp-keys') || '{}');
      var cls = Object.prototype.hasOwnProperty.call(map, e.key) ? map[e.key] : null;
      if (!cls) {
        // A digit past the hand the board's digit keys cover (6 on a 5-card hand) answers
        // in a line of its own; any other key the page does not list is not a game key and
        // is left alone.
        var cards = 0;
        while (cards < 10 && Object.prototype.hasOwnProperty.call(map, '1234567890'[cards])) {
          cards++;
        }
        var d = '1234567890'.indexOf(e.key);
        if (cards > 0 && d >= cards) {
          say(app, 'No card ' + (d + 1) + ': your hand has ' + cards
              + (cards === 1 ? ' (key 1).' : ' (keys 1\u2013' + cards + ').'));
        }
        return;
      }
      el = app.querySelector('.wpp-active .' + cls) || app.querySelector('.' + cls);
      // A key whose element cannot act now (none, disabled, or not shown — a key pad's
      // hidden buttons excepted) clicks the page's "why not" button for it instead, so the
      // page says why rather than nothing happening.
      var usable = el && !el.disabled && (el.offsetParent !== null || el.closest('.wpp-keypad'));
      if (!usable) {
        var blocked = JSON.parse(holder.getAttribute('data-wpp-blocked') || '{}');
        el = Object.prototype.hasOwnProperty.call(blocked, e.key)
          ? app.querySelector('.' + blocked[e.key]) : null;
      }
    } else {
      var sel = null;
      var i = e.key.length === 1 ? slotKeys.indexOf(e.key) : -1;
      if (i >= 0) { sel = '.wpp-hand.wpp-active .wpp-slot-' + i; }
      else if (classes[e.key]) { sel = '.' + classes[e.key]; }
      if (!sel) { return; }
      el = app.querySelector(sel);
    }
    if (el && !el.disabled) { e.preventDefault(); e.stopPropagation(); el.click(); }
  }, true);
  // "Rules & keys" opens its panel in the side column, which a phone puts above the options:
  // once the kernel has drawn it, bring it into view (it opened off-screen and seemed to do
  // nothing). A click that closes the open panel scrolls nowhere.
  document.addEventListener('click', function (e) {
    var button = e.target && e.target.closest ? e.target.closest('.wpp-opt-rules') : null;
    var shown = '.wpp-app .wpp-side .wpp-keys';
    if (!button || document.querySelector(shown)) { return; }
    var tries = 0;
    var timer = setInterval(function () {
      var keys = document.querySelector(shown);
      if (keys || ++tries > 100) {
        clearInterval(timer);
        if (keys) { (keys.closest('.wpp-explain') || keys).scrollIntoView({block: 'start'}); }
      }
    }, 100);
  }, true);
  // Leaving or reloading the page during a game asks first (the game is in the kernel,
  // which the page's departure shuts down; the deck order never comes to the page).
  window.addEventListener('beforeunload', function (e) {
    if (document.querySelector('.wpp-app.wpp-live')) {
      e.preventDefault();
      e.returnValue = '';
      return '';
    }
  });
})();
"""


def hotkeys_html() -> str:
    """The keyboard script as an HTML snippet (display it once, after the app)."""
    script = _SCRIPT % {"slots": json.dumps(SLOT_KEYS), "classes": json.dumps(KEY_CLASSES)}
    return f"<script>{script}</script>"


class KeyPad:
    """Invisible buttons for the keys that have no visible button of their own.

    ``on_key(callback)`` receives the key's name: ``enter``, ``left``, ``right``, ``clear``,
    ``draw``, ``hint``, ``why``, ``undo``, ``redo``.
    """

    NAMES: Final = ("enter", "left", "right", "clear", "draw", "hint", "why", "undo", "redo")

    def __init__(self, names: Sequence[str] = NAMES) -> None:
        self._callbacks: list[Callable[[str], None]] = []
        self.buttons: dict[str, w.Button] = {}
        for name in names:
            b = w.Button(description="", layout=w.Layout(display="none"))
            b.add_class(f"wpp-key-{name}")
            b.on_click(lambda _b, n=name: self._fire(n))
            self.buttons[name] = b
        self.box = w.HBox(list(self.buttons.values()), layout=w.Layout(display="none"))
        self.box.add_class("wpp-keypad")  # hidden on purpose: the key script clicks it

    def on_key(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(name)`` when a key button is clicked."""
        self._callbacks.append(callback)

    def _fire(self, name: str) -> None:
        for cb in self._callbacks:
            cb(name)

    def press(self, name: str) -> None:
        """Press a key from Python (tests): the same path as the keyboard."""
        self.buttons[name].click()
