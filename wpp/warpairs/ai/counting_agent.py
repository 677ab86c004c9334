"""The counting AI: the classic AI plus what the public record of the game tells it.

The game's author says what his AI cannot do (seed 000, §8.1): "know that it has the highest
cards left and use that information, know if all aces have been played so that twos are
useless to keep, and know some of the more difficult lines of play that win the game".
This agent does those three things, from its player's view alone, and says so in its
explanation:

* **what has been seen** (:func:`count`): the cards out of play (the discards and the
  table), the face-up pile, and the *unseen* cards — the opponent's hand and the deck,
  together. The opponent can only ever hold unseen or pile cards (or discards, once an
  empty deck is rebuilt from them, R18), so those are the **threats** to a play;
* **the highest single and pair left** (:func:`highest_left`): a play of the AI's that no
  threat can beat is a *boss* — leading it forces the opponent to draw;
* **all aces gone** (:attr:`Count.aces_gone`): a two then beats nothing a threat holds but
  what any card beats (R9 only lets twos beat aces), so the AI treats its twos as ordinary
  low outliers — the first cards to get rid of — instead of keeping them;
* **sure wins** (:func:`sure_win`): a proof, by searching every answer the opponent could
  make with any threat cards, that a line of singles and pairs empties the AI's hand
  whatever the opponent does. It finds the author's 2-card wins of §8.2 (K♠ with any 2;
  A♠ with any card but an ace or a two below it; 2♠ with any ace) and longer ones, such
  as leading the boss cards one by one before the last card.

Everything else is the classic AI's decision list (:mod:`wpp.warpairs.ai.decide`), fed the counted
facts.

>>> from wpp.warpairs import GameState
>>> s = GameState.custom(("KS 2D", "3C 4C 5C 6C"), to_act=0)
>>> line = sure_win(s.view(0))
>>> line.first
(Card('K♠'),)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from wpp.core.agents import Decision, require_view
from wpp.core.explain import Cell, Explanation, Ref, Step, Text, Words, words
from wpp.core.standard_deck import CARDS, Card
from wpp.warpairs.actions import Action, PlayCards
from wpp.warpairs.ai.classic import SPEAKER, classic_decision
from wpp.warpairs.ai.decide import Context, plan_play
from wpp.warpairs.ai.drawing import _limit_reached
from wpp.warpairs.ai.segment import Segments, analyse
from wpp.warpairs.moves import all_plays, answers, plays_in_mode
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.plays import Mode, Play
from wpp.warpairs.rules import EmptyDeck
from wpp.warpairs.view import View

__all__ = [
    "Count",
    "CountingAgent",
    "SureWin",
    "count",
    "counting_decision",
    "highest_left",
    "sure_win",
]

#: The prover looks for sure wins only when the AI holds this many cards or fewer.
PROOF_MAX_CARDS: Final = 6
#: … and gives up after this many positions (the answer is then "no proof", never wrong).
PROOF_BUDGET: Final = 4000

_ACES: Final = frozenset(CARDS[48:52])
_TWOS: Final = frozenset(CARDS[0:4])


@dataclass(frozen=True, slots=True)
class Count:
    """What the public record tells one player (every field from the view alone).

    ``gone`` is out of play (discards and the table), ``pile`` is face up, ``unseen`` is the
    opponent's hand and the deck together; ``threats`` are the cards the opponent may hold
    or get during a short line of play: the unseen and pile cards, plus the gone ones when
    the deck is so low that R18 may bring them back.
    """

    hand: tuple[Card, ...]
    gone: tuple[Card, ...]
    pile: tuple[Card, ...]
    unseen: tuple[Card, ...]
    threats: tuple[Card, ...]
    opponent: int

    @property
    def aces_gone(self) -> bool:
        """No ace can come against the AI: every ace is gone or in its own hand."""
        return not _ACES.intersection(self.threats)


def count(view: View) -> Count:
    """Count the cards of ``view``: what is gone, what is face up, what is unseen.

    >>> from wpp.warpairs import GameState
    >>> s = GameState.custom(("3D 5C", "9S"), discards="AS AH AD AC 2S")
    >>> c = count(s.view(0))
    >>> len(c.gone), len(c.unseen), c.aces_gone
    (5, 45, True)
    """
    gone = tuple(sorted((*view.discards, *(c for tp in view.trick for c in tp.play.cards))))
    known = {*view.hand, *gone, *view.pile}
    unseen = tuple(c for c in CARDS if c not in known)
    threats = (*unseen, *view.pile)
    reshuffle = view.rules.empty_deck is EmptyDeck.RESHUFFLE
    if reshuffle and view.deck_size < 4 * len(view.hand):
        # The opponent's draws during a line might empty the deck and bring the discards
        # back (R18): count them as threats too.
        threats = (*threats, *gone)
    return Count(view.hand, gone, view.pile, unseen, tuple(sorted(threats)),
                 view.opponent_hand_size)


def _beaters(threats: tuple[Card, ...], play: Play) -> list[Play]:
    """The threat plays that beat ``play`` (singles and pairs only)."""
    return answers(threats, play)


def highest_left(c: Count, mode: Mode) -> tuple[Card, ...] | None:
    """The highest single (or pair) still in play — in the AI's hand or among the threats, a
    pair wholly in one of them — by the order of R2 (an ace there is still beaten by any two
    left, R9). ``None`` when no pair is left at all.

    >>> from wpp.warpairs import GameState
    >>> s = GameState.custom(("KH 3D", "9S"), discards="AS AH AD AC KS")
    >>> highest_left(count(s.view(0)), Mode.SINGLE)
    (Card('K♥'),)
    """
    # A pair is held by one player: the AI's own pairs, or pairs of threat cards.
    plays = [*plays_in_mode(c.hand, mode), *plays_in_mode(c.threats, mode)]
    return max(plays, key=lambda p: p.order).cards if plays else None


def bosses(c: Count) -> list[Play]:
    """The AI's singles and pairs that no threat can beat: leading one forces a draw."""
    mine = [p for p in all_plays(c.hand) if p.mode is not Mode.POKER]
    return [p for p in mine if not _beaters(c.threats, p)]


