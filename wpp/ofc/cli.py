"""pyOFC's command line in the kit: ``python -m wpp ofc play [-f SECONDS] [-o SECONDS] [-e]``
(plus ``--seed``, ``--passes``, ``--rule``).

You (P1) play against pyOFC's AI, hand after hand. In your turn each card to place is shown
and you type ``1`` (top), ``2`` (middle) or ``3`` (bottom); ``x`` then a row number takes the
cards of this placement back off that row; when every card has a row, ``y`` confirms and
``n`` starts the placement again. The AI's placements are printed, explained with ``-e``;
after each hand the scoring row by row and the session's score, then another hand (``y``)
or quit (``n``). A key that means nothing here is asked again. As in pyOFC, the first mover
alternates (you open the even-numbered hands), the AI thinks ``-f`` seconds (default 5) in
the 5-card round and ``-o`` (default 3) in the others — CPU seconds here — unless
``--passes N`` fixes its number of passes (reproducible with ``--seed``).

The registration module (:mod:`wpp.ofc.registration`) hands :data:`PLAY` to the generic command
line, which gives it the ``play`` command: with ``--agents``, or when the input is not a
terminal, ``play`` prints a game between agents as every game's does.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from wpp.core.cli_args import whole_number
from wpp.core.errors import WppError
from wpp.core.history import History
from wpp.core.registry import make_agent, new_game
from wpp.core.seeds import secret_seed
from wpp.core.standard_deck import Card, format_cards
from wpp.ofc.board import ROW_SIZES, ROWS, Board
from wpp.ofc.game import MAX_HANDS, MAX_PASSES, MAX_SECONDS, OfcDef, OfcEvent, Place

__all__ = ["PLAY", "OfcPlay", "TerminalGame", "seconds"]

HUMAN = 0
AI_SEAT = 1


def seconds(text: str) -> float:
    """An argument type: seconds, more than 0 and at most 600 (:data:`MAX_SECONDS`)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be seconds (a number), not {text!r}") from None
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most 600 seconds, not "
                                         f"{text!r}")
    return value


def show_board(board: Board, name: str) -> list[str]:
    """A board as three lines, with its empty slots."""
    lines = [f"{name}:"]
    for i, row in enumerate(ROWS):
        cards = format_cards(board[i])
        empty = " ".join("__" for _ in range(ROW_SIZES[i] - len(board[i])))
        lines.append(f"  {i + 1} {row:<6} {' '.join(x for x in (cards, empty) if x)}")
    return lines


class TerminalGame:
    """The interactive session, reading keys with ``read(prompt)`` and writing lines with
    ``write(text)`` (``input``/``print`` in a terminal)."""

    def __init__(self, history: History[Any, Any], ai: Any, explain: bool,
                 read: Callable[[str], str], write: Callable[[str], None]) -> None:
        self.history = history
        self.ai = ai
        self.explain = explain
        self.read = read
        self.write = write

    def ask(self, prompt: str, keys: str) -> str:
        """One of ``keys`` typed by the player (asked again until it is)."""
        while True:
            answer = self.read(prompt).strip().lower()
            if len(answer) == 1 and answer in keys:
                return answer
            self.write(f"Please type one of {', '.join(keys)}.")

    def place(self, board: Board, cards: tuple[Card, ...]) -> Place:
        """The player's placement of ``cards``, card by card, confirmed."""
        while True:
            rows: list[list[Card]] = [[], [], []]
            todo = list(cards)
            while todo:
                card = todo[0]
                trial = tuple(board[i] + tuple(rows[i]) for i in range(3))
                self.write("\n".join(show_board(trial, "Your board")))  # type: ignore[arg-type]
                key = self.ask(f"Place {card}: 1 top, 2 middle, 3 bottom, x reset a row > ",
                               "123x")
                if key == "x":
                    row = int(self.ask("Reset which row? 1, 2 or 3 > ", "123")) - 1
                    todo = rows[row] + todo
                    rows[row] = []
                    continue
                r = int(key) - 1
                if len(board[r]) + len(rows[r]) >= ROW_SIZES[r]:
                    self.write(f"The {ROWS[r]} row is full; choose another.")
                    continue
                rows[r].append(todo.pop(0))
            placement = Place(tuple(rows[0]), tuple(rows[1]), tuple(rows[2]))
            self.write(f"You {placement}.")
            if self.ask("Confirm? y/n > ", "yn") == "y":
                return placement

    def play(self) -> int:
        """Hands until the player stops; 0 at the end."""
        g = self.history
        while True:
            hand = g.state.hand
            self.write(f"\n=== Hand {hand + 1}: "
                       f"{'you move' if g.state.first == HUMAN else 'the computer moves'} "
                       "first ===")
            event: OfcEvent | None = None
            while g.state.hand == hand and not g.is_over:
                p = g.to_act
                view = g.view(p)
                if p == HUMAN:
                    self.write("\n" + "\n".join(show_board(view.boards[AI_SEAT], "Computer")))
                    self.write(f"Your cards: {format_cards(view.to_place)}")
                    action = self.place(view.board, view.to_place)
                elif self.explain:
                    decision = self.ai.decide(view)
                    action = decision.action
                    self.write("      " + str(decision.explanation).replace("\n", "\n      "))
                else:
                    action = self.ai.choose(view)
                if p != HUMAN:
                    self.write(f"Computer {action}.")
                applied = g.apply(action)
                assert isinstance(applied, OfcEvent)
                event = applied
            if event is None or event.score is None:  # pragma: no cover - a hand always ends
                return 1
            boards = tuple(s.board for s in event.score.seats)
            self.write("\n" + "\n".join(show_board(boards[HUMAN], "Your board")
                                        + show_board(boards[AI_SEAT], "Computer")))
            self.write("\n".join(event.score.lines(["You", "Computer"])))
            you, them = g.state.totals
            self.write(f"Hand {hand + 1}: you {event.score.points[HUMAN]:+d}. "
                       f"Session: you {you:+d}, computer {them:+d}.")
            if g.is_over or self.ask("Another hand? y/n > ", "yn") == "n":
                self.write(f"Final score after {hand + 1} hand{'s' if hand else ''}: "
                           f"you {you:+d}.")
                return 0


