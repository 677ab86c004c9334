"""5-card draw's board on the shared game page: your five cards (click the ones to throw
away), **Stand pat** or **Draw**, and the other seats as backs with how many each drew — the
showdown's hands once the round is over.

Drawn only from a :class:`~wpp.classic.game.DrawView`: the other hands are backs until the
showdown (or open hands, when the page passes their views in ``others``).

>>> import wpp
>>> g = wpp.new_game("draw", seed=1)
>>> board = DrawBoard()
>>> board.draw(g.view(0), legal=g.legal_actions())
>>> sent = []; board.on_choose(sent.append)
>>> board.cards[2].click(); board.cards[3].click(); board.go.description
'Discard 2, draw 2'
>>> board.go.click(); sent, board.describe(sent[0])
([Discard(cards=(Card('2♥'), Card('6♠')))], 'discard 2♥ 6♠')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.page.board import BoardBase, Key
from widgets.parts.card_button import CardButton
from widgets.parts.faces import cards_html
from widgets.parts.page_header import set_class
from widgets.parts.playable import playable_cards
from wpp.classic.game import HAND_SIZE, Discard, DrawView
from wpp.core.errors import WppError
from wpp.core.history import seat_name
from wpp.core.standard_deck import Card, format_cards
from wpp.poker.ranking import evaluate

__all__ = ["DrawBoard"]

_CSS: Final = """<style>
.wpp-draw .wpp-draw-hand, .wpp-draw .wpp-draw-acts { display: flex; flex-wrap: wrap;
  gap: 6px; align-items: flex-end; }
.wpp-draw .wpp-draw-hand { background: #2e7d4f; border-radius: 10px; padding: 8px;
  min-height: 92px; }