@dataclass(frozen=True, slots=True)
class SureWin:
    """A proven win: play ``first`` now; ``answers`` are the opponent's possible answers to
    it, each with the AI's reply (``None``: the opponent must draw, and the AI leads again)."""

    first: tuple[Card, ...]
    answers: tuple[tuple[tuple[Card, ...], tuple[Card, ...] | None], ...]
    length: int


class _Prover:
    """An AND-OR search: the AI's plays (OR) against every answer a threat allows (AND)."""

    def __init__(self, threats: tuple[Card, ...], budget: int) -> None:
        self.threats = threats
        self.budget = budget
        self.memo: dict[tuple[tuple[Card, ...], Play | None, tuple[Card, ...], int], bool] = {}

    def lead(self, hand: tuple[Card, ...], threats: tuple[Card, ...], opp: int
             ) -> Play | None:
        """A play that wins by force when the AI leads with ``hand`` (``None``: no proof)."""
        for p in _ordered(all_plays(hand), len(hand)):
            if self.after_my_play(hand, p, threats, opp):
                return p
        return None

    def answer(self, hand: tuple[Card, ...], table: Play, threats: tuple[Card, ...],
               opp: int) -> Play | None:
        for p in _ordered(answers(hand, table), len(hand)):
            if self.after_my_play(hand, p, threats, opp):
                return p
        return None

    def after_my_play(self, hand: tuple[Card, ...], p: Play, threats: tuple[Card, ...],
                      opp: int) -> bool:
        """Does the AI win by force once it has played ``p`` from ``hand``?"""
        rest = tuple(c for c in hand if c not in p.cards)
        if not rest:
            return True  # an empty hand wins at once (R17)
        if p.mode is Mode.POKER:
            return False  # only the last play may be a poker hand: its answers are not searched
        key = (rest, p, threats, opp)
        got = self.memo.get(key)
        if got is not None:
            return got
        self.budget -= 1
        if self.budget < 0:
            return False
        ok = True
        for r in answers(threats, p):
            n = len(r.cards)
            if n >= opp:  # the opponent might go out with it
                ok = False
                break
            left = tuple(c for c in threats if c not in r.cards)
            if self.answer(rest, r, left, opp - n) is None:
                ok = False
                break
        # The opponent may also draw: the trick ends and the AI leads ``rest`` again.
        ok = ok and self.lead(rest, threats, opp) is not None
        self.memo[key] = ok
        return ok


def _ordered(plays: list[Play], n: int) -> list[Play]:
    """Winning plays first, then pairs before singles, highest first (bosses are found
    early)."""
    return sorted(plays, key=lambda p: (len(p.cards) != n, -int(p.mode), -p.order))


