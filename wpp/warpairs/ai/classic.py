"""The classic AI as an agent: ``ClassicAgent`` plays any seat from the player's view alone.

Each decision follows the game's description, section 6:

* **mulligan** (6.1) — :mod:`wpp.warpairs.ai.mulligan`;
* **lead or answer** — segment the hand (6.2, :mod:`wpp.warpairs.ai.segment`), then go down the
  decision list (6.3, 6.32, :mod:`wpp.warpairs.ai.decide`); when it finds nothing, draw;
* **drawing** (6.31, :mod:`wpp.warpairs.ai.drawing`) — deck or pile; after the first card, stop or
  draw a second; after two, re-draw or stop.

Guarantees:

* Every action returned is one of ``view.legal_actions()``. Plays are checked with the
  engine's judge as they are chosen; should a heuristic ever produce something the engine
  refuses, the AI falls back to the lowest legal answer (or a draw) and says so in the
  explanation.
* The decision depends only on the view (never on hidden cards) and is deterministic.
* ``decide`` returns the :class:`~wpp.core.explain.Explanation` of every step; ``choose`` (used
  by fast simulations) computes the same action without building it.
"""

from __future__ import annotations

from wpp.core.agents import Decision, require_view
from wpp.core.explain import Cell, Explanation, Ref, Step, Text, Words, words
from wpp.core.standard_deck import Card
from wpp.warpairs.actions import Action, Draw, Mulligan, PlayCards, TakeFromPile
from wpp.warpairs.ai.decide import Context, PlayPlan, describe_play, plan_play
from wpp.warpairs.ai.drawing import (
    _limit_reached,
    after_first_card,
    after_second_card,
    deck_or_pile,
)
from wpp.warpairs.ai.mulligan import mulligan, mulligan_cards
from wpp.warpairs.ai.segment import analyse, segment_steps
from wpp.warpairs.judge import Verdict, judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.moves import all_plays, answers
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.plays import IllegalPlay
from wpp.warpairs.view import View

__all__ = ["SPEAKER", "ClassicAgent", "classic_decision"]

#: Who speaks in the classic AI's explanations: the name its game's pages give it (the
#: ladder's reference level, "Club player"), so a Hint reads as the page names its AI.
SPEAKER = "Club player"


def _check(view: View, cards: tuple[Card, ...]) -> Verdict:
    """The engine's verdict on playing ``cards`` now; its ``reason`` says why (or why not)."""
    held = set(view.hand)
    if any(c not in held for c in cards):
        return Verdict(False, "the AI does not hold all of these cards", "")
    try:
        play = classify(cards, view.rules)
    except IllegalPlay as err:
        return Verdict(False, str(err), err.rule or "")
    return judge(play, view.table)


def _situation(view: View) -> Step:
    me = player_name(view.player)
    table = view.table
    shown = Ref(table.shown) if table else None  # one reference, named twice below
    limit = view.rules.hand_limit
    rows: list[tuple[Cell, ...]] = [
        ("phase", view.phase.value),
        ("table", Words((shown, " — ", Ref(table.cards, table.describe())))
         if table and shown else "empty: a fresh trick"),
        ("my cards", len(view.hand)),
        ("opponent's cards", view.opponent_hand_size),
        ("deck", view.deck_size),
        ("pile", view.pile),
        ("my re-draw", "used" if view.redraw_used[view.player] else "unused"),
        ("hand limit", limit if limit is not None else "none"),
    ]
    verdict: Text
    if view.phase is Phase.LEAD:
        verdict = f"{me} leads a fresh trick: any kind of play" + (
            " (the lead was passed: no pass back)" if view.passed else "")
    elif view.phase is Phase.ANSWER and table is not None and shown is not None:
        verdict = Words((f"{me} must beat ", shown, f" with {table.mode.plays}, or draw"))
    else:
        verdict = Words((f"{me} has drawn ", Ref(view.drawn), " this turn"))
    return Step("The situation", view.hand, ("fact", "value"), rows, verdict=verdict,
                id="situation")


def _draw_loses(view: View) -> bool:
    return view.phase is Phase.ANSWER and _limit_reached(view, 1)


def _fallback(view: View) -> tuple[Card, ...] | None:
    """The lowest legal play (None at an answer with nothing legal: draw)."""
    plays = all_plays(view.hand, view.rules) if view.table is None else answers(
        view.hand, view.table, view.rules)
    if not plays:
        return None
    return min(plays, key=lambda p: (p.mode, p.category, p.order)).cards