class OfcPlay:
    """The ``play`` command the generic command line takes from :mod:`wpp.ofc.registration`."""

    def add_arguments(self, p: argparse.ArgumentParser) -> None:
        """pyOFC's flags, beside the generic ``play``'s."""
        p.add_argument("-e", dest="explain", action="store_true",
                       help="explain the computer's placements (as --explain)")
        p.add_argument("-f", "--fivecardtime", type=seconds, default=5.0,
                       help="the computer's CPU seconds for the 5-card round (default 5)")
        p.add_argument("-o", "--onecardtime", type=seconds, default=3.0,
                       help="the computer's CPU seconds for a 1-card round (default 3)")
        p.add_argument("--passes", type=whole_number(1, MAX_PASSES), default=None,
                       help="a fixed number of passes instead of the time budgets (at most "
                       f"{MAX_PASSES:,})")

    def run(self, args: argparse.Namespace, fallback: Callable[[argparse.Namespace], int]
            ) -> int:
        """Play against the computer in a terminal; else the generic ``play``."""
        if args.agents is not None or not sys.stdin.isatty():
            return fallback(args)
        typed = args.seed is not None
        if not typed:  # the deck order is hidden from the player: nobody may know it
            args.seed = secret_seed()
        flags = dict(args.rule)
        try:
            if "hands" in flags or (args.players or 2) != 2:
                raise WppError("the terminal game is two players, hand after hand "
                               "(no --players, no hands rule)")
            history = new_game("ofc", seed=args.seed, players=2, hands=MAX_HANDS, **flags)
            options: dict[str, Any] = (
                {"passes": args.passes} if args.passes else
                {"five_card_time": args.fivecardtime, "one_card_time": args.onecardtime})
            ai = make_agent("ofc", "pyofc", seed=args.seed, **options)
        except WppError as err:
            print(f"python -m wpp ofc: error: {err}", file=sys.stderr)
            return 2
        assert isinstance(history.game, OfcDef)
        # A secret seed is not shown: it would give the deck's order away.
        print(f"Open Face Chinese Poker against pyOFC's AI — "
              f"{f'seed {args.seed}' if typed else 'a secret deal'}. Rows: 1 top "
              "(3 cards), 2 middle (5), 3 bottom (5); each row must not beat the one below.")
        try:
            return TerminalGame(history, ai, args.explain, input, print).play()
        except (EOFError, KeyboardInterrupt):
            print("\nBye.")
            return 0


#: The hook the generic command line looks for in a registration module.
PLAY = OfcPlay()
