"""Lesson 5 (and the walkthrough of lesson 2): a whole game recorded move by move, with the
explanation of every decision and the moments worth a look.

:func:`record_game` plays a seeded game between two agents (two classic AIs unless told
otherwise). Each :class:`Move` keeps the state before and after, the narration, the agent's
:class:`~wpp.core.explain.Explanation`, the rules the move used
(:func:`wpp.warpairs.teach.rules.rules_used`)
and *tags* for the interesting moments a lesson jumps to: aggressive plays with twos, kings
and aces (6.32), answers on aces, desperate answers, re-draws, pile cards taken, a rebuilt
deck, the winning play.

>>> g = record_game(5)
>>> len(g.moves), g.result()
(13, 'P2 wins: P2 emptied their hand')
>>> [(i, tag) for i, tag in g.moments()][:2]
[(3, 'takes a pile card'), (5, 'takes a pile card')]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from wpp.core.agents import Agent
from wpp.core.errors import WppError
from wpp.core.explain import Explanation
from wpp.core.standard_deck import Card, format_cards, parse_cards
from wpp.warpairs.actions import Action, PlayCards, Redraw, TakeFromPile
from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.deal import DEAL_SIZE, deal
from wpp.warpairs.definition import outcome_text
from wpp.warpairs.game import Game
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.rules import DEFAULT_RULES, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.teach.rules import rules_used

__all__ = ["DECISION_TAGS", "Move", "RecordedGame", "decided_by", "deck_with_hands",
           "record_game", "result_text", "typed_deck"]

#: Decision-list items (6.3) worth a stop, by their stable id
# (:data:`wpp.warpairs.ai.decide.ITEM_IDS`)  → the moment's label.
DECISION_TAGS: Final[dict[str, str]] = {
    "power_pair": "aggressive play with 2s, kings or aces",
    "power_singles_close": "aggressive play with 2s, kings or aces",
    "on_aces": "on aces: a two or a higher ace",
    "any_answer": "a desperate answer",
    "one_card_left": "the opponent holds one card",
}

#: The id of the explanation step that holds the decision list.
LIST_STEP: Final = "decide.list"


def decided_by(e: Explanation) -> str | None:
    """The id of the decision-list item that chose the move (``"pairs"``, ``"power_pair"``…;
    ``None`` for mulligans and drawing), read from the list step's chosen row."""
    step = e.step(LIST_STEP)
    return step.chosen_id if step is not None else None


@dataclass(frozen=True, slots=True)
class Move:
    """One action of the game, with everything a lesson shows about it."""

    number: int
    player: int
    before: GameState
    after: GameState
    action: Action
    narration: str
    explanation: Explanation
    rules: tuple[str, ...]
    tags: tuple[str, ...]

    @property
    def item(self) -> str | None:
        """The id of the decision-list item that chose this move, if any."""
        return decided_by(self.explanation)

    def headline(self) -> str:
        """``Move 12 · P2 answers: play 9♦ 9♣`` (``Move 1 · P1: mulligan 3♦ 8♣ Q♦``): who did
        what, in a line."""
        doing = {Phase.LEAD: " leads", Phase.ANSWER: " answers",
                 Phase.DRAWING: " is drawing"}.get(self.before.phase, "")
        return f"Move {self.number + 1} · {player_name(self.player)}{doing}: {self.action}"


def _tags(before: GameState, action: Action, after: GameState, e: Explanation) -> list[str]:
    tags: list[str] = []
    item = decided_by(e)
    if item in DECISION_TAGS:
        tags.append(DECISION_TAGS[item])
    if isinstance(action, Redraw):
        tags.append("re-draw")
    if isinstance(action, TakeFromPile):
        tags.append("takes a pile card")
    if after.reshuffles > before.reshuffles:
        tags.append("the deck is rebuilt from the discards")
    if isinstance(action, PlayCards) and before.table is not None and after.trick and \
            after.trick[-1].play.category > before.table.category:
        tags.append("a higher category beats the table")
    if after.is_over:
        tags.append("the end of the game")
    return tags


