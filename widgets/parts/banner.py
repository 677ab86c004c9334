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
>>> b.hide(); b.box.layout.display, b.text.value
('none', '')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

__all__ = ["GameOverBanner"]


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

    def show(self, head: str, cause: str = "", score: str = "") -> None:
        """Show the banner: ``head`` large, then ``cause`` and ``score`` (plain words)."""
        text = (f'<div class="wpp-banner-head">{escape(head)}</div>'
                f"<div>{escape(cause)}</div>"
                + (f'<div class="wpp-score">{escape(score)}</div>' if score else ""))
        self._set(text, "flex")

    def hide(self) -> None:
        """No game over: the banner takes no room."""
        self._set("", "none")

    def _set(self, text: str, display: str) -> None:
        # Only changed values reach the page.
        if self.text.value != text:
            self.text.value = text
        if self.box.layout.display != display:
            self.box.layout.display = display
