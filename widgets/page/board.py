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
* ``rules_html``: the game's rules for the "Rules & keys" panel (the page adds the keys);
* ``label_seats(names, people)``: how the page names the seats ("You (P1)", "Computer
  (P2)") and which seats people play (e.g. two people at one screen);
* ``on_auto(callback)`` and ``auto_decide(view) -> bool``: a decision the board lets the AI
  chosen beside Hint make for the person (WarPairsPoker's auto-mulligan);
* ``on_touch(callback)``: called when a click changes the person's choice without making an
  action (a refusal about the old choice is then stale).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

import ipywidgets as w

__all__ = ["Board", "Key"]


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
