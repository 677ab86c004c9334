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
* ``label_seats(names, people)``: how the page names the seats ("You", "Computer"; "P1",
  "P2" for people sharing one screen) and which seats people play;
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

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

import ipywidgets as w

from widgets.parts.card_button import CardButton
from widgets.parts.how_to_play import how_to_play_html
from widgets.parts.playable import card_mark
from wpp.core.errors import WppError

__all__ = ["Board", "BoardBase", "Key"]

V = TypeVar("V")


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
    The helpers every board's controls need: :meth:`button` (its CSS classes, a tooltip
    naming its key), :meth:`card_keys` / :meth:`numbered_keys` and :meth:`enter_key` (the
    :class:`Key` lists), :meth:`show_cards` (a hand drawn on card buttons, each with its
    key's class) and :meth:`require_view` (another game's view is the kit's error).

    >>> b = BoardBase()
    >>> chosen = []
    >>> b.on_choose(chosen.append)
    >>> b._choose("hit"); chosen
    ['hit']
    >>> b.seat_name(0, viewer=0), b.seat_name(1, viewer=0)
    ('P1 (you)', 'P2')
    >>> b.label_seats(["You", "Computer"], [0]); b.seat_name(1, viewer=0)
    'Computer'
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
        """How the page names the seats ("You", "Computer"; "P1", "P2" for several people on
        one screen): the board says the same."""
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

    # --- the helpers every board's controls need ---------------------------------------------
    @staticmethod
    def button(description: str, css: str | Sequence[str], tooltip: str,
               on_click: Callable[[], None], *, key: str | None = None,
               layout: w.Layout | None = None) -> w.Button:
        """A button with its CSS class(es) (what a key and the browser tests click), a tooltip
        (its accessible name) that ends by naming its ``key``, and ``on_click()``.

        >>> clicked = []
        >>> b = BoardBase.button("Draw", "wpp-x-go", "draw the raised cards",
        ...                      lambda: clicked.append(1), key="Enter")
        >>> b.description, b.tooltip, b._dom_classes
        ('Draw', 'draw the raised cards (key Enter)', ('wpp-x-go',))
        >>> b.click(); clicked
        [1]
        >>> BoardBase.button("Hit", ("wpp-act", "wpp-x-hit"), "hit", lambda: None)._dom_classes
        ('wpp-act', 'wpp-x-hit')
        """
        tip = f"{tooltip} (key {key})" if key is not None else tooltip
        b = (w.Button(description=description, tooltip=tip) if layout is None
             else w.Button(description=description, tooltip=tip, layout=layout))
        for c in (css,) if isinstance(css, str) else css:
            b.add_class(c)
        b.on_click(lambda _b: on_click())
        return b

    @staticmethod
    def numbered_keys(css: str, does: str, count: int = 9,
                      names: Sequence[str] | None = None) -> list[Key]:
        """Keys ``1``…``count`` (or the keys ``names``), each clicking the element of class
        ``css`` and doing ``does``; both may say ``{n}`` (1, 2, …) and ``{i}`` (0, 1, …).

        >>> [(k.key, k.css_class, k.does)
        ...  for k in BoardBase.numbered_keys("wpp-choice-{i}", "choose action {n}", 2)]
        [('1', 'wpp-choice-0', 'choose action 1'), ('2', 'wpp-choice-1', 'choose action 2')]
        >>> [k.key for k in BoardBase.numbered_keys("s-{i}", "card {n}", names="1q")]
        ['1', 'q']
        """
        keys = list(names) if names is not None else [str(n) for n in range(1, count + 1)]
        return [Key(k, css.format(n=i + 1, i=i), does.format(n=i + 1, i=i))
                for i, k in enumerate(keys)]

    @staticmethod
    def card_class(prefix: str, index: int) -> str:
        """The class of card button ``index`` (from 0), which key ``index + 1`` clicks.

        >>> BoardBase.card_class("wpp-draw", 0)
        'wpp-draw-card-1'
        """
        return f"{prefix}-card-{index + 1}"

    @staticmethod
    def card_keys(prefix: str, count: int, does: str) -> list[Key]:
        """Keys ``1``…``count`` clicking the card buttons ``<prefix>-card-1``…, each doing
        ``does`` (which may say ``{n}``: the card's number).

        >>> [(k.key, k.css_class, k.does) for k in BoardBase.card_keys("pk", 2, "choose card {n}")]
        [('1', 'pk-card-1', 'choose card 1'), ('2', 'pk-card-2', 'choose card 2')]
        """
        return BoardBase.numbered_keys(f"{prefix}-card-{{n}}", does, count)

    @staticmethod
    def enter_key(css: str, does: str) -> Key:
        """Enter, clicking the board's confirm control (class ``css``).

        >>> BoardBase.enter_key("wpp-ofc-place", "place these cards")
        Key(key='Enter', css_class='wpp-ofc-place', does='place these cards')
        """
        return Key("Enter", css, does)

    @staticmethod
    def show_cards(buttons: Sequence[CardButton], cards: Sequence[Any], prefix: str, *,
                   tooltip: Callable[[int, Any], str], selected: Collection[Any] = (),
                   clickable: bool = True, playable: Collection[Hashable] | None = None,
                   extra: Callable[[Any], Sequence[str]] = lambda _c: ()) -> None:
        """Draw ``cards`` on the card ``buttons``, in order: button ``i`` keeps the class its
        key clicks (:meth:`card_class`), then the card's ``extra`` classes, then — when
        ``playable`` is given — the playable/dim mark while ``clickable``; ``tooltip(i, card)``
        names the card and its key. Buttons past the cards are face down and hidden, and keep
        their key's class (the page then says why the key cannot act: :meth:`why_not`).

        >>> from wpp.core.standard_deck import parse_card
        >>> bs = [CardButton() for _ in range(3)]
        >>> BoardBase.show_cards(bs, [parse_card("4C"), parse_card("9H")], "wpp-x",
        ...     tooltip=lambda i, c: f"{c} (key {i + 1})", selected=[parse_card("9H")],
        ...     playable=[parse_card("4C")])
        >>> bs[0]._dom_classes[-2:], bs[1].tooltip
        (('wpp-x-card-1', 'wpp-playable'), '9♥ (key 2)')
        >>> bs[1]._dom_classes[-3:]
        ('wpp-selected', 'wpp-x-card-2', 'wpp-dim')
        >>> bs[2].card, bs[2].layout.display, bs[2]._dom_classes
        (None, 'none', ('wpp-card', 'wpp-back', 'wpp-x-card-3'))
        """
        for i, b in enumerate(buttons):
            if i < len(cards):
                c = cards[i]
                mark = card_mark(c, playable, clickable) if playable is not None else None
                b.show(c, selected=c in selected, clickable=clickable,
                       extra=(BoardBase.card_class(prefix, i), *extra(c),
                              *((mark,) if mark else ())),
                       tooltip=tooltip(i, c))
                b.layout.display = ""
            else:
                b.show(None, extra=(BoardBase.card_class(prefix, i),))
                b.layout.display = "none"

    @staticmethod
    def require_view(view: Any, kind: type[V], board: str) -> V:
        """``view`` when it is a ``kind`` (the board's own game), else the kit's error naming
        both (another game's view draws nothing).

        >>> BoardBase.require_view(3, str, "Pairs' board")
        Traceback (most recent call last):
        ...
        wpp.core.errors.WppError: Pairs' board draws a str, not int
        """
        if not isinstance(view, kind):
            a = "an" if kind.__name__[:1] in "AEIOU" else "a"
            raise WppError(f"{board} draws {a} {kind.__name__}, not {type(view).__name__}")
        return view
