"""A guided first game (lesson 2): the learner plays P1 against the classic AI, with a hint
at every decision and short coaching in the engine's own words.

The game is the kit's session controller (:class:`wpp.core.session.Session`): the classic
AI plays P2, the learner acts through :meth:`FirstGame.move`, which the engine judges (an
illegal move is refused with :class:`~wpp.core.errors.IllegalAction` naming the rule, and nothing
changes). The learner sees only P1's view: the hint and the coach are the classic AI deciding
*from P1's view* (:meth:`Session.decide_for`), so no hint ever uses P2's hidden cards.

The coaching is the AI's explanation cut short: its title (the move) and the conclusions of
its last steps — for a play, which item of the decision list applies and the rule that makes
it legal. After each move the learner is told whether the AI would have made the same one,
and P2's answers are told — as moves only: P2's reasons speak of its hidden hand.

>>> g = FirstGame(seed=7)
>>> h = g.hint()
>>> str(h.action), len(h.reasons) >= 1
('mulligan 5♥ 9♠ 10♣', True)
>>> report = g.move(h.action)
>>> report.same, g.agreed, g.decisions, g.view.phase.name
(True, 1, 1, 'LEAD')
>>> from wpp.warpairs.actions import PlayCards
>>> from wpp.core.standard_deck import parse_cards
>>> g.move(PlayCards(parse_cards("AS")))
Traceback (most recent call last):
...
wpp.core.errors.IllegalAction: you do not hold A♠ (R3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from wpp.core.explain import Explanation
from wpp.core.registry import make_agent, new_game
from wpp.core.session import Session
from wpp.warpairs.actions import Action
from wpp.warpairs.view import View

__all__ = ["COACH", "FirstGame", "Hint", "MoveReport", "hint_of"]

#: The agent that coaches and the one that plays P2: the game description's AI (section 6).
COACH: Final = "classic"

#: How many of the explanation's last conclusions a hint shows.
REASONS: Final = 2


@dataclass(frozen=True, slots=True)
class Hint:
    """What the classic AI would do in the learner's place, and why, in its own words."""

    action: Action
    title: str                    # the explanation's title: who, what, which move
    reasons: tuple[str, ...]      # the conclusions of its last steps

    def text(self) -> str:
        """One line: the move, then why."""
        return f"{self.action}: " + "; ".join(self.reasons) if self.reasons else str(
            self.action)


def hint_of(action: Action, explanation: Explanation) -> Hint:
    """A :class:`Hint` from an AI's decision: its title and its last :data:`REASONS`
    conclusions (steps without one are skipped)."""
    said = tuple(str(s.verdict) for s in explanation.steps if s.verdict)
    return Hint(action, str(explanation.title), said[-REASONS:])


@dataclass(frozen=True, slots=True)
class MoveReport:
    """The learner's move, beside the hint, and what P2 answered."""

    mine: Action
    hint: Hint
    answers: tuple[Action, ...]   # P2's moves after it (public: never its reasons, which
                                  # speak of its hidden hand)

    @property
    def same(self) -> bool:
        """Did the learner make the move the classic AI would have made?"""
        return self.mine == self.hint.action


class FirstGame:
    """A game of WarPairsPoker: the learner is P1, the classic AI is P2 (see the module)."""

    def __init__(self, seed: int = 11) -> None:
        self.seed = seed
        self.session = Session(new_game("warpairs", seed), {1: make_agent("warpairs", COACH,
                                                                          seed)})
        self.coach: Any = make_agent("warpairs", COACH, seed)
        self.agreed = 0
        self.decisions = 0
        self.last: MoveReport | None = None
        self.session.play_computer()   # P2 may have to act first

    @property
    def view(self) -> View:
        """What the learner may know: P1's view."""
        view: View = self.session.history.view(0)
        return view

    @property
    def is_over(self) -> bool:
        return bool(self.session.history.is_over)

    @property
    def my_turn(self) -> bool:
        return self.session.human_to_act == 0

    def legal_actions(self) -> list[Action]:
        """The learner's legal actions now (none when it is not their turn)."""
        return list(self.view.legal_actions()) if self.my_turn else []

    def hint(self) -> Hint:
        """What the classic AI would do now in P1's place, from P1's view."""
        d = self.session.decide_for(0, self.coach)
        return hint_of(d.action, d.explanation)

    def move(self, action: Action) -> MoveReport:
        """Play the learner's ``action`` (the engine judges it: an illegal one raises the
        kit's error and changes nothing), then P2's answers until P1 acts again."""
        hint = self.hint()
        mine = len(self.session.history.actions)
        self.session.human_apply(action)
        self.session.play_computer()
        answers = tuple(self.session.history.actions[i]
                        for i, _seat, _e in self.session.computer_decisions() if i > mine)
        self.decisions += 1
        self.last = MoveReport(action, hint, answers)
        self.agreed += self.last.same
        return self.last
