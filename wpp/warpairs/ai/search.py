"""The search AI: determinised Monte Carlo over the cards it cannot see.

At each decision that offers a real choice (the mulligan, a lead, an answer, the drawing
turn) the AI

1. lists a few **candidate actions**: the classic AI's choice first, then at a lead or an
   answer (:func:`candidates`) the lowest and the highest play of each kind, the draw, a pile
   card, a pass; at the mulligan (:func:`mulligan_candidates`) the discard of every poker
   hand the classic analysis could build around, and the three lowest cards;
2. **re-deals the hidden cards** many times from its own view — each re-deal is one
   *world* consistent with all the AI knows. After the mulligan it reads the public record
   (:mod:`wpp.warpairs.ai.reading`): the worlds are deals weighted by how likely the
   opponent's recorded choices — its mulligan, its plays, its draws and pile cards — were
   in each, for a model opponent that plays like the classic or the greedy AI and picks a
   random legal move at a rate; the kind and the rate are estimated from the record too, so
   any opponent is read, a learner as well as an AI (the deals are sampled by importance
   weights, resampling and swaps of cards). When no deal replays the record legally (a
   position set up by hand), and at the
   mulligan, the re-deal is uniform (:func:`determinise`: the unseen cards are put in the
   opponent's hand and the deck, then the game's own ``redeal_hidden`` shuffles them; at
   the mulligan the opponent is dealt 16 unseen cards, and chooses its own mulligan as the
   classic AI would);
3. plays each candidate in each world and finishes the game with a fast **playout policy**
   (the classic AI's decision for both players, on the engine's fast board), counting the
   wins. The candidates are played in the *same* worlds (common random numbers), so their
   difference is the candidates' and not the worlds' luck. It is a **race**: a candidate
   that has not done better than the classic choice in any of its first
   :data:`RACE_WORLDS` worlds (:data:`MULLIGAN_RACE_WORLDS` at the mulligan), or does
   clearly worse, drops out, and its playouts go to the others; with no challenger left the
   search stops early;
4. overrules the classic AI only when a candidate did better than the classic choice in
   more of the same worlds than it did worse, by a margin (a sign test at
   :data:`SIGNIFICANCE`): the classic AI is a good default, and the best of several noisy
   win rates is partly luck.

Each playout's players decide from their own views (the classic AI never peeks), so a
candidate's win rate estimates *this action, then the classic AI for both players* in the
worlds the view allows: a one-step improvement of the classic AI (a "rollout" policy). Its
playouts model the opponent as the classic AI; its reading of the record does not assume it
(the explanation says what the opponent looks like, and how much the record narrowed the
deals). The decision only ever reads the view: re-dealing
the real hidden cards changes nothing it computes, so the AI cannot cheat.

The budget is a number of playouts per decision (the default, deterministic for a seed) or
a time in CPU seconds of the process (one core: the time a search costs however busy the
machine is; the choice then depends on the machine's speed).

>>> from wpp.warpairs import GameState
>>> view = GameState.custom(("3D 5C 9H 9S KS", "4C 6D 7H"), to_act=0).view(0)
>>> d = SearchAgent(seed=1, playouts=60).decide(view)
>>> d.explanation.step("search.candidates").columns
('move', 'games', 'wins', 'wins about', 'give or take', "against the club player's")
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from wpp.core.agents import Decision, require_view
from wpp.core.checks import check_count, check_seconds
from wpp.core.errors import WppError
from wpp.core.explain import Cell, Explanation, Ref, Step, Text, Words, words
from wpp.core.intervals import Interval, wilson
from wpp.core.protocol import ActionValue, Policy
from wpp.core.standard_deck import CARDS, Card, format_cards
from wpp.warpairs.actions import Action, Concede, Draw, Mulligan, Pass, PlayCards, TakeFromPile
from wpp.warpairs.ai.classic import SPEAKER, classic_decision
from wpp.warpairs.ai.inference import Inference
from wpp.warpairs.ai.mulligan import Candidate, analyse_mulligan, mulligan_cards
from wpp.warpairs.ai.reading import DEFAULT_READING_CHECKS, Reading
from wpp.warpairs.ai.segment import segments_of
from wpp.warpairs.definition import WARPAIRS
from wpp.warpairs.lookup import play_of
from wpp.warpairs.phases import Phase
from wpp.warpairs.playout import playout_state
from wpp.warpairs.record import Entry
from wpp.warpairs.state import GameState
from wpp.warpairs.transitions import step
from wpp.warpairs.view import View

__all__ = ["DEFAULT_PLAYOUTS", "CandidateResult", "SearchAgent", "SearchResult", "candidates",
           "check_budgets",
           "classic_playout", "determinise", "mulligan_candidates", "played_values",
           "review_values", "search"]

#: Playouts per decision by default (281 ms of CPU per move on average with the record read,
#: measured: README).
DEFAULT_PLAYOUTS: Final = 200
#: The budgets' upper bounds: 50 times the default playouts, 10 minutes of CPU, and replays
#: for reading the record (a larger value is refused, not run for hours).
MAX_PLAYOUTS: Final = 10_000
MAX_SECONDS: Final = 600.0
MAX_CHECKS: Final = 100_000
#: The sign test's threshold (a one-sided 95% level): the classic AI's choice is kept
#: unless another candidate does better in significantly more of the same worlds.
SIGNIFICANCE: Final = 1.645
#: A candidate that has not done better than the classic choice in any of this many worlds
#: leaves the race (its playouts go to the others).
RACE_WORLDS: Final = 6
#: … at the mulligan, which shapes the whole game and is searched once per game, this many.
MULLIGAN_RACE_WORLDS: Final = 24
#: At most this many candidate actions are searched at one decision.
MAX_CANDIDATES: Final = 8

_OVER: Final = Phase.OVER

#: A playout policy: plays a state to its end and returns the final state.
Playout = Callable[[GameState], GameState]


def determinise(view: View, rng: random.Random) -> GameState:
    """One whole game state consistent with ``view``: the cards the player cannot see
    (the opponent's hand and the deck) dealt at random, and an unknown reshuffle seed.

    Built from the view alone; the hidden cards are shuffled by the game's own
    :meth:`~wpp.warpairs.definition.WarPairsPoker.redeal_hidden`, so ``determinise(view, rng)
    .view(view.player) == view``.
    """
    if view.phase is _OVER:
        raise WppError("the search AI re-deals hidden cards during a game, not after it")
    if view.phase is Phase.MULLIGAN:
        return _determinise_mulligan(view, rng)
    me, other = view.player, 1 - view.player
    known = {*view.hand, *view.pile, *view.discards,
             *(c for tp in view.trick for c in tp.play.cards)}
    hidden = tuple(c for c in CARDS if c not in known)
    n = view.opponent_hand_size
    if len(hidden) != n + view.deck_size:
        raise WppError(f"this view does not add up to 52 cards ({len(hidden)} unseen for "
                       f"{n} in the opponent's hand and {view.deck_size} in the deck)")
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[me] = view.hand
    hands[other] = hidden[:n]
    placeholder = GameState(
        view.rules, rng.getrandbits(31), (hands[0], hands[1]), hidden[n:], view.pile,
        view.discards, view.trick, view.last_trick, view.phase, view.to_act, view.passed,
        view.drawn if view.to_act == me else (), view.redraw_used, view.mulligans,
        view.actions, view.reshuffles, view.winner, view.end_reason, view.record,
        *_own_history(view))
    return WARPAIRS.redeal_hidden(placeholder, me, rng)


def _own_history(view: View) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...]],
                                      tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """A world's ``dealt`` and ``draws``: the player's own, as its view shows them; the
    opponent's are not invented (left empty, as :meth:`GameState.redeal_hidden` does)."""
    if view.player == 0:
        return (view.my_deal, ()), (view.my_draws, ())
    return ((), view.my_deal), ((), view.my_draws)


def _determinise_mulligan(view: View, rng: random.Random) -> GameState:
    """A world at the mulligan: the opponent is dealt 16 of the unseen cards and the rest
    form the deck; an opponent who already chose (P1, when P2 decides) chose as the classic
    AI would from those 16 — the playouts assume the classic AI's play, its mulligan too."""
    me, other = view.player, 1 - view.player
    if not view.my_turn:
        raise WppError("the search AI searches a mulligan only when it is its turn")
    hidden = [c for c in CARDS if c not in set(view.hand)]
    rng.shuffle(hidden)
    n = len(view.hand)
    theirs = tuple(sorted(hidden[:n]))
    mulligans: list[tuple[Card, ...] | None] = [None, None]
    if view.mulligan_done[other]:
        chosen = mulligan_cards(theirs)
        mulligans[other] = chosen
        theirs = tuple(c for c in theirs if c not in chosen)
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[me], hands[other] = view.hand, theirs
    record = view.record
    if mulligans[other] is not None:  # its entry, which the view hides until both are made
        record = (Entry(other, "mulligan", mulligans[other] or ()), *record)
    return GameState(
        view.rules, rng.getrandbits(31), (hands[0], hands[1]), tuple(hidden[n:]), view.pile,
        view.discards, view.trick, view.last_trick, view.phase, view.to_act, view.passed,
        (), view.redraw_used, (mulligans[0], mulligans[1]), view.actions, view.reshuffles,
        view.winner, view.end_reason, record, *_own_history(view))


def mulligan_candidates(view: View, classic: Action) -> list[Action]:
    """The mulligans worth searching, the classic AI's first: the discard of each of the
    classic analysis's candidates (no poker hand, or one straight or flush to build around;
    best first), and the three lowest cards — at most :data:`MAX_CANDIDATES`.

    The three lowest cards add a discard the classic rules often do not weigh: they break
    pairs only when fewer than three lone cards are free, and build at most one straight or
    flush (lesson 12 shows a deal where breaking two low pairs keeps two straights and wins
    far more)."""
    a = analyse_mulligan(view.hand)
    out: list[Action] = [classic]
    options = [Mulligan(c.cards) for c in sorted((c for c in a.candidates if c.valid),
                                                 key=Candidate.key)]
    options.append(Mulligan(view.hand[:3]))
    return _first_distinct(out, options)


def _classic_policy(view: View) -> Action:
    return classic_decision(view, explain=False)[0]


_CLASSIC_SEATS: Final = (_classic_policy, _classic_policy)


def classic_playout(state: GameState) -> GameState:
    """Play ``state`` to its end with the classic AI's fast decision in both seats, on the
    engine's fast board (:func:`wpp.warpairs.playout.playout_state`: the engine's own operations on
    one mutable board, no state built per action)."""
    return playout_state(state, _CLASSIC_SEATS)


def _score(final: GameState, player: int) -> float:
    """1 for a win, ½ for a draw, 0 for a loss."""
    return 0.5 if final.winner is None else float(final.winner == player)


def candidates(view: View, classic: Action) -> list[Action]:
    """The actions worth searching at this decision, the classic AI's choice first.

    Drawing turn: every choice. Otherwise the legal plays are grouped by category, and the
    lowest and highest of each category are kept, with the plays the classic AI's segments
    would make (its pairs, sets, straights, flushes), the draw, one pile card and a pass —
    at most :data:`MAX_CANDIDATES`. Conceding is never a candidate.
    """
    legal = [a for a in view.legal_actions() if not isinstance(a, Concede)]
    if view.phase is Phase.DRAWING:
        return sorted(legal, key=lambda a: a != classic)
    out: list[Action] = [classic]
    plays = [a for a in legal if isinstance(a, PlayCards)]
    by_category: dict[int, list[tuple[int, PlayCards]]] = {}
    for a in plays:
        p = play_of(a.cards, view.rules)
        if p is not None:
            by_category.setdefault(int(p.category), []).append((p.order, a))
    extra: list[Action] = []
    for _cat, options in sorted(by_category.items()):
        options.sort(key=lambda t: (t[0], t[1].cards))
        extra.append(options[0][1])
        if view.table is None:
            extra.append(options[-1][1])
    if view.table is None:
        segs = segments_of(view.hand)
        legal_plays = set(plays)
        for groups in (segs.pairs, segs.trips, segs.straights, segs.flushes):
            for g in groups[:1]:
                a = PlayCards(g)
                if a in legal_plays:
                    extra.append(a)
    if Draw() in legal:
        extra.append(Draw())
    piles = [a for a in legal if isinstance(a, TakeFromPile)]
    if piles:
        extra.append(max(piles, key=lambda a: a.card))
    if Pass() in legal:
        extra.append(Pass())
    return _first_distinct(out, extra)


def _first_distinct(out: list[Action], extra: Sequence[Action]) -> list[Action]:
    """``out`` followed by the actions of ``extra`` it lacks, at most
    :data:`MAX_CANDIDATES` in all (both candidate lists end this way)."""
    for x in extra:
        if x not in out and len(out) < MAX_CANDIDATES:
            out.append(x)
    return out


@dataclass(frozen=True, slots=True)
class CandidateResult:
    """One candidate's playouts: how many, the wins (draws count ½) and its interval."""

    action: Action
    playouts: int
    wins: float

    @property
    def rate(self) -> Interval:
        """The win rate with its 95% Wilson interval."""
        return wilson(self.wins, self.playouts)


@dataclass(frozen=True, slots=True)
class RecordRead:
    """What reading the record found (:class:`~wpp.warpairs.ai.reading.Reading`): the
    opponent's recorded choices that weighed the deals, the deals carried and their effective
    sample, how many different hands of the opponent they hold, the share of uniform re-deals
    the record leaves effective, how far the tempering got, and what the opponent looks like."""

    decisions: int
    deals: int
    ess: float
    hands: int
    uniform_share: float
    power: float
    opponent: str
    opponent_probability: float
    kind: str
    rate: float
    #: The opponent's hands in the weighted deals, each with its weight (summing to 1).
    opponent_hands: tuple[tuple[tuple[Card, ...], float], ...] = ()


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A whole search: the candidates' results, the chosen action, the classic AI's, and —
    when they differ — one world in which the chosen action won and the classic's lost
    (its playout, for the explanation)."""

    results: tuple[CandidateResult, ...]
    chosen: Action
    classic: Action
    worlds: int
    sample: tuple[tuple[int, Action], ...] = ()
    sample_classic: tuple[tuple[int, Action], ...] = ()
    #: Per candidate: in how many worlds it did better, and worse, than the classic choice.
    paired: tuple[tuple[int, int], ...] = ()
    #: How the worlds were drawn: "record" (deals consistent with everything the opponent
    #: did, :mod:`wpp.warpairs.ai.inference`), "uniform" (none found, or nothing to read yet) or
    #: "mulligan" (the mulligan's re-deals).
    worlds_from: str = "uniform"
    #: Replays of the game spent reading the record (0 when it was not read).
    checks: int = 0
    #: What reading the record found (``None`` when the worlds did not come from it).
    read: RecordRead | None = None


def _paired(per_world: list[tuple[GameState | None, list[float | None]]], i: int
            ) -> tuple[int, int]:
    """In how many worlds candidate ``i`` did better, and worse, than the classic choice
    (only the worlds where both were played)."""
    better = worse = 0
    for _, sc in per_world:
        x, y = sc[i], sc[0]
        if x is not None and y is not None:
            better += x > y
            worse += x < y
    return better, worse


def _beats_classic(per_world: list[tuple[GameState | None, list[float | None]]], i: int,
                   z: float) -> bool:
    """The sign test over the worlds: candidate ``i`` did better than the classic choice
    (candidate 0) in ``better`` worlds and worse in ``worse``; it wins the test when
    ``(better - worse) / sqrt(better + worse) >= z``."""
    better, worse = _paired(per_world, i)
    return better > worse and (better - worse) >= z * math.sqrt(better + worse)


def _trace(state: GameState, first: Action) -> tuple[tuple[int, Action], ...]:
    """The actions of one playout after ``first``, each with the player who chose it."""
    out = [(state.to_act, first)]
    s = step(state, first, narrate=False)[0]
    while s.phase is not _OVER:
        a = classic_decision(s.view(s.to_act), explain=False)[0]
        out.append((s.to_act, a))
        s = step(s, a, narrate=False)[0]
    return tuple(out)


def check_budgets(playouts: object, seconds: object, checks: object) -> None:
    """The search's budgets, the one place that bounds them (the agent's and :func:`search`'s):
    ``playouts`` 1 to :data:`MAX_PLAYOUTS`, ``seconds`` ``None`` or more than 0 and at most
    :data:`MAX_SECONDS`, ``checks`` 0 to :data:`MAX_CHECKS`; anything else (a float where a
    count goes, ``inf``, ``nan``, a bool) is a ``WppError`` naming it."""
    check_count(playouts, "the search AI's playouts", 1, MAX_PLAYOUTS)
    if seconds is not None:
        check_seconds(seconds, "the search AI's time budget", MAX_SECONDS)
    check_count(checks, "the search AI's replays for reading the record (checks)", 0,
                MAX_CHECKS)


def search(view: View, rng: random.Random, *, playouts: int = DEFAULT_PLAYOUTS,
           seconds: float | None = None, playout: Playout = classic_playout,
           trace: bool = False, z: float = SIGNIFICANCE, race: int | None = None,
           infer: bool = True, checks: int = DEFAULT_READING_CHECKS) -> SearchResult:
    """Search the candidates of ``view`` (see the module's docs).

    World after world, every candidate still in the race is played out (the classic AI's
    choice always is). A candidate leaves the race once it has had :data:`RACE_WORLDS`
    worlds without doing better than the classic choice in any, or when it does
    significantly worse; the race ends when ``playouts`` are spent (with ``seconds``: when
    that time is spent, after at least one world) or when no candidate is left against the
    classic choice. A candidate replaces the classic AI's choice only when it does better in
    significantly more worlds than it does worse (a sign test at ``z``); among several, the
    one with the largest margin.

    With ``infer`` (after the mulligan) the worlds are deals weighted by how likely the
    opponent's recorded choices were in each (:class:`~wpp.warpairs.ai.reading.Reading`, at
    most about ``checks`` replays of the game, and with ``seconds`` at most half the time);
    uniform re-deals when no deal replays the record legally. Budgets outside their bounds
    (:func:`check_budgets`) are a ``WppError``."""
    check_budgets(playouts, seconds, checks)
    classic = classic_decision(view, explain=False)[0]
    at_mulligan = view.phase is Phase.MULLIGAN
    cands = mulligan_candidates(view, classic) if at_mulligan else candidates(view, classic)
    if race is None:
        race = MULLIGAN_RACE_WORLDS if at_mulligan else RACE_WORLDS
    k = len(cands)
    if k == 1:
        return SearchResult((CandidateResult(classic, 0, 0.0),), classic, classic, 0)
    wins = [0.0] * k
    runs = [0] * k
    alive = list(range(k))
    n = spent = 0
    start = time.process_time()
    deadline = None if seconds is None else start + seconds
    reading: Reading | None = None
    spent_checks = 0
    if infer and not at_mulligan and Inference.applies(view):
        reading = Reading(view, random.Random(rng.getrandbits(64)))
        found = reading.run(checks, None if seconds is None else start + seconds / 2)
        spent_checks = reading.checks
        if not found:
            reading = None
    worlds_from = "mulligan" if at_mulligan else "uniform" if reading is None else "record"
    per_world: list[tuple[GameState | None, list[float | None]]] = []
    me = view.player
    while len(alive) > 1:
        if deadline is None:
            if spent + len(alive) > playouts and n:
                break
        elif n and time.process_time() >= deadline:
            break
        world = determinise(view, rng) if reading is None else reading.world(rng)
        scores: list[float | None] = [None] * k
        for i in alive:
            after = step(world, cands[i], narrate=False)[0]
            final = after if after.phase is _OVER else playout(after)
            sc = _score(final, me)
            wins[i] += sc
            runs[i] += 1
            scores[i] = sc
        spent += len(alive)
        per_world.append((world if trace else None, scores))
        n += 1
        alive = [i for i in alive if i == 0 or _in_race(per_world, i, runs[i], z, race)]
    results = tuple(CandidateResult(a, r, w) for a, r, w in zip(cands, runs, wins, strict=True))
    paired = tuple(_paired(per_world, i) for i in range(k))
    best = 0
    for i in range(1, k):
        if _beats_classic(per_world, i, z) and (best == 0 or paired[i][0] - paired[i][1] >
                                                 paired[best][0] - paired[best][1]):
            best = i
    chosen = cands[best]
    sample: tuple[tuple[int, Action], ...] = ()
    sample_classic: tuple[tuple[int, Action], ...] = ()
    if trace and best != 0:
        for w, wsc in per_world:
            x, y = wsc[best], wsc[0]
            if w is not None and x is not None and y is not None and x > y:
                sample = _trace(w, chosen)
                sample_classic = _trace(w, classic)
                break
    return SearchResult(results, chosen, classic, n, sample, sample_classic, paired,
                        worlds_from, spent_checks,
                        None if reading is None else _read_of(reading))


def _read_of(reading: Reading) -> RecordRead:
    o = reading.opponent()
    top = max(reading.logw)
    weights: dict[tuple[Card, ...], float] = {}
    for s, lw in zip(reading.finals, reading.logw, strict=True):
        if s is not None and lw > -math.inf:
            hand = s.hands[reading.other]
            weights[hand] = weights.get(hand, 0.0) + math.exp(lw - top)
    total = sum(weights.values())
    hands = tuple(sorted(((h, w / total) for h, w in weights.items()), key=lambda t: -t[1]))
    return RecordRead(reading.decisions, reading.m, reading.ess, len(hands),
                      reading.uniform_share, reading.beta, o.describe(), o.probability,
                      o.kind, o.rate, hands)


def review_values(view: View, rng: random.Random, worlds: int, must: Sequence[Action] = (),
                  policy: Policy | None = None) -> list[ActionValue]:
    """WarPairsPoker's evaluator for the game review (:mod:`wpp.core.review`): the search's
    candidates (:func:`candidates`, at the mulligan :func:`mulligan_candidates`) and the
    actions of ``must`` (the one played), each played in the same ``worlds`` deals of the
    cards the player cannot see (:func:`determinise`: uniform, from the view alone — the
    review judges what the player could know, so no reading of the record) and finished by
    the classic AI for both seats (:func:`classic_playout`) or by ``policy``: each one's win
    chance, draws counting half, with its Wilson interval. The worlds are the same for every
    action and do not depend on which are compared."""
    classic = classic_decision(view, explain=False)[0]
    cands = (mulligan_candidates(view, classic) if view.phase is Phase.MULLIGAN
             else candidates(view, classic))
    cands += [a for a in must if a not in cands]
    return played_values(view, rng, worlds, cands, policy)


def played_values(view: View, rng: random.Random, worlds: int, actions: Sequence[Action],
                  policy: Policy | None = None) -> list[ActionValue]:
    """The values of exactly ``actions``, as :func:`review_values` gets them: each played in
    the same ``worlds`` uniform deals of the cards the player cannot see, finished by the
    classic AI for both seats or by ``policy`` (the review's second look)."""
    cands = list(actions)
    seeds = [rng.getrandbits(64) for _ in range(worlds)]
    outcomes: list[list[float]] = [[] for _ in cands]
    me = view.player
    for seed in seeds:
        world = determinise(view, random.Random(seed))
        for i, action in enumerate(cands):
            s = step(world, action, narrate=False)[0]
            if policy is None:
                s = s if s.phase is _OVER else classic_playout(s)
            else:
                play = random.Random(seed ^ 0x5DEECE66D)
                while s.phase is not _OVER:
                    s = step(s, policy(s, play), narrate=False)[0]
            outcomes[i].append(_score(s, me))
    return [WARPAIRS.value_of(a, o) for a, o in zip(cands, outcomes, strict=True)]


def _in_race(per_world: list[tuple[GameState | None, list[float | None]]], i: int, runs: int,
             z: float, race: int = RACE_WORLDS) -> bool:
    """Does candidate ``i`` stay in the race? Not once it has had ``race`` worlds
    (:data:`RACE_WORLDS`, :data:`MULLIGAN_RACE_WORLDS` at the mulligan) without ever doing
    better than the classic choice, nor when it does significantly worse."""
    better, worse = _paired(per_world, i)
    if runs >= race and better == 0:
        return False
    return not (worse > better and worse - better >= z * math.sqrt(better + worse))


def _action_cell(a: Action) -> Cell:
    if isinstance(a, PlayCards | Mulligan):
        return a.cards
    if isinstance(a, TakeFromPile):
        return words("take ", Ref((a.card,)))
    return str(a)


def _sample_rows(trace: tuple[tuple[int, Action], ...], me: int) -> list[tuple[Cell, ...]]:
    return [(i + 1, "this side" if p == me else "the other side", _action_cell(a))
            for i, (p, a) in enumerate(trace)]


def _in_100(chance: float) -> int:
    """A chance as a whole number of times in 100."""
    return round(chance * 100)


def _give_or_take(iv: Interval) -> int:
    """How far, in times in 100, the true chance may lie from the estimate: half the width
    of its 95% interval ("wins about 75 in 100, give or take 7")."""
    return max(1, round((iv.high - iv.low) * 50))


#: The search's explanation's title: what it does, in a newcomer's words.
TITLE: Final = "Tries each move in practice games"


def explain_search(view: View, r: SearchResult, budget: str) -> Explanation:
    """The search as an explanation: the candidates' table, the chosen one, and where it
    disagrees with the classic AI, one sample playout of each."""
    rows: list[tuple[Cell, ...]] = []
    for i, c in enumerate(r.results):
        iv = c.rate
        better, worse = r.paired[i] if r.paired else (0, 0)
        rows.append((_action_cell(c.action), c.playouts, c.wins,
                     f"{_in_100(iv.estimate)} in 100" if c.playouts else "—",
                     f"{_give_or_take(iv)}" if c.playouts else "—",
                     "—" if i == 0 else f"better {better}, worse {worse}"))
    chosen_row = next(i for i, c in enumerate(r.results) if c.action == r.chosen)
    situation = Step("The situation", view.hand, ("fact", "value"), [
        ("stage", view.phase.value),
        ("table", view.table.cards if view.table is not None
         else "— (before the first trick)" if view.phase is Phase.MULLIGAN
         else "empty: a fresh trick"),
        ("my cards", len(view.hand)), ("opponent's cards", view.opponent_hand_size),
        ("deck", view.deck_size), ("pile", view.pile)], id="situation")
    steps = [situation]
    if r.worlds == 0:
        steps.append(Step("Only one sensible action", view.hand,
                          verdict=words("nothing to search: ", _summary(r.chosen)),
                          id="search.candidates"))
        return Explanation(TITLE, steps, _cards(r.chosen), _summary(r.chosen))
    chosen = r.results[chosen_row]
    steps.append(Step(
        f"Tried each move in up to {r.worlds} practice games played out to the end, the "
        f"cards you cannot see dealt anew each time ({budget})", view.hand,
        ("move", "games", "wins", "wins about", "give or take", "against the club player's"),
        rows,
        verdict=words("chosen: ", _summary(r.chosen), f": wins about "
                      f"{_in_100(chosen.rate.estimate)} in 100 (give or take "
                      f"{_give_or_take(chosen.rate)})"),
        highlight=_cards(r.chosen), chosen_row=chosen_row, id="search.candidates",
        notes=(_worlds_note(r),
               "each practice game is finished by both sides playing as the club player "
               "would, each from the cards it can see; a draw counts half",
               "a move that keeps doing worse is dropped early; against the club player's: "
               "in how many of the same deals the move did better and worse than the club "
               "player's own move, which it overrules only when the move is clearly better "
               "more often")))
    classic = next(c for c in r.results if c.action == r.classic)
    if r.chosen == r.classic:
        top = max(r.results, key=lambda c: c.wins)
        verdict: Text = words("the club player would also ", _summary(r.classic))
        if top.wins > classic.wins:
            verdict = words(verdict, "; ", _summary(top.action), " won more practice games, "
                            "but not clearly more often: the club player's move stands")
        steps.append(Step("The club player agrees", view.hand, verdict=verdict,
                          id="search.classic"))
    else:
        better, worse = r.paired[chosen_row]
        verdict = words("the club player would ", _summary(r.classic), " (wins about "
                        f"{_in_100(classic.rate.estimate)} in 100); ", _summary(r.chosen),
                        f" did better in {better} of the same deals and worse in {worse}: "
                        "clearly better")
        steps.append(Step("Where it differs from the club player", view.hand,
                          verdict=verdict, id="search.classic"))
        if r.sample:
            steps.append(Step("One practice game where it matters: this move",
                              view.hand, ("#", "who", "move"),
                              _sample_rows(r.sample, view.player),
                              verdict="this side wins this practice game",
                              id="search.sample"))
            steps.append(Step("… and the club player's move in the same deal", view.hand,
                              ("#", "who", "move"), _sample_rows(r.sample_classic, view.player),
                              verdict="this side loses this practice game",
                              id="search.sample_classic"))
    return Explanation(TITLE, steps, _cards(r.chosen), _summary(r.chosen))


def _worlds_note(r: SearchResult) -> str:
    """Where the worlds came from, in words."""
    if r.worlds_from == "record" and r.read is not None:
        x = r.read
        choices = f"{x.decisions} choice" + ("" if x.decisions == 1 else "s")
        return (f"the practice deals are {x.deals} deals of the cards you cannot see, each "
                f"counted by how well it explains the opponent's {choices} so far (its "
                f"mulligan, plays, draws, pile cards); the opponent plays like "
                f"{x.opponent} ({x.opponent_probability:.0%} likely)")
    if r.worlds_from == "mulligan":
        return ("the practice deals give the opponent 16 of the cards you cannot see; if it "
                "has already chosen its mulligan, it chose as the club player would")
    if r.checks:
        return (f"the practice deals are any deal of the cards you cannot see: none of "
                f"{r.checks} tries fitted the opponent's choices so far")
    return "the practice deals are any deal of the cards you cannot see, each as likely"


def _cards(a: Action) -> tuple[Card, ...]:
    return a.cards if isinstance(a, PlayCards | Mulligan) else ()


def _summary(a: Action) -> Text:
    if isinstance(a, PlayCards):
        return Words(("play ", Ref(a.cards)))
    if isinstance(a, TakeFromPile):
        return words("take ", Ref((a.card,)), " from the pile")
    if isinstance(a, Mulligan):
        return Words(("put ", Ref(a.cards), " in the pile"))
    return {"Draw": "draw from the deck", "Stop": "stop drawing", "Redraw": "re-draw",
            "Pass": "pass the lead"}.get(type(a).__name__, str(a))


class SearchAgent:
    """Determinised Monte Carlo search (see the module's docs).

    ``playouts`` is the budget per decision (deterministic for a ``seed``); ``seconds``, if
    given, replaces it with a budget of CPU seconds (then the choice depends on the machine's
    speed). ``search_mulligan=False`` leaves the mulligan to the classic AI. ``checks`` is
    about how many replays of the game it may spend reading the record
    (:mod:`wpp.warpairs.ai.reading`); ``0`` draws uniform worlds, as a plain determinised
    search.
    Bounds: ``playouts`` 1 to :data:`MAX_PLAYOUTS` (10,000), ``seconds`` more than 0 and
    at most :data:`MAX_SECONDS` (600), ``checks`` 0 to :data:`MAX_CHECKS` (100,000); a value
    outside them is a ``WppError`` naming it.
    """

    name = "search"

    def __init__(self, seed: int | None = 0, playouts: int = DEFAULT_PLAYOUTS,
                 seconds: float | None = None, playout: Playout = classic_playout,
                 search_mulligan: bool = True, checks: int = DEFAULT_READING_CHECKS
                 ) -> None:
        check_budgets(playouts, seconds, checks)
        self.seed = 0 if seed is None else seed
        self.checks = checks
        self.playouts = playouts
        self.seconds = seconds
        self.playout = playout
        self.search_mulligan = search_mulligan

    def _rng(self, view: View) -> random.Random:
        # One stream per decision, from the seed and public facts only: the same view gives
        # the same choice whatever was asked before (choose and decide agree).
        return random.Random(f"search/{self.seed}/{view.player}/{view.actions}/"
                             f"{format_cards(view.hand, ascii=True)}")

    def _search(self, view: View, trace: bool) -> SearchResult:
        return search(view, self._rng(view), playouts=self.playouts, seconds=self.seconds,
                      playout=self.playout, trace=trace, infer=self.checks > 0,
                      checks=self.checks)

    def result(self, view: View) -> SearchResult:
        """The whole search of this decision (what :meth:`choose` plays is its ``chosen``;
        at the mulligan without ``search_mulligan``, a search all the same): for analyses
        and benchmarks that look at the worlds and the reading."""
        view = require_view(view, View, "search")
        return self._search(view, False)

    def choose(self, view: View) -> Action:
        """The action alone (no explanation is built)."""
        view = require_view(view, View, "search")
        if view.phase is Phase.MULLIGAN and not self.search_mulligan:
            return classic_decision(view, explain=False)[0]
        return self._search(view, False).chosen

    def decide(self, view: View) -> Decision:
        """The action, with the candidates' win rates and where it differs from the classic."""
        view = require_view(view, View, "search")
        if view.phase is Phase.MULLIGAN and not self.search_mulligan:
            action, e = classic_decision(view, explain=True)
            assert e is not None
            return Decision(action, Explanation(
                str(e.title).replace(SPEAKER, "The club player's mulligan"),
                e.steps, e.choice, e.summary))
        r = self._search(view, True)
        budget = (f"thinking {self.seconds:g} s per move" if self.seconds is not None
                  else f"{self.playouts} practice games in all")
        return Decision(r.chosen, explain_search(view, r, budget))

    def __repr__(self) -> str:
        return (f"SearchAgent(seed={self.seed}, playouts={self.playouts}, "
                f"seconds={self.seconds}, checks={self.checks})")
