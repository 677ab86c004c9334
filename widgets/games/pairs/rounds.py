"""Pairs' rounds as a player sees them end, and its result in a few words, for the board.

A round of Pairs ends the moment someone pairs or folds: the stacks go to the discards and the
next round is dealt in the same move, so the table never shows the cards that ended it. The
board keeps them on screen instead: :func:`rounds_over` reads, from the game's history and
through ``viewer``'s views only, every round that ended since ``viewer`` last moved — each
seat's stack as the round ended, the card the ending hit drew, and what each seat scored — and
:func:`round_html` draws one. Everything here is face up in Pairs (the deck and the burned
cards, which nobody sees, are never read).

:func:`outcome_words` says a finished game's result in one glance (the engine's ``outcome``
says the same at length, for the log and the save files).

>>> import wpp
>>> g = wpp.new_game("pairs", seed=4, players=3)
>>> while g.states[-1].round == 1: _ = g.apply(g.legal_actions()[0])
>>> [r.round for r in rounds_over(g, viewer=1)], rounds_over(g, 1)[0].mover
([1], 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from widgets.games.pairs.faces import cards_row
from wpp.core.history import History, seat_name
from wpp.pairs.cards import Card
from wpp.pairs.game import standings
from wpp.pairs.state import HIT, PairsAction, PairsView

__all__ = ["RoundOver", "outcome_words", "round_html", "rounds_over"]


@dataclass(frozen=True, slots=True)
class RoundOver:
    """One round as it ended: ``index`` the move that ended it, made by ``mover``."""

    index: int
    round: int
    mover: int
    action: PairsAction
    #: Each seat's stack just before the ending move.
    stacks: tuple[tuple[Card, ...], ...]
    #: What each seat scored by the ending move (the pair's card, the folded-for card).
    scored: tuple[tuple[Card, ...], ...]


def rounds_over(history: History[Any, Any], viewer: int, upto: int | None = None
                ) -> list[RoundOver]:
    """The rounds that ended among the first ``upto`` moves (all: ``None``) since
    ``viewer``'s own last move among them, oldest first — read from ``viewer``'s views."""
    game, states, events = history.game, history.states, history.events
    end = len(history.actions) if upto is None else max(0, min(upto, len(history.actions)))
    start = 0
    for i in range(end - 1, -1, -1):
        if events[i].player == viewer:
            start = i
            break
    out: list[RoundOver] = []
    for i in range(start, end):
        before: PairsView = game.view(states[i], viewer)
        after: PairsView = game.view(states[i + 1], viewer)
        scored = tuple(tuple(sorted((Counter(after.scores[s]) - Counter(before.scores[s]))
                                    .elements()))
                       for s in range(before.players))
        if after.round != before.round or after.over or any(scored):
            out.append(RoundOver(i, before.round, events[i].player, history.actions[i],
                                 tuple(before.hands), scored))
    return out


def _points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def round_words(r: RoundOver, names: Sequence[str]) -> str:
    """How round ``r`` ended, in a line: "P2 hit a 9, a pair: P2 scores 9"."""
    who = names[r.mover]
    got = sum(int(c) for c in r.scored[r.mover])
    if r.action is HIT:
        card = r.scored[r.mover][0] if r.scored[r.mover] else None
        drew = f"drew {'an' if card is not None and int(card) == 8 else 'a'} {card}, a pair" \
            if card is not None else "hit"
        return f"{who} {drew}: scores {got}"
    taken = r.scored[r.mover][0] if r.scored[r.mover] else None
    owners = [s for s, stack in enumerate(r.stacks) if taken in stack]
    took = ("the lowest card" if taken is None or len(owners) != 1 else
            f"the {taken} from their own stack" if owners == [r.mover] else
            f"the {taken} from {names[owners[0]]}'s stack")
    return f"{who} folded and took {took}: scores {got}"


def round_html(r: RoundOver, names: Sequence[str], last: bool = True) -> str:
    """Round ``r`` drawn as a summary of the past (the next round is already being played):
    "Last round (round 2): …" (``last``; else "Round 1: …"), then each seat's stack as it
    ended (the ending hit's card beside the mover's) and what each scored."""
    rows = []
    for s, stack in enumerate(r.stacks):
        cards = list(stack)
        extra = ""
        if s == r.mover and r.action is HIT and r.scored[s]:
            extra = (f' <span class="wpp-pdrew">+ drew</span> '
                     f"{cards_row(r.scored[s][:1], small=True)}")
        got = sum(int(c) for c in r.scored[s])
        rows.append(f"<tr><td><b>{escape(names[s])}</b></td>"
                    f"<td>{cards_row(cards, small=True)}{extra}</td>"
                    f"<td>{'+' + str(got) if got else '—'}</td></tr>")
    head = f"Last round (round {r.round})" if last else f"Round {r.round}"
    return (f'<div class="wpp-pround-one"><b>{head}</b>: '
            f"{escape(round_words(r, names))}.<table>{''.join(rows)}</table></div>")


def outcome_words(view: PairsView, names: Sequence[str] | None = None) -> str:
    """A finished game in one glance: who reached the target, then the places
    ("P3 reached the target 21 with 25 points and loses. Lowest score wins: 1st P1: 0 ·
    …"), or with the rule sheet's only-loser rule, everyone else winning.

    >>> import wpp
    >>> g = wpp.new_game("pairs", seed=4, players=3)
    >>> while not g.is_over: _ = g.apply(g.legal_actions()[0])
    >>> for line in outcome_words(g.view(0)).split(". "): print(line)
    P3 reached the target 21 with 25 points and loses
    Lowest score wins: 1st P1: 0 · 2nd P2: 13 · 3rd P3: 25.
    """
    totals = view.totals
    who = list(names) if names is not None else [seat_name(s) for s in range(view.players)]
    loser = max(range(view.players), key=lambda s: totals[s])
    head = (f"{who[loser]} reached the target {view.target} with {_points(totals[loser])} "
            "and loses.")
    if view.rules.only_loser:
        rest = " · ".join(f"{who[s]}: {totals[s]}" for s in range(view.players) if s != loser)
        return f"{head} Everyone else wins: {rest}."
    order = standings(totals)
    seats = sorted(range(view.players), key=lambda s: (order[s], s))
    places = " · ".join(f"{_ordinal(order[s])} {who[s]}: {totals[s]}" for s in seats)
    return f"{head} Lowest score wins: {places}."


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n, "th")
    return f"{n}{suffix}"