def sure_win(view: View, c: Count | None = None) -> SureWin | None:
    """A proven forced win from this view, or ``None`` (none exists, or none was found within
    :data:`PROOF_BUDGET` positions, or the hand holds more than :data:`PROOF_MAX_CARDS`).

    Only the AI's own plays at a fresh trick or as an answer are searched (never draws); the
    opponent is assumed to hold *any* of the threat cards, so the proof holds whatever their
    hand is.
    """
    if view.phase not in (Phase.LEAD, Phase.ANSWER) or len(view.hand) > PROOF_MAX_CARDS:
        return None
    if view.actions + 6 * len(view.hand) >= view.rules.turn_limit:
        return None
    c = count(view) if c is None else c
    prover = _Prover(c.threats, PROOF_BUDGET)
    hand, opp, threats = view.hand, view.opponent_hand_size, c.threats
    table = view.table
    first = prover.lead(hand, threats, opp) if table is None else prover.answer(
        hand, table, threats, opp)
    if first is None:
        return None
    rest = tuple(x for x in hand if x not in first.cards)
    rows: list[tuple[tuple[Card, ...], tuple[Card, ...] | None]] = []
    if rest:
        for r in answers(threats, first):
            left = tuple(x for x in threats if x not in r.cards)
            reply = prover.answer(rest, r, left, opp - len(r.cards))
            rows.append((r.cards, reply.cards if reply is not None else None))
    return SureWin(first.cards, tuple(rows), len(hand))


def _demote_twos(s: Segments) -> Segments:
    """The segments with the twos moved from the power cards to the outliers (all aces are
    gone: a two is then just the lowest card)."""
    twos = tuple(x for x in s.power if x in _TWOS)
    if not twos:
        return s
    return replace(s, power=tuple(x for x in s.power if x not in _TWOS),
                   outliers=tuple(sorted((*twos, *s.outliers))))


def _seen_step(view: View, c: Count) -> Step:
    single = highest_left(c, Mode.SINGLE)
    pair = highest_left(c, Mode.PAIR)
    rows: list[tuple[Cell, ...]] = [
        ("out of play (discards, table)", c.gone),
        ("face up in the pile", c.pile),
        ("unseen (opponent's hand and the deck)", len(c.unseen)),
        ("highest single left", single if single else "—"),
        ("highest pair left", pair if pair else "—"),
        ("aces the opponent may get", tuple(x for x in c.threats if x in _ACES)),
    ]
    verdict: Text
    if c.aces_gone:
        verdict = "every ace is gone or mine: twos have lost their edge (R9)"
    else:
        verdict = f"{len(c.threats)} cards could still come against me"
    return Step("Counting the cards seen", view.hand, ("fact", "value"), rows, verdict=verdict,
                id="count.seen")


def _boss_note(c: Count) -> Text | None:
    b = bosses(c)
    if not b:
        return None
    top = b[-1].cards
    single = highest_left(c, Mode.SINGLE)
    if len(top) == 1 and single == top:
        above = [x for x in CARDS if x > top[0] and x not in c.hand] + (
            [x for x in _TWOS if x not in c.hand] if top[0] in _ACES else [])
        return words(Ref(tuple(above)), " are gone: ", Ref(top),
                     " is the highest single left") if above else words(
            Ref(top), " is the highest single of the deck")
    return words("no card left can beat ", Ref(tuple(x for p in b for x in p.cards)),
                 ": leading one forces the opponent to draw")


