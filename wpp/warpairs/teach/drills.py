""""Your move" drills: a position, the learner's move, the engine's feedback with the rule —
and, for strategy drills, whether the move keeps a **sure win**.

A :class:`Drill` is a hand-made position (:meth:`wpp.warpairs.state.GameState.custom`) with a
question. :func:`try_move` plays the learner's move through the engine
(:func:`wpp.warpairs.transitions.step`): an
illegal move is refused with the engine's own reason, which names its rule, and the position
does not change; a legal one is narrated.

Strategy drills (lesson 13, the game description's section 8.2) ask for the **winning line**:
the positions are small and every card is known: the opponent's hand is shown, the deck and
the pile are empty, and the other cards lie in the discards, where they stay — these
positions are played with R18's ``pile-only`` flag (:data:`ENDGAME_RULES`), so a draw takes
nothing instead of reshuffling the discards into a deck whose order nobody knows. The game
from there is a finite two-player game of perfect information that :func:`sure_win` solves
exactly by searching every line (a verdict against one reshuffle, with the standard rules,
would hold only for that shuffle). A move
*wins for sure* when, whatever the opponent answers, the mover can still force a win; a move
that does not is shown with the opponent's answer that spoils it (:func:`refutation`).

>>> from wpp.warpairs.actions import Pass, PlayCards
>>> from wpp.core.standard_deck import parse_cards
>>> d = STRATEGY[0]
>>> [str(a) for a in winning_moves(d.state)]
['play 4♣']
>>> fb = try_move(d, PlayCards(parse_cards("KS")))
>>> fb.legal, fb.wins, fb.spoiler
(True, False, 'P2 answers: play A♠')
>>> try_move(d, Pass()).wins, try_move(DRILLS[0], Pass()).legal
(False, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from wpp.core.errors import WppError
from wpp.warpairs.actions import Action, Concede
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.rules import EmptyDeck, Rules
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step

__all__ = ["DEPTH", "DRILLS", "ENDGAME_RULES", "STRATEGY", "Drill", "DrillFeedback", "refutation",
           "sure_win", "try_move", "winning_moves"]

#: How many actions ahead :func:`sure_win` looks (the drills are won within a few).
DEPTH: Final = 10


@dataclass(frozen=True, slots=True)
class Drill:
    """A position and its question; ``strategy`` drills are scored by :func:`sure_win`."""

    title: str
    question: str
    state: GameState
    lesson: str          # what to remember, shown after the answer
    strategy: bool = False


@dataclass(frozen=True, slots=True)
class DrillFeedback:
    """The engine's answer to the learner's move."""

    legal: bool
    text: str                    # the refusal (with its rule) or the narration
    rule: str                    # the rule the engine cited ("" for a legal move)
    wins: bool | None = None     # strategy drills: does the move keep a sure win?
    spoiler: str = ""            # strategy drills: the opponent's answer that spoils it
    after: GameState | None = None   # the position after a legal move (None if refused)


def _key(s: GameState) -> GameState:
    return s._replace(actions=0)


@lru_cache(maxsize=200_000)
def _wins(s: GameState, me: int, depth: int) -> bool:
    if s.is_over:
        return s.winner == me
    if depth == 0:
        return False
    moves = [a for a in s.legal_actions() if not isinstance(a, Concede)]
    results = (_wins(_key(step(s, a, narrate=False)[0]), me, depth - 1) for a in moves)
    return any(results) if s.to_act == me else all(results)


def sure_win(state: GameState, depth: int = DEPTH) -> bool:
    """Can the player to act force a win from ``state`` within ``depth`` actions, whatever
    the opponent does? (Every card must be known: exact only with nothing left to draw.)"""
    return _wins(_key(state), state.to_act, depth)


def winning_moves(state: GameState, depth: int = DEPTH) -> list[Action]:
    """The moves of the player to act that keep a sure win."""
    me = state.to_act
    return [a for a in state.legal_actions() if not isinstance(a, Concede)
            and _wins(_key(step(state, a, narrate=False)[0]), me, depth - 1)]


def refutation(state: GameState, move: Action, depth: int = DEPTH) -> Action | None:
    """After ``move`` (legal, not winning for sure), an opponent's answer after which the
    mover can no longer force a win (``None`` if the opponent is not to act)."""
    me = state.to_act
    after = step(state, move, narrate=False)[0]
    if after.is_over or after.to_act == me:
        return None
    for a in after.legal_actions():
        if isinstance(a, Concede):
            continue
        if not _wins(_key(step(after, a, narrate=False)[0]), me, depth - 2):
            return a
    return None


def try_move(drill: Drill, move: Action) -> DrillFeedback:
    """Play ``move`` in the drill's position: the engine's verdict, and for a strategy drill
    whether it keeps the sure win (and the answer that spoils it when not)."""
    s = drill.state
    try:
        after, event = step(s, move)
    except WppError as err:
        return DrillFeedback(False, str(err), getattr(err, "rule", "") or "",
                             False if drill.strategy else None)
    text = event.private if hasattr(event, "private") else str(event)
    if not drill.strategy:
        return DrillFeedback(True, str(text), "", after=after)
    wins = (after.is_over and after.winner == s.to_act) or \
        _wins(_key(after), s.to_act, DEPTH - 1)
    spoil = ""
    if not wins:
        r = refutation(s, move)
        if r is not None:
            spoil = f"{player_name(1 - s.to_act)} answers: {r}"
    return DrillFeedback(True, str(text), "", wins, spoil, after)


#: The strategy drills' rules: the standard ones, but an empty deck is never rebuilt from the
#: discards (R18's ``pile-only`` flag), so every card is known and a draw takes nothing.
ENDGAME_RULES: Final = Rules(empty_deck=EmptyDeck.PILE_ONLY)


def _empty(hands: tuple[str, str], *, to_act: int = 0, phase: Phase = Phase.LEAD,
           table: tuple[tuple[int, str], ...] = ()) -> GameState:
    """A position where every card is known: nothing in the deck or the pile; the cards
    named nowhere lie in the discards and stay there (:data:`ENDGAME_RULES`: a draw takes
    nothing, R18)."""
    return GameState.custom(hands, to_act=to_act, phase=phase, table=table, deck=(),
                            discards=(), rules=ENDGAME_RULES)


#: Lesson 2's "your move" drills: click a legal answer, Draw or Pass.
DRILLS: Final[tuple[Drill, ...]] = (
    Drill("Answer a single",
          "P2 led the 9♦. You hold 4♣ 9♠ J♥ K♦. Play a card that beats it, or draw.",
          GameState.custom(("4C 9S JH KD", "3D 5H 7S QC"), phase=Phase.ANSWER,
                           table=((1, "9D"),)),
          "a single must beat the table's card: a higher rank, or the same rank and a higher "
          "suit (R8); you may also draw instead (R14) — but passing is only for a leader (R16)"),
    Drill("Answer a pair",
          "P2 led 7♦ 7♣. You hold 5♥ 5♠ 8♦ 8♥ K♣. Answer with a pair that beats it, or draw.",
          GameState.custom(("5H 5S 8D 8H KC", "3D 4H 9S QC"), phase=Phase.ANSWER,
                           table=((1, "7D 7C"),)),
          "a pair trick is answered by a higher pair only (R7, R8): no single, no poker hand"),
    Drill("Lead a fresh trick",
          "A fresh trick, and you lead. You hold 3♦ 3♠ 6♣ 10♥. Play anything legal, or pass.",
          GameState.custom(("3D 3S 6C 10H", "4H 8S JD QC")),
          "the leader plays any legal play — single, pair or poker hand — and so sets the "
          "trick's mode (R13, R7); or passes once (R16); a leader may not draw (R13)"),
    Drill("Twos and aces",
          "P2 led the A♥. You hold 2♣ 5♦ K♠. Which card beats an ace?",
          GameState.custom(("2C 5D KS", "3D 7H 9S JC"), phase=Phase.ANSWER, table=((1, "AH"),)),
          "only a higher ace or a two beats an ace (R9)"),
)

#: Lesson 13's strategy drills (the game description, 8.2): find the winning line. In each,
#: exactly one move wins for sure (the tests check it with :func:`winning_moves`). The titles
#: name the position only: a title such as "K♠ and any two" would give the answer away.
STRATEGY: Final[tuple[Drill, ...]] = (
    Drill("Position 1 · three cards each",
          "You lead, holding 2♦ 4♣ K♠; P2 holds 3♣ J♥ A♠. One lead wins whatever P2 does: "
          "which?",
          _empty(("2D 4C KS", "3C JH AS")),
          "K♠ and a two are a sure win in singles: only an ace beats the K♠, and the two beats "
          "that ace. So get rid of the odd card first — lead the 4♣ — and keep the pair of "
          "winners for the end", strategy=True),
    Drill("Position 2 · three cards each",
          "You lead, holding 2♣ 7♦ A♠; P2 holds 2♥ 5♠ 8♠. Which lead wins for sure?",
          _empty(("2C 7D AS", "2H 5S 8S")),
          "A♠ and a card from 3 up are a sure win: only a two beats the A♠, and any card from 3 "
          "up beats that two (the ranks are a cycle, R9). Lead the card that does not belong — "
          "here the 2♣", strategy=True),
    Drill("Position 3 · three cards each",
          "You lead, holding 2♠ 6♣ A♦; P2 holds 4♦ 10♣ A♠. Which lead wins for sure?",
          _empty(("2S 6C AD", "4D 10C AS")),
          "2♠ and an ace are a sure win: the ace is beaten only by a two or a higher ace, and "
          "the 2♠, the highest two, beats both. Lead the 6♣ first", strategy=True),
    Drill("Position 4 · four cards against three",
          "You lead, holding 2♦ K♠ A♣ A♥; P2 holds 2♥ 2♠ 9♠ — twos, but no ace. Which lead wins "
          "for sure?",
          _empty(("2D KS AC AH", "2H 2S 9S")),
          "a two beats only aces: with the aces in your own hand, your 2♦ can beat nothing P2 "
          "plays. It is your weakest card now — lead it while you can", strategy=True),
)