#: How a game ended, in words: the kit's one result sentence
# (:func:`wpp.warpairs.definition.outcome_text`),  under the name the lessons know.
result_text = outcome_text


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """A game from the deal to its end, move by move."""

    seed: int
    start: GameState
    moves: tuple[Move, ...]
    agents: tuple[str, str]
    typed: bool = False          # dealt from typed hands (the rest from the seed's shuffle)

    def source(self) -> str:
        """What the game was dealt from, in words: ``deal 5`` or ``typed hands (seed 5)``."""
        return f"typed hands (seed {self.seed})" if self.typed else f"deal {self.seed}"

    def result(self) -> str:
        """``P2 wins: P2 emptied their hand`` (or a draw)."""
        return result_text(self.moves[-1].after if self.moves else self.start)

    def moments(self) -> list[tuple[int, str]]:
        """Every tagged move, in order: (move index, label)."""
        return [(m.number, t) for m in self.moves for t in m.tags]

    def state_at(self, position: int) -> GameState:
        """The state after ``position`` moves (0: the deal)."""
        return self.start if position == 0 else self.moves[position - 1].after


def deck_with_hands(seed: int, p1: Sequence[Card], p2: Sequence[Card] = ()) -> tuple[Card, ...]:
    """The deck of deal ``seed`` with P1's 16 cards replaced by ``p1`` (and P2's by ``p2``
    if given); the other cards keep the seed's order (R10: P1 gets the first 16, P2 the next
    16, the rest is the deck). Not 16 cards, or a card in both hands, is the kit's error.

    >>> from wpp.core.standard_deck import parse_cards
    >>> mine = parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D")
    >>> d = deck_with_hands(5, mine)
    >>> d[:16] == mine, sorted(d) == sorted(deal(5)), d[16:] == tuple(
    ...     c for c in deal(5) if c not in mine)
    (True, True, True)
    """
    for who, cards in (("P1", p1), ("P2", p2)):
        if cards and len(cards) != DEAL_SIZE:
            raise WppError(f"{who}'s hand at the deal is {DEAL_SIZE} cards (R10), not "
                           f"{len(cards)}")
    if not p1:
        raise WppError(f"type P1's {DEAL_SIZE} cards (R10)")
    both = set(p1) & set(p2)
    if both:
        raise WppError(f"{format_cards(sorted(both))} cannot be in both hands: one deck, each "
                       "card once (R1)")
    typed = set(p1) | set(p2)
    rest = [c for c in deal(seed) if c not in typed]
    if not p2:
        p2, rest = tuple(rest[:DEAL_SIZE]), rest[DEAL_SIZE:]
    return (*p1, *p2, *rest)


def typed_deck(text: str, seed: int) -> tuple[Card, ...]:
    """The deck of typed hands: P1's 16 cards, optionally ``/`` and P2's 16 (else P2 and
    the deck come from deal ``seed``). A bad card or hand is the kit's error, saying why.

    >>> typed_deck("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4X", 1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    wpp.core.standard_deck.CardParseError: token 16: '4X' is not a card: ...
    """
    mine, _, theirs = text.partition("/")
    return deck_with_hands(seed, parse_cards(mine), parse_cards(theirs) if theirs.strip()
                           else ())


def record_game(seed: int, agents: Sequence[Agent] | None = None,
                rules: Rules = DEFAULT_RULES, deck: Sequence[Card] | None = None
                ) -> RecordedGame:
    """Play deal ``seed`` (or the stacked ``deck``, e.g. from :func:`typed_deck`) between
    ``agents`` (two classic AIs by default), recording every decision with its
    explanation."""
    players: Sequence[Agent] = agents if agents is not None else (ClassicAgent(), ClassicAgent())
    if len(players) != 2:
        raise ValueError(f"a game needs 2 agents, not {len(players)}")
    game = Game(seed, rules, deck=deck)
    start = game.state
    moves: list[Move] = []
    while not game.is_over:
        p = game.to_act
        before = game.state
        decision = players[p].decide(game.view(p))
        event = game.apply(decision.action)
        after = game.state
        moves.append(Move(len(moves), p, before, after, decision.action, event.private,
                          decision.explanation, rules_used(before, decision.action, after),
                          tuple(_tags(before, decision.action, after, decision.explanation))))
    return RecordedGame(seed, start, tuple(moves), (players[0].name, players[1].name),
                        deck is not None)
