"""The noisy classic: the classic AI that overlooks the best play now and then, on purpose.

A learner's opponent should come in strengths, and the weaker ones should be weak in a way
that can be explained. This agent plays the classic AI's choice
(:func:`~wpp.warpairs.ai.classic.classic_decision`), except that with probability ``rate``
(0.2 by default) it plays a **uniformly random legal action** instead — any legal play, draw,
pile card, pass or stop (never a concession), and at the mulligan any 3 of its cards. Its
explanation says so when it happens ("overlooked the best play: picked a random legal move,
as it does 20% of the time").

It is also a model of an imperfect opponent: the probability that it makes a given choice is
known exactly (:func:`noisy_probability`), which is what the search AI uses to weigh the deals
it imagines by how well they explain what the opponent did (:mod:`wpp.warpairs.ai.search`).

Each decision draws from its own stream, seeded from the agent's seed and the view's public
facts: the same seed gives the same game, and ``choose`` and ``decide`` agree.

>>> from wpp.warpairs.game import Game
>>> g = Game(seed=3)
>>> a = NoisyClassicAgent(seed=5, rate=0.5)
>>> a.choose(g.view(0)) == a.decide(g.view(0)).action
True
"""

from __future__ import annotations

import random
from math import comb
from typing import Final

from wpp.core.agents import Decision, require_view
from wpp.core.checks import check_number, check_seed
from wpp.core.explain import Explanation, Ref, Step, Text, Words, words
from wpp.core.seeds import secret_seed
from wpp.core.standard_deck import Card, format_cards
from wpp.warpairs.actions import Action, Concede, Mulligan, PlayCards, TakeFromPile
from wpp.warpairs.ai.classic import classic_decision
from wpp.warpairs.deal import MULLIGAN_SIZE
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.view import View, legal_actions

__all__ = ["DEFAULT_RATE", "NoisyClassicAgent", "choices", "noisy_probability", "random_action"]

#: The share of decisions at which it plays a random legal action, by default.
DEFAULT_RATE: Final = 0.2


def _options(view: View) -> list[Action]:
    """The legal actions a random choice picks from: all but conceding."""
    actions = legal_actions(view)
    if not actions:
        raise ValueError("it is not this player's turn; there is nothing to decide")
    return [a for a in actions if not isinstance(a, Concede)] or actions


def choices(view: View) -> int:
    """How many actions a random choice picks among at this decision: the legal actions
    but conceding, or at the mulligan the ways to choose 3 of the hand's cards."""
    if view.phase is Phase.MULLIGAN:
        return comb(len(view.hand), MULLIGAN_SIZE)
    return len(_options(view))


def random_action(view: View, rng: random.Random) -> Action:
    """A uniformly random legal action (never a concession); at the mulligan 3 of the
    hand's cards drawn at random, the same distribution as any 3-card mulligan uniformly."""
    if view.phase is Phase.MULLIGAN:
        return Mulligan(tuple(sorted(rng.sample(view.hand, MULLIGAN_SIZE))))
    options = _options(view)
    return options[rng.randrange(len(options))]


def noisy_probability(action: Action, classic: Action, rate: float, n_choices: int) -> float:
    """The probability that a noisy classic with error ``rate`` plays ``action`` where the
    classic AI plays ``classic`` and a random choice picks among ``n_choices``
    (:func:`choices`): ``(1 - rate)`` for the classic choice, plus ``rate / n_choices`` for
    any one action (the random pick may be the classic choice too).

    >>> from wpp.warpairs.actions import Draw, Pass
    >>> noisy_probability(Draw(), Draw(), 0.2, 4)
    0.8500000000000001
    >>> noisy_probability(Pass(), Draw(), 0.2, 4)
    0.05
    """
    return (1.0 - rate) * (action == classic) + rate / n_choices


def _summary(a: Action) -> Text:
    if isinstance(a, PlayCards):
        return Words(("play ", Ref(a.cards)))
    if isinstance(a, TakeFromPile):
        return words("take ", Ref((a.card,)), " from the pile")
    if isinstance(a, Mulligan):
        return Words(("put ", Ref(a.cards), " in the pile"))
    return {"Draw": "draw from the deck", "Stop": "stop drawing", "Redraw": "re-draw",
            "Pass": "pass the lead"}.get(type(a).__name__, str(a))


def _cards(a: Action) -> tuple[Card, ...]:
    return a.cards if isinstance(a, PlayCards | Mulligan) else ()


class NoisyClassicAgent:
    """The classic AI, except that a share ``rate`` of its decisions (0 to 1; 0.2 by default)
    is a uniformly random legal action (see the module's docs). ``seed`` seeds its random
    choices (``None``: unseeded). A ``rate`` outside 0 to 1 is a ``WppError`` naming it."""

    name = "noisy"

    def __init__(self, seed: int | None = 0, rate: float = DEFAULT_RATE) -> None:
        self.rate = check_number(rate, "the noisy classic's error rate (rate)", 0, 1)
        self.seed = secret_seed() if seed is None else check_seed(
            seed, "the seed of the noisy agent")

    def _rng(self, view: View) -> random.Random:
        # One stream per decision, from the seed and public facts only (as the search's).
        return random.Random(f"noisy/{self.seed}/{view.player}/{view.actions}/"
                             f"{format_cards(view.hand, ascii=True)}")

    def _pick(self, view: View) -> tuple[Action, Action, bool]:
        """``(action, classic action, erred on purpose)``."""
        rng = self._rng(view)
        classic = classic_decision(view, explain=False)[0]
        if rng.random() < self.rate:
            return random_action(view, rng), classic, True
        return classic, classic, False

    def choose(self, view: View) -> Action:
        """The action alone (the simulation fast path)."""
        view = require_view(view, View, "noisy")
        return self._pick(view)[0]

    def decide(self, view: View) -> Decision:
        """The action, with the classic AI's explanation when it follows it, and an honest
        "overlooked the best play" when it picked at random."""
        view = require_view(view, View, "noisy")
        action, classic, erred = self._pick(view)
        me = player_name(view.player)
        share = f"{self.rate:.0%}"
        title = f"Club player with slips — {me}"   # as its pages name it
        if not erred:
            _, e = classic_decision(view, explain=True)
            assert e is not None
            note = Step("It plays as the club player does", (),
                        verdict=f"no slip this time: it plays the club player's choice, and "
                                f"picks a random legal move instead {share} of the time",
                        id="noisy.follows")
            return Decision(action, Explanation(title, [*e.steps, note], e.choice, e.summary))
        same = action == classic
        verdict = words("overlooked the best play: picked a random legal move, as it does "
                        f"{share} of the time — ", _summary(action), " (one of "
                        f"{choices(view):,} choices)",
                        "; by chance the club player's choice too" if same else
                        words("; the club player would ", _summary(classic)))
        step = Step("A slip, on purpose", view.hand, verdict=verdict, highlight=_cards(action),
                    id="noisy.random")
        return Decision(action, Explanation(title, [step], _cards(action), _summary(action)))

    def __repr__(self) -> str:
        return f"NoisyClassicAgent(seed={self.seed}, rate={self.rate})"
