"""What one game gives the shared game page: how its board is drawn and how a person chooses an
action on it. Everything else — whose turn, what is legal, refusals with the rule, Hint, Why?,
the opponents, the seed, the banner, the review, save/open, reload, keys, layout — is the
page's, the same for every game.

The contract, in words:

* The page owns the game (a :class:`wpp.core.session.Session`). A board never holds a state:
  it is *drawn* from what one player may know — :meth:`Board.draw` gets a view
  (``history.view(seat)``), so the board cannot show a hidden card by construction. Open hands
  (practice, after the game, the review) are drawn from a view of every seat, passed in
  ``others``; the page decides when that is allowed.
* A person chooses by clicking the board's own controls (cards, cells, rows, buttons); when a
  choice makes an action, the board calls the callback given to :meth:`Board.on_choose`. The
  page sends it to the engine, which judges it; a refusal is shown by the page with its rule.
  The board may also refuse early (an incomplete choice) by returning without a call.
* :meth:`Board.select` shows an action as chosen but not yet sent (Hint selects the move it
  recommends); the person confirms it with the board's own confirm control or a key.
* :meth:`Board.keys` lists the keys the board answers (for the Rules panel and the page's key
  script): each names the key, the CSS class of the element it clicks, and what it does.
* :meth:`Board.describe` says an action in words a newcomer knows (for the log, the review and
  the banner), with the kit's card symbols (``4♣``), never ``4C``.

Optional, used by the page (:class:`~widgets.page.game_page.GamePage`) when a board has them
(WarPairsPoker's board has all of them):

* ``options``: a widget of the game's own options, placed in the page's Options column;
* ``rules_html``: the game's rules for the "Rules & keys" panel (the page adds the keys):
  :class:`BoardBase` gives how to play in plain words, then the numbered rules, folded
  (:func:`widgets.parts.how_to_play.how_to_play_html`);
* ``label_seats(names, people)``: how the page names the seats ("You (P1)", "Computer
  (P2)") and which seats people play (e.g. two people at one screen);
* ``on_auto(callback)`` and ``auto_decide(view) -> bool``: a decision the board lets the AI
  chosen beside Hint make for the person (WarPairsPoker's auto-mulligan);
* ``on_touch(callback)``: called when a click changes the person's choice without making an
  action (a refusal about the old choice is then stale);
* ``read_history(history, viewer, upto)``: called before each :meth:`Board.draw` with the
  game and how many of its moves the drawn position follows, for what a view alone cannot
  show (Pairs keeps the rounds that ended since the viewer's last move on screen); a board
  reads it through ``viewer``'s views only;
* ``outcome(view) -> str``: a finished game's result in a few words for the banner (the
  game's own ``outcome`` otherwise);
* ``why_not(key) -> str``: why the key ``key`` (as :class:`Key` names it) cannot act now, in a
  few words ("2 cards still to place: put each on a row"), or ``""``; the page says it when
  the key's control is missing, disabled or hidden, and names the shared reasons itself (a
  past position, the game over, not your turn).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import ipywidgets as w

from widgets.parts.how_to_play import how_to_play_html

__all__ = ["Board", "BoardBase", "Key"]


@dataclass(frozen=True, slots=True)
class Key:
    """One key a board answers: ``key`` as a browser names it (``"1"``, ``"Enter"``,
    ``"ArrowLeft"``, ``"H"`` for Shift+H), the CSS class of the element it clicks, and what it
    does in words for the Rules panel."""

    key: str
    css_class: str
    does: str


@runtime_checkable
class Board(Protocol):
    """A game's board and input on the shared page (see the module docs for the contract)."""

    #: The game's registered name (``"pairs"``).
    game: str
    #: The board and its input, placed by the page.
    root: w.Widget

    def draw(self, view: Any, *, legal: Sequence[Any], last: Any | None = None,
             others: Mapping[int, Any] | None = None, active: bool = True) -> None:
        """Draw the board as the player of ``view`` may see it.

        ``legal``: the actions that player may choose now (empty: not their turn, inputs off).
        ``last``: the last action played (highlighted), or ``None``. ``others``: views of the
        other seats when the page allows open hands, else ``None``. ``active=False``: a
        position shown for reading (the review), every input off.
        """

    def on_choose(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(action)`` when the person's clicks make an action."""

    def select(self, action: Any) -> None:
        """Show ``action`` as chosen, not yet sent (Hint)."""

    def keys(self) -> Sequence[Key]:
        """The keys this board answers."""

    def describe(self, action: Any) -> str:
        """``action`` in words."""


class BoardBase:
    """What every board repeats, written once: the seat names the page gives
    (:meth:`label_seats`, an optional hook the page calls), and the callbacks of
    :meth:`on_choose`, called by :meth:`_choose` when the person's clicks make an action.

    >>> b = BoardBase()
    >>> chosen = []
    >>> b.on_choose(chosen.append)
    >>> b._choose("hit"); chosen
    ['hit']
    >>> b.seat_name(0, viewer=0), b.seat_name(1, viewer=0)
    ('P1 (you)', 'P2')
    >>> b.label_seats(["You (P1)", "Computer (P2)"], [0]); b.seat_name(1, viewer=0)
    'Computer (P2)'
    """

    def __init__(self, names: Sequence[str] | None = None) -> None:
        #: Seat names (``None``: P1, P2… as the page says, "(you)" for the viewer).
        self.names = list(names) if names is not None else None
        self._callbacks: list[Callable[[Any], None]] = []

    @property
    def rules_html(self) -> str:
        """The "Rules & keys" panel's rules: how to play ``game`` in plain words, then its
        numbered rules one click away (read when the panel opens, not at import)."""
        return how_to_play_html(getattr(self, "game", ""))

    def label_seats(self, names: Sequence[str], people: Sequence[int]) -> None:
        """How the page names the seats ("You (P1)", "Computer (P2)"): the board says the
        same."""
        self.names = list(names)

    def on_choose(self, callback: Callable[[Any], None]) -> None:
        """Call ``callback(action)`` when the person's clicks make an action."""
        self._callbacks.append(callback)

    def _choose(self, action: Any) -> None:
        for cb in self._callbacks:
            cb(action)

    def why_not(self, key: str) -> str:
        """Why ``key`` cannot act now, in words (``""``: the page's own words suffice)."""
        return ""

    def seat_name(self, seat: int, viewer: int | None) -> str:
        """Seat ``seat``'s name as the page gives it, else "P<n>", "(you)" for the viewer."""
        if self.names is not None and seat < len(self.names):
            return self.names[seat]
        return f"P{seat + 1} (you)" if seat == viewer else f"P{seat + 1}"