def classic_decision(view: View, *, explain: bool = True, use_pile: bool = True
                     ) -> tuple[Action, Explanation | None]:
    """The classic AI's action for this view, with its explanation when ``explain``."""
    if not view.my_turn:
        raise ValueError("it is not this player's turn; there is nothing to decide")
    me = player_name(view.player)
    phase = view.phase
    if phase is Phase.MULLIGAN:
        if not explain:
            return Mulligan(mulligan_cards(view.hand)), None
        cards, e = mulligan(view.hand)
        return Mulligan(cards), Explanation(f"{SPEAKER} — {me}'s mulligan", e.steps, cards,
                                            e.summary)
    if phase is Phase.DRAWING:
        choice = after_first_card(view) if view.drawn_count == 1 else after_second_card(view)
        if not explain:
            return choice.action, None
        return choice.action, Explanation(
            f"{SPEAKER} — {me} is drawing", [_situation(view), choice.step],
            view.drawn, str(choice.action))
    # LEAD or ANSWER: segment, then the decision list.
    a = analyse(view.hand, record=explain)
    plan: PlayPlan = plan_play(Context(view.hand, a.segments, view.table,
                                       view.opponent_hand_size, view.rules,
                                       _draw_loses(view)))
    action: Action
    steps: list[Step] = []
    if explain:
        steps.append(_situation(view))
        steps.extend(segment_steps(a))
        rows: list[tuple[Cell, ...]] = [(i + 1, item, cards, outcome)
                                        for i, (item, cards, outcome) in enumerate(plan.rows)]
        mode = ("leading: the whole list" if view.table is None else
                f"answering with {view.table.mode.plays}: only the items for them")
        steps.append(Step(f"The decision list (6.3), {mode}", view.hand,
                          ("#", "item", "cards", "outcome"), rows, verdict=plan.reason,
                          highlight=plan.cards or (), chosen_row=plan.decided, id="decide.list",
                          row_ids=plan.row_ids))
    if plan.cards is not None:
        cards = plan.cards
        verdict = _check(view, cards)
        notes: tuple[Text, ...] = ()
        if not verdict.legal:  # the list only returns judged plays; this is a safety net
            fb = _fallback(view)
            notes = (words("the list chose ", Ref(cards), ", which the engine refuses: ",
                           Ref(cards, verdict.reason), "; ",
                           "the lowest legal play is chosen instead" if fb
                           else "nothing is legal, so the AI draws"),)
            if fb is None:
                steps.append(Step("Is it legal?", cards, verdict="no: draw instead",
                                  notes=notes, id="decide.legal", rule=verdict.rule or None))
                return _draw(view, explain, steps, use_pile, me)
            cards = fb
            verdict = judge(classify(cards, view.rules), view.table)
        # Judged legal above, so distinct cards of the hand: the action without re-reading
        # them (PlayCards() parses its input as it would a player's).
        action = PlayCards.of_sorted(tuple(sorted(cards)))
        if not explain:
            return action, None
        table_cards = view.table.cards if view.table is not None else ()
        steps.append(Step("Is it legal?", cards, verdict=Words((Ref(
            tuple(dict.fromkeys((*cards, *table_cards))), verdict.reason),)), highlight=cards,
            notes=notes, id="decide.legal", rule=verdict.rule or None))
        summary = Words(("play ", *describe_play(cards, view.rules).parts))
        return action, Explanation(f"{SPEAKER} — {me} " + (
            "leads" if view.table is None else "answers"), steps, cards, summary)
    return _draw(view, explain, steps, use_pile, me)


def _draw(view: View, explain: bool, steps: list[Step], use_pile: bool, me: str
          ) -> tuple[Action, Explanation | None]:
    choice = deck_or_pile(view, use_pile)
    if not explain:
        return choice.action, None
    steps.append(choice.step)
    summary: Text = "draw a card from the deck" if choice.action == Draw() else (
        words("take ", Ref((choice.action.card,)), " from the pile")
        if isinstance(choice.action, TakeFromPile) else str(choice.action))
    return choice.action, Explanation(f"{SPEAKER} — {me} answers", steps, (), summary)


class ClassicAgent:
    """The classic AI of the game's description (section 6), corrected and explained.

    ``use_pile`` (default on) lets it take a good face-up pile card instead of drawing
    blind; off, it never takes pile cards unless it must, as the original program.
    """

    name = "classic"

    def __init__(self, use_pile: bool = True) -> None:
        self.use_pile = use_pile

    def choose(self, view: View) -> Action:
        """The action alone (the simulation fast path: no explanation is built)."""
        view = require_view(view, View, "classic")
        return classic_decision(view, explain=False, use_pile=self.use_pile)[0]

    def decide(self, view: View) -> Decision:
        """The action and the explanation of every step that led to it."""
        view = require_view(view, View, "classic")
        action, e = classic_decision(view, explain=True, use_pile=self.use_pile)
        assert e is not None
        return Decision(action, e)

    def __repr__(self) -> str:
        return f"ClassicAgent(use_pile={self.use_pile})"