.wpp-draw .wpp-draw-hand .widget-button.wpp-card.wpp-selected {
  transform: translateY(-10px); box-shadow: 0 0 0 3px #ffe08a; }
.wpp-draw .wpp-draw-seat { display: inline-block; margin: 2px 10px 2px 0; }
.wpp-draw .wpp-draw-seat.wpp-draw-last b { color: #a15c00; }
.wpp-draw .widget-button.wpp-chosen { box-shadow: 0 0 0 3px #d4a017; }
.wpp-draw .wpp-draw-showdown { display: flex; flex-direction: column; gap: 6px; }
.wpp-draw .wpp-draw-final { border-radius: 8px; padding: 4px 8px; background: #f4f1e8; }
.wpp-draw .wpp-draw-final.wpp-draw-winner { background: #fff4cc; box-shadow: 0 0 0 2px #d4a017; }
</style>"""


class DrawBoard(BoardBase):
    """Your hand as card buttons, Stand pat / Draw, and the other seats (see the module)."""

    game = "draw"

    def __init__(self, names: Sequence[str] | None = None) -> None:
        super().__init__(names)
        self.seats = w.HTML()
        self.title = w.HTML()
        self.cards = [CardButton() for _ in range(HAND_SIZE)]
        for i, b in enumerate(self.cards):
            b.on_card(self._toggle)
            b.add_class(self.card_class("wpp-draw", i))
        hand = w.Box(self.cards)
        hand.add_class("wpp-draw-hand")
        self.pat = self.button("Stand pat", "wpp-draw-pat", "keep all five cards",
                               lambda: self._send(()), key="P")
        self.go = self.button("Draw", "wpp-draw-go", "exchange the raised cards",
                              lambda: self._send(tuple(self.chosen)), key="Enter")
        self.acts = w.Box([self.pat, self.go])
        self.acts.add_class("wpp-draw-acts")
        #: The hand's end: every hand by its player's name, what it is, who won.
        self.showdown = w.HTML()
        self.showdown.add_class("wpp-draw-showdown")
        self.root = w.VBox([w.HTML(_CSS), self.seats, self.title, hand, self.acts,
                            self.showdown])
        self.root.add_class("wpp-draw")
        self.chosen: list[Card] = []
        self._hand: tuple[Card, ...] = ()
        self._legal: list[Discard] = []
        self._active = False
        self._pat_hinted = False
        #: In a past position (the review): the discard the viewer chose then, at which move
        #: (``None``: a live position, or one whose choice was not made yet).
        self._then: tuple[tuple[Card, ...], int] | None = None
        self._past = self._was_past = False

    # --- the contract ------------------------------------------------------------------
    def draw(self, view: Any, *, legal: Sequence[Any], last: Any | None = None,
             others: Mapping[int, Any] | None = None, active: bool = True) -> None:
        """Draw the table as the player of ``view`` may see it (``last`` is not shown: the
        other seats' discards are hidden; the seats' draw counts say what happened)."""
        view = self.require_view(view, DrawView, "5-card draw's board")
        self._view, self._legal, self._active = view, list(legal), active and bool(legal)
        past = self._past and not self._active
        then = self._then if past and view.my_discard is None else None
        if view.hand != self._hand or past or self._was_past:
            self._hand, self.chosen, self._pat_hinted = view.hand, [], False
        self._was_past = past
        if then is not None:  # a past position shows the choice made then, raised
            self.chosen = [c for c in self._hand if c in then[0]]
        self.seats.value = self._seats_html(view, others or {})
        mine = self._name(view.player, view)
        if then is not None:
            what = (f"at move {then[1] + 1} you "
                    + (f"threw away {format_cards(then[0])}" if then[0] else "stood pat"))
        elif view.my_discard is None:
            what = ("choose the cards to throw away" if self._active else
                    "not chosen yet" if past else "waiting for your turn")
        elif view.my_draw:
            what = f"you drew {len(view.my_draw)}"
        else:
            what = "you stood pat"
        value = evaluate(view.hand).name
        # The discard's prompt (how many may go) only while the discard is to come: after
        # it the page said "You may discard up to 3 cards" under the cards just drawn.
        # A past position (the review) is no prompt: no rule, no buttons; nor is a seat that
        # waits (a room's other student read "waiting (You may discard up to 3 cards.)").
        rule = (f' <span class="wpp-muted">({escape(view.rules.describe())})</span>'
                if view.my_discard is None and self._active and not past else "")
        self.title.value = f"<b>{escape(mine)}</b>: {escape(value)} — {escape(what)}{rule}"
        self.acts.layout.display = "none" if view.my_discard is not None or past else ""
        self.showdown.value = self._showdown_html(view)
        self._show()

    def outcome(self, view: Any) -> str:
        """A finished hand's result in one short line for the banner, in the engine's seat
        names (the page puts its own in): "P1 wins: P1's Two Pair beats P2's One Pair." — the hands
        in full are in the showdown beside it. The engine's own line ("P1 wins (P1: Two
        Pair, Tens and Threes, Two kicker · P2: …)") read as a wall of words there.

        >>> import wpp
        >>> g = wpp.new_game("draw", seed=1)
        >>> while not g.is_over: _ = g.apply(g.legal_actions()[0])
        >>> DrawBoard().outcome(g.view(0))
        "P2 wins: P2's One Pair beats P1's High Card."
        """
        view = self.require_view(view, DrawView, "5-card draw's board")
        if view.showdown is None:
            return ""
        kinds = [evaluate(h) for h in view.showdown]
        best = max(v.strength for v in kinds)
        won = [s for s, v in enumerate(kinds) if v.strength == best]
        if len(won) > 1:
            names = " and ".join(seat_name(s) for s in won)
            return f"Split pot: {names} tie with {kinds[won[0]].category.label}."
        top = won[0]
        lost = [s for s in range(view.players) if s != top]
        who = f"{seat_name(top)} wins"
        if len(lost) > 1:
            return f"{who} with the best hand, {kinds[top].category.label}."
        mine, theirs = kinds[top].category, kinds[lost[0]].category
        if mine == theirs:
            return f"{who}: both have {mine.label}, and {seat_name(top)}'s hand is higher."
        return (f"{who}: {seat_name(top)}'s {mine.label} beats "
                f"{seat_name(lost[0])}'s {theirs.label}.")

    def read_history(self, history: Any, viewer: int, upto: int) -> None:
        """Note whether the position drawn next is a past one (``upto`` moves of a longer
        history: the review) and, if so, the discard ``viewer`` chose after it — read from
        ``viewer``'s own views — so that the board shows that choice, not a prompt."""
        game, states, events = history.game, history.states, history.events
        self._past = upto < len(history.actions)
        self._then = None
        for i in range(max(0, upto), len(history.actions)) if self._past else ():
            if events[i].player == viewer:
                chosen = game.view(states[i + 1], viewer).my_discard
                if chosen is not None:
                    self._then = (tuple(chosen), i)
                break

    def select(self, action: Any) -> None:
        """Raise the cards of ``action`` (a :class:`Discard`), not yet sent; Enter sends it."""
        if not isinstance(action, Discard) or not set(action.cards) <= set(self._hand):
            raise WppError(f"not a discard of this hand: {action!r:.60}")
        self.chosen = [c for c in self._hand if c in action.cards]
        self._pat_hinted = not action.cards
        self._show()

    def keys(self) -> Sequence[Key]:
        """1–5 raise or lower a card, Enter draws (or stands pat when Hint chose it), P stands
        pat."""
        cards = self.card_keys("wpp-draw", HAND_SIZE,
                               "raise or lower your card {n} (to throw it away)")
        enter = self.enter_key("wpp-draw-go", "discard the raised cards and draw (or play Hint's)")
        return [*cards, enter,
                Key("p", "wpp-draw-pat", "stand pat: keep all five")]

    def describe(self, action: Any) -> str:
        """``"discard 4♣ 4♠"`` or ``"stand pat"``."""
        if not isinstance(action, Discard):
            raise WppError(f"not a 5-card draw action: {action!r:.60}")
        return str(action)

    def why_not(self, key: str) -> str:
        """Why ``key`` cannot act now, in a few words (the page says it)."""
        if key == "Enter" and not self.chosen:
            return "raise the cards to throw away first (keys 1–5), or stand pat with P"
        if self._view.my_discard is not None:
            return "you have drawn already this round"
        return ""

    # --- input ---------------------------------------------------------------------------
    def _toggle(self, card: Card) -> None:
        if not self._active or card not in self._hand:
            return
        self._pat_hinted = False
        if card in self.chosen:
            self.chosen.remove(card)
        else:
            self.chosen = [c for c in self._hand if c in self.chosen or c == card]
        self._show()

    def _send(self, cards: tuple[Card, ...]) -> None:
        if not self._active:
            return
        action = Discard(cards)
        self._choose(action)

    # --- drawing -------------------------------------------------------------------------
    def _name(self, seat: int, view: DrawView) -> str:
        return self.seat_name(seat, view.player)

    def _show(self) -> None:
        new = set(self._view.my_draw or ())
        # The cards that may still be raised (the limit of R3 reached: the others dim).
        playable = playable_cards(self._legal, self.chosen)
        self.show_cards(self.cards, self._hand, "wpp-draw", selected=self.chosen,
                        clickable=self._active, playable=playable,
                        extra=lambda c: ("wpp-new",) if c in new else (),
                        tooltip=lambda i, c: f"{c}: {'lower' if c in self.chosen else 'raise'} "
                                             f"it (key {i + 1})")
        n = len(self.chosen)
        text = f"Discard {n}, draw {n}" if n else "Draw"
        if self.go.description != text:
            self.go.description = text
        self.pat.disabled = not self._active
        self.go.disabled = not self._active or n == 0
        # What Enter sends: the raised cards, or standing pat when Hint chose it.
        pat = self._active and n == 0 and self._pat_hinted
        set_class(self.go, "wpp-chosen", self._active and n > 0)
        set_class(self.go, "wpp-draw-go", not pat)
        set_class(self.pat, "wpp-chosen", pat)
        set_class(self.pat, "wpp-draw-go", pat)

    def _showdown_html(self, view: DrawView) -> str:
        """The hand's end: each seat by name (yours first) with its five cards, what they
        make and who won (a split pot names every winner); nothing before the showdown."""
        if view.showdown is None:
            return ""
        values = [evaluate(h) for h in view.showdown]
        best = max(v.strength for v in values)
        winners = [s for s, v in enumerate(values) if v.strength == best]
        order = [view.player, *(s for s in range(view.players) if s != view.player)]
        rows = []
        for s in order:
            won = s in winners
            tag = ("splits the pot" if len(winners) > 1 else "wins the hand") if won else ""
            rows.append(f'<div class="wpp-draw-final{" wpp-draw-winner" if won else ""}">'
                        f"<b>{escape(self._name(s, view))}</b>: {escape(values[s].name)}"
                        + (f" — <b>{tag}</b>" if tag else "")
                        + f"<br>{cards_html(view.showdown[s], 44)}</div>")
        return '<div class="wpp-panel-title">Showdown</div>' + "".join(rows)

    def _seats_html(self, view: DrawView, others: Mapping[int, Any]) -> str:
        parts = []
        acted = len(view.draw_counts)
        for s in range(view.players):
            if s == view.player:
                continue
            name = escape(self._name(s, view))
            cards: Sequence[Card | None]
            if view.showdown is not None:  # its hand is in the showdown, beside yours
                cards, what = (), f"{evaluate(view.showdown[s]).name} (the showdown below)"
            elif s in others and isinstance(others[s], DrawView):
                cards, what = others[s].hand, "open hand (practice)"
            else:
                cards, what = (None,) * HAND_SIZE, "five cards face down"
            if s < acted:
                n = view.draw_counts[s]
                did = f"drew {n}" if n else "stood pat"
            else:
                did = "to act" if s == view.to_act else "waiting"
            last = " wpp-draw-last" if s == acted - 1 and view.showdown is None else ""
            parts.append(f'<div class="wpp-draw-seat{last}" role="group" aria-label="{name}: '
                         f'{escape(what)}, {did}"><b>{name}</b> · {did}'
                         + (f"<br>{cards_html(cards, 34)}" if cards else "") + "</div>")
        deck = f'<div class="wpp-muted">deck {view.stub_size}</div>'
        return "".join(parts) + deck