def counting_decision(view: View, *, explain: bool = True) -> tuple[Action, Explanation | None]:
    """The counting AI's action for this view, with its explanation when ``explain``."""
    if not view.my_turn:
        raise ValueError("it is not this player's turn; there is nothing to decide")
    if view.phase not in (Phase.LEAD, Phase.ANSWER):
        drawn, de = classic_decision(view, explain=explain)
        if de is not None:
            de = Explanation(str(de.title).replace(SPEAKER, "Counting AI"), de.steps,
                             de.choice, de.summary)
        return drawn, de
    me = player_name(view.player)
    c = count(view)
    line = sure_win(view, c)
    if line is not None:
        action: Action = PlayCards(line.first)
        if not explain:
            return action, None
        return action, _sure_win_explanation(view, c, line, me)
    twos_demoted = c.aces_gone and any(x in _TWOS for x in view.hand)
    if not twos_demoted:
        action, e = classic_decision(view, explain=explain)
        if e is None:
            return action, None
        steps = [_seen_step(view, c)]
        note = _boss_note(c)
        if note is not None:
            steps.append(Step("The highest cards left", view.hand, verdict=note,
                              id="count.highest"))
        steps.append(Step("No sure win found", view.hand, verdict=(
            "no line of plays wins whatever the opponent holds" if len(view.hand) <=
            PROOF_MAX_CARDS else f"{len(view.hand)} cards: too many for a proof"),
            id="count.no_sure_win"))
        return action, Explanation(f"Counting AI — {me}", [*steps, *e.steps], e.choice,
                                   e.summary)
    # All aces gone: the classic decision list on segments whose twos are outliers.
    a = analyse(view.hand)
    segs = _demote_twos(a.segments)
    draw_loses = view.phase is Phase.ANSWER and _limit_reached(view, 1)
    plan = plan_play(Context(view.hand, segs, view.table, view.opponent_hand_size,
                             view.rules, draw_loses))
    classic, ce = classic_decision(view, explain=explain)
    if plan.cards is None or not any(isinstance(x, PlayCards) and x.cards == plan.cards
                                     for x in view.legal_actions()):
        action = classic
    else:
        action = PlayCards(plan.cards)
    if not explain:
        return action, None
    assert ce is not None
    twos = tuple(x for x in view.hand if x in _TWOS)
    steps = [_seen_step(view, c), Step(
        "All aces are gone: twos lose their edge", twos,
        verdict=words("every ace is gone, so ", Ref(twos),
                      (" beats nothing and is kept no longer: it is the lowest outlier now"
                       if len(twos) == 1 else " beat nothing and are kept no longer: they "
                       "are the lowest outliers now")),
        highlight=twos, id="count.aces_gone", rule="R9")]
    rows: list[tuple[Cell, ...]] = [(i + 1, item, cards, outcome)
                                    for i, (item, cards, outcome) in enumerate(plan.rows)]
    steps.append(Step("The decision list (6.3), twos as outliers", view.hand,
                      ("#", "item", "cards", "outcome"), rows, verdict=plan.reason,
                      highlight=plan.cards or (), chosen_row=plan.decided,
                      id="decide.list", row_ids=plan.row_ids))
    if action == classic:
        steps.append(Step("The classic AI agrees", view.hand, verdict=ce.summary,
                          id="count.agrees"))
        return action, Explanation(f"Counting AI — {me}", steps, ce.choice, ce.summary)
    steps.append(Step("Where the classic AI differs", view.hand, verdict=words(
        "the classic AI, keeping its twos, would ", ce.summary), id="count.differs"))
    assert isinstance(action, PlayCards)
    return action, Explanation(f"Counting AI — {me}", steps, action.cards,
                               words("play ", Ref(action.cards)))


def _sure_win_explanation(view: View, c: Count, line: SureWin, me: str) -> Explanation:
    first = line.first
    rows: list[tuple[Cell, ...]] = []
    for r, reply in line.answers:
        rows.append((r, reply if reply is not None else "—",
                     "I play my last cards and win" if reply is not None and len(
                         reply) == len(view.hand) - len(first) else "I keep the lead"))
    rest = tuple(x for x in view.hand if x not in first)
    verdict: Text
    if not rest:
        verdict = words(Ref(first), " is my whole hand: I go out now (R17)")
    elif not rows:
        verdict = words("no card left can beat ", Ref(first),
                        ": the opponent must draw, and I lead again with ",
                        Ref(rest), " — a line that wins whatever they hold")
    else:
        verdict = words("whatever the opponent answers to ", Ref(first),
                        ", I have a reply, and if they draw I lead ", Ref(rest),
                        ": a sure win")
    steps = [_seen_step(view, c)]
    note = _boss_note(c)
    if note is not None:
        steps.append(Step("The highest cards left", view.hand, verdict=note,
                          id="count.highest"))
    steps.append(Step("A sure win (§8.2)", view.hand, ("their answer", "my reply", "then"),
                      rows, verdict=verdict, highlight=first, id="count.sure_win"))
    summary = Words(("play ", Ref(first), ": a sure win"))
    return Explanation(f"Counting AI — {me} " + (
        "leads" if view.table is None else "answers"), steps, first, summary)


class CountingAgent:
    """The classic AI plus card counting (see the module's docs). Deterministic; it reads
    nothing but its view."""

    name = "counting"

    def choose(self, view: View) -> Action:
        """The action alone (no explanation is built)."""
        view = require_view(view, View, "counting")
        return counting_decision(view, explain=False)[0]

    def decide(self, view: View) -> Decision:
        """The action and the explanation of every step that led to it."""
        view = require_view(view, View, "counting")
        action, e = counting_decision(view, explain=True)
        assert e is not None
        return Decision(action, e)

    def __repr__(self) -> str:
        return "CountingAgent()"
