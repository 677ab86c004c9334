"""Lesson 2's guided first game: you (P1) against the classic AI (P2), with a **Hint** at
every decision and a coach that says, after each move, what the AI would have done and why.

Built from the app's pieces — the table (:class:`widgets.games.warpairs.table.TableView`), the pile
(:class:`widgets.games.warpairs.pile.PileView`), the hand
(:class:`widgets.parts.hand.HandView`), the action bar
(:class:`widgets.games.warpairs.action_bar.ActionBar`) — on the logic of
:class:`wpp.warpairs.teach.guided.FirstGame`
(the kit's session controller). The page gets P1's view only: P2's hand is drawn as backs.

>>> g = GuidedGame(seed=7)
>>> g.hint_button.click(); "mulligan 5♥ 9♠ 10♣" in g.coach.value
True
>>> for c in g.game.hint().action.cards: g.pick(c)
>>> g.bar.buttons["mulligan"].click()
>>> g.game.decisions, "same move as the classic AI" in g.coach.value
(1, True)
>>> g.bar.buttons["pass"].click(); "Refused" in g.coach.value or g.game.decisions == 2
True
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as w

from widgets.games.warpairs.action_bar import ActionBar
from widgets.games.warpairs.pile import PileView
from widgets.games.warpairs.table import TableView
from widgets.lessons.shared.base import Lesson, SeedField, lesson_root, nav_button
from widgets.parts.hand import HandView
from wpp.core.errors import WppError
from wpp.core.standard_deck import Card, format_cards
from wpp.warpairs.actions import (
    Action,
    Concede,
    Draw,
    Mulligan,
    Pass,
    PlayCards,
    Redraw,
    Stop,
    TakeFromPile,
)
from wpp.warpairs.teach.guided import FirstGame, Hint, MoveReport

__all__ = ["GuidedGame"]

_NAMES = ("You (P1)", "Classic AI (P2)")


def first_game_words(reason: str) -> str:
    """The classic AI's reason in lesson 2b's words: "outlier" (a card in no pair or poker
    hand) and its "strength" are taught in lesson 3, so 2b says "odd card" and leaves the
    strength out.

    >>> first_game_words("straight 6 7 8 9 10 leaves 1 outlier of strength 11: the best")
    'straight 6 7 8 9 10 leaves 1 odd card (in no pair or poker hand): the best'
    >>> first_game_words("discard the pair of threes, the outlier 7: 0 outliers left, strength 0")
    'discard the pair of threes, the odd card 7: 0 odd cards left (in no pair or poker hand)'
    """
    def odd(m: re.Match[str]) -> str:
        n = m.group(1)
        return f"{n} odd card{'' if n == '1' else 's'}{m.group(2) or ''} (in no pair or poker hand)"

    reason = re.sub(r"\b(\d+) outliers? of strength \d+()", odd, reason)
    reason = re.sub(r"\b(\d+) outliers?( left), strength \d+", odd, reason)
    reason = re.sub(r"\boutliers\b", "odd cards", reason)
    reason = re.sub(r"\boutlier\b", "odd card", reason)
    return re.sub(r", strength \d+", "", reason)


def _hint_html(h: Hint, lead: str) -> str:
    why = "".join(f"<li>{escape(first_game_words(r))}</li>" for r in h.reasons)
    return (f"<div>{lead} <b>{escape(str(h.action))}</b></div>"
            + (f'<ul class="wpp-muted">{why}</ul>' if why else ""))


class GuidedGame(Lesson):
    """A whole game against the classic AI, with hints and coaching (see the module)."""

    def __init__(self, seed: int = 11) -> None:
        self.seeds = SeedField(seed, self.deal, "Deal")
        self.opponent = HandView("Classic AI (P2)")
        self.table = TableView()
        self.pile = PileView()
        self.pile.on_take(lambda c: self.act(TakeFromPile(c)))
        self.hand = HandView("Your hand")
        self.hand.on_toggle(self.pick)
        self.bar = ActionBar()
        self.bar.on_action(self._kind)
        self.hint_button = nav_button("Hint", "what the classic AI would do in your place")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.score = w.HTML("")
        self.score.add_class("wpp-nav-label")
        self.coach = w.HTML("")
        self.coach.add_class("wpp-feedback")
        tools = w.HBox([self.hint_button, self.score])
        tools.add_class("wpp-nav")
        self.root = lesson_root([self.seeds.box, self.opponent.box, self.table.html,
                                 self.pile.box, self.hand.box, self.bar.box, tools,
                                 self.coach])
        self.picked: set[Card] = set()
        self.deal(self.seeds.seed)

    def deal(self, seed: int) -> None:
        """A new game on deal ``seed``."""
        self.game = FirstGame(seed)
        self.picked = set()
        self.coach.value = ('<div class="wpp-muted">Pick 3 cards for the pile, then '
                            "Mulligan. Stuck? Press Hint.</div>")
        self._draw()

    def pick(self, card: Card) -> None:
        """Click ``card`` in your hand (select or unselect it)."""
        if self.game.my_turn:
            self.picked ^= {card}
            self._draw()

    def _kind(self, kind: str) -> None:
        cards = tuple(sorted(self.picked))
        actions: dict[str, Action] = {
            "mulligan": Mulligan(cards), "play": PlayCards(cards), "draw": Draw(),
            "more": Draw(), "stop": Stop(), "redraw": Redraw(), "pass": Pass(),
            "concede": Concede()}
        self.act(actions[kind])

    def show_hint(self) -> None:
        """What the classic AI would do in your place now, and why."""
        if not self.game.my_turn:
            return
        self.coach.value = _hint_html(self.game.hint(), "Hint: the classic AI's move here:")

    def act(self, action: Action) -> None:
        """Your move: the engine judges it; the coach compares it with the AI's; P2 answers."""
        if not self.game.my_turn:
            return
        try:
            report = self.game.move(action)
        except WppError as err:
            self.coach.value = f'<div class="wpp-no">Refused: {escape(str(err))}</div>'
            return
        self.picked = set()
        self.coach.value = self._report_html(report)
        self._draw()

    def _report_html(self, r: MoveReport) -> str:
        if r.same:
            head = (f'<div class="wpp-ok">{escape(str(r.mine))}: the same move as the '
                    "classic AI.</div>")
        else:
            head = (f"<div>You played <b>{escape(str(r.mine))}</b>. "
                    + _hint_html(r.hint, "The classic AI's move was:") + "</div>")
        answers = ("<div>P2 answered: <b>" + escape(", then ".join(map(str, r.answers)))
                   + "</b></div>" if r.answers else "")
        end = ""
        if self.game.is_over:
            end = f"<div><b>Game over — {escape(self.game.session.history.outcome)}.</b></div>"
        return head + answers + end

    def _draw(self) -> None:
        v = self.game.view
        mine = self.game.my_turn
        self.opponent.show_backs(v.opponent_hand_size)
        self.opponent.set_title(f"Classic AI (P2): {v.opponent_hand_size} cards, face down")
        self.table.show(v, names=_NAMES, bottom=0, show_trick=True)
        legal = self.game.legal_actions()
        self.pile.show(v.pile, clickable=any(isinstance(a, TakeFromPile) for a in legal))
        self.hand.show(v.hand, selected=self.picked, clickable=mine)
        picked = format_cards(sorted(self.picked)) or "none"
        self.hand.set_title(f"Your hand, {len(v.hand)} cards: click cards, then an action "
                            f"({escape(picked)} picked)")
        self.bar.show(legal, v.phase, enabled=mine)
        self.hint_button.disabled = not mine
        self.score.value = (f"your moves: {self.game.decisions}, the same as the classic AI: "
                            f"{self.game.agreed}")

    def summary(self) -> str:
        v = self.game.view
        state = ("game over" if self.game.is_over
                 else f"{v.phase.name.lower()}, P{v.to_act + 1} to act")
        return (f"guided game on deal {self.game.seed}: {state}; your moves "
                f"{self.game.decisions}, the same as the classic AI {self.game.agreed}")
