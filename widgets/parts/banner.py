"""The game-over banner: the result in a headline, the reason in words, the session's score,
and buttons for what comes next — for any game's page.

The banner only draws what it is given (the page decides what the result *says*, e.g. with
:func:`wpp.warpairs.presenter.result_head`) and reports its buttons' clicks; each button has the CSS
class ``wpp-banner-<key>`` so a browser test can find it.

>>> b = GameOverBanner((("new", "New game"), ("replay", "Replay")))
>>> b.box.layout.display, sorted(b.buttons)
('none', ['new', 'replay'])
>>> b.show("You win!", "P2 has no cards left", "Session: you 1 · computer 0")
>>> b.box.layout.display, "You win!" in b.text.value and "Session" in b.text.value
('flex', True)
>>> b.show("<b>", ""); "&lt;b&gt;" in b.text.value     # words, never markup
True
>>> b.show("You win!", won=True); "wpp-won" in b.box._dom_classes
True
>>> b.hide(); b.box.layout.display, b.text.value, "wpp-won" in b.box._dom_classes
('none', '', False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Final

import ipywidgets as w

from widgets.parts.plain_words import plain

__all__ = ["CELEBRATE_CSS", "GameOverBanner"]

#: A won game's banner: it pops in, glows gold three times and a row of stars rises out of
#: it — CSS animations only, none at all when the browser asks for reduced motion.
CELEBRATE_CSS: Final = """
@keyframes wpp-pop { 0% { transform: scale(.85); opacity: 0; }
  60% { transform: scale(1.04); opacity: 1; } 100% { transform: scale(1); } }
@keyframes wpp-glow { 0%, 100% { box-shadow: 0 0 0 0 rgba(212, 160, 23, 0); }
  50% { box-shadow: 0 0 18px 6px rgba(212, 160, 23, .85); } }
@keyframes wpp-stars { 0% { transform: translateY(8px); opacity: 0; }
  30% { opacity: 1; } 100% { transform: translateY(-34px); opacity: 0; } }
.wpp-app .wpp-banner.wpp-won { position: relative; overflow: visible;
  animation: wpp-pop .5s ease-out 1, wpp-glow 1.2s ease-in-out .5s 3; }
.wpp-app .wpp-banner.wpp-won::after { content: "\\2605  \\2605  \\2605  \\2605  \\2605";
  position: absolute; left: 0; right: 0; top: -6px; text-align: center; color: #d4a017;
  font-size: 22px; letter-spacing: 14px; pointer-events: none; opacity: 0;
  animation: wpp-stars 1.6s ease-out .3s 2; }
@media (prefers-reduced-motion: reduce) {
  .wpp-app .wpp-banner.wpp-won, .wpp-app .wpp-banner.wpp-won::after { animation: none; }
  .wpp-app .wpp-banner.wpp-won { box-shadow: 0 0 0 3px #d4a017; }
}
"""


class GameOverBanner:
    """A hidden row that appears when a game ends: ``text`` and one button per ``buttons``
    entry (key, label), laid out in ``box``."""

    def __init__(self, buttons: Sequence[tuple[str, str]] = (("new", "New game"),)) -> None:
        self.text = w.HTML("")
        self.buttons: dict[str, w.Button] = {}
        for key, label in buttons:
            button = w.Button(description=label)
            button.add_class(f"wpp-banner-{key}")
            self.buttons[key] = button
        self.box = w.HBox([self.text, *self.buttons.values()],
                          layout=w.Layout(display="none"))
        self.box.add_class("wpp-banner")

    def on(self, key: str, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the button ``key`` is clicked."""
        self.buttons[key].on_click(lambda _b: callback())

    def show(self, head: str, cause: str = "", score: str = "", *, won: bool = False,
             match: str = "", final: str = "") -> None:
        """Show the banner: ``head`` large, then ``cause`` and ``score`` (plain words);
        ``won``: the person in front of the screen won, and the banner celebrates for a
        moment (CSS only: :data:`CELEBRATE_CSS`, still for people who ask for less motion);
        ``match``: where the match stands after this game (shown above the game's).
        ``final``: this game ended the match, and ``final`` names the game ("hand"): the
        match's result is then the large line and the game's result a smaller one under it
        ("This hand: You win!") — a big "You win!" over a lost match misled players.

        >>> b = GameOverBanner()
        >>> b.show("You win!", match="The computer wins the match", final="hand")
        >>> print(b.text.value.split("</div>")[0])
        <div class="wpp-banner-head wpp-banner-final">The computer wins the match
        """
        if final and match:
            top = (f'<div class="wpp-banner-head wpp-banner-final">{escape(match)}</div>'
                   f'<div class="wpp-banner-game">This {escape(final)}: {escape(head)}</div>')
        else:
            top = ((f'<div class="wpp-banner-match">{escape(match)}</div>' if match else "")
                   + f'<div class="wpp-banner-head">{escape(head)}</div>')
        text = (top + f"<div>{escape(plain(cause))}</div>"
                + (f'<div class="wpp-score">{escape(score)}</div>' if score else ""))
        self._set(text, "flex")
        self._won(won)

    def hide(self) -> None:
        """No game over: the banner takes no room."""
        self._set("", "none")
        self._won(False)

    def _won(self, won: bool) -> None:
        if won != ("wpp-won" in self.box._dom_classes):
            (self.box.add_class if won else self.box.remove_class)("wpp-won")

    def _set(self, text: str, display: str) -> None:
        # Only changed values reach the page.
        if self.text.value != text:
            self.text.value = text
        if self.box.layout.display != display:
            self.box.layout.display = display
