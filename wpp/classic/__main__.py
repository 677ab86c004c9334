"""Command line: a 5-card showdown (the seed's program) or 5-card draw against the AI.

::

    python -m wpp.classic                   # asks for the number of hands (2-6)
    python -m wpp.classic --hands 3 --seed 7
    python -m wpp.classic --hands 4 --detail   # full names: "Two Pair, Nines and Eights, ..."
    python -m wpp.classic draw --seed 3     # you against the AI, at the prompt
    python -m wpp.classic draw --auto --rounds 5 --explain   # AI against AI, explained

The showdown prints exactly the seed assignment's session (hands, names, winner), except
that a tie says so ("Hands 1 and 3 tie and split the pot."). When the number of hands is read
from a pipe rather than typed, it is echoed so that the transcript reads as on a terminal.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence

from wpp.classic.draw import DrawAI, DrawAnalysis, DrawRules, explain, play_draw
from wpp.classic.game import Discard, DrawView
from wpp.classic.showdown import MAX_HANDS, MIN_HANDS, deal_showdown
from wpp.core.agents import Agent, Decision, require_view
from wpp.core.cli_args import KitParser, positive_int, seed_arg
from wpp.core.explain import Explanation
from wpp.core.seeds import secret_seed
from wpp.core.standard_deck import Card, CardParseError, format_cards, parse_card
from wpp.poker.ranking import evaluate

__all__ = ["ask_hands", "main"]

Reader = Callable[[str], str]

PROMPT = "Enter the number of hands to play: "


def _echo_if_piped(text: str) -> None:
    """Print an answer read from a pipe, so that a transcript shows it after its prompt."""
    if sys.stdin is not None and not sys.stdin.isatty():
        print(text)


def ask_hands(read: Reader = input) -> int:
    """Ask for the number of hands until the answer is a whole number from 2 to 6.

    Raises ``EOFError`` when the input ends first.
    """
    while True:
        answer = read(PROMPT).strip()
        _echo_if_piped(answer)
        try:
            n = int(answer)
        except ValueError:
            print(f"'{answer}' is not a whole number. Enter {MIN_HANDS} to {MAX_HANDS}.")
            continue
        if MIN_HANDS <= n <= MAX_HANDS:
            return n
        print(f"{n} hands is not allowed. Enter {MIN_HANDS} to {MAX_HANDS}.")


# --------------------------------------------------------------------------- the draw game


class TerminalPlayer:
    """A person at the prompt: shows the hand, reads the discard, re-asks until it is legal."""

    def __init__(self, read: Reader = input, hint: bool = False) -> None:
        self.read = read
        self.hint = hint

    name = "terminal"

    def decide(self, view: DrawView) -> Decision:
        """The person's discard (nothing to explain: they chose it)."""
        action = self.choose(view)
        return Decision(action, Explanation.simple("Your choice", str(action)))

    def choose(self, view: DrawView) -> Discard:
        """Read positions (``1 4``) or cards (``6C KD``); an empty line stands pat."""
        view = require_view(view, DrawView, self.name)
        return Discard(self.choose_discard(view.hand, view.rules))

    def choose_discard(self, hand: tuple[Card, ...], rules: DrawRules) -> tuple[Card, ...]:
        """Ask until the answer is a legal discard of ``hand``."""
        shown = "  ".join(f"{i}:{c.ascii}" for i, c in enumerate(hand, 1))
        print(f"Your hand: {shown}   ({evaluate(hand).name})")
        if self.hint:
            print(explain(hand, rules).text(top=6))
        while True:
            answer = self.read(
                "Discard which cards? (positions like 1 4, or cards like 6C KD; Enter to stand "
                "pat): "
            ).strip()
            _echo_if_piped(answer)
            try:
                discard = _read_discard(answer, hand)
            except ValueError as err:
                print(err)
                continue
            if rules.allows(hand, discard):
                return discard
            print(f"Not allowed: {rules.describe()}")


def _read_discard(answer: str, hand: tuple[Card, ...]) -> tuple[Card, ...]:
    tokens = answer.replace(",", " ").split()
    chosen: list[Card] = []
    for token in tokens:
        if token.isdigit():
            if not 1 <= int(token) <= len(hand):
                raise ValueError(f"there is no position {token}: use 1 to {len(hand)}")
            c = hand[int(token) - 1]
        else:
            try:
                c = parse_card(token)
            except CardParseError as err:
                raise ValueError(str(err)) from None
            if c not in hand:
                raise ValueError(f"{c.ascii} is not in your hand")
        if c in chosen:
            raise ValueError(f"{c.ascii} is named twice")
        chosen.append(c)
    return tuple(c for c in hand if c in chosen)


def _play_draw(args: argparse.Namespace, read: Reader) -> int:
    rules = DrawRules(ace_allows_four=args.ace_four)
    # No --seed: a secret seed, so nobody can recompute the AI's hand (nor the draws).
    rng = random.Random(secret_seed() if args.seed is None else args.seed)
    ais: list[DrawAI] = []
    players: list[Agent]
    if args.auto:
        ais = [DrawAI(), DrawAI()]
        players, names = list(ais), ["AI 1", "AI 2"]
    else:
        ais = [DrawAI()]
        players, names = [TerminalPlayer(read, hint=args.hint), ais[0]], ["You", "AI"]
    print(f"5-card draw, {names[0]} against {names[1]}. {rules.describe()}")
    wins, splits = [0, 0], 0

    def on_draw(seat: int, discarded: tuple[Card, ...], drawn: tuple[Card, ...]) -> None:
        if names[seat] == "You":
            if drawn:
                print(
                    f"You discard {format_cards(discarded, ascii=True)} and draw "
                    f"{format_cards(drawn, ascii=True)}."
                )
            else:
                print("You stand pat.")
        else:
            n = len(drawn)
            print(
                f"{names[seat]} draws {n} card{'' if n == 1 else 's'}."
                if n
                else f"{names[seat]} stands pat."
            )

    for number in range(1, args.rounds + 1):
        print(f"\n--- Round {number} ---")
        round_ = play_draw(players, rules, rng, on_draw=on_draw)
        explanations: list[DrawAnalysis | None] = [ai.last for ai in ais]
        print()
        print(round_.text(names))
        if len(round_.winners) > 1:
            splits += 1
        else:
            wins[round_.winners[0]] += 1
        if args.explain:
            for ai_name, e in zip(names[-len(ais) :], explanations, strict=True):
                if e is not None:
                    print(f"\nWhy {ai_name} drew as it did:")
                    print(e.text(top=args.top))
    print(
        f"\nAfter {args.rounds} round{'s' if args.rounds > 1 else ''}: "
        f"{names[0]} {wins[0]}, {names[1]} {wins[1]}, split {splits}."
    )
    return 0


# --------------------------------------------------------------------------- entry point


def _parser() -> argparse.ArgumentParser:
    parser = KitParser(
        prog="python -m wpp.classic",
        description="Classic poker: deal a 5-card showdown (2-6 hands) and name the winner(s), "
        "or play 5-card draw against the AI (the 'draw' command).",
    )
    parser.add_argument("--hands", type=int, help="number of hands, 2-6 (else you are asked)")
    parser.add_argument("--seed", type=seed_arg,
                        help="shuffle seed, 0 to 2**63 - 1, for a repeatable deal")
    parser.add_argument("--detail", action="store_true", help="name hands in full")
    parser.add_argument("--unicode", action="store_true", help="print suits as ♠ ♥ ♦ ♣")
    sub = parser.add_subparsers(dest="command")
    draw = sub.add_parser("draw", help="5-card draw for two, against the AI")
    draw.add_argument("--seed", type=seed_arg, dest="draw_seed",
                      help="shuffle seed, 0 to 2**63 - 1")
    draw.add_argument("--rounds", type=positive_int, default=1,
                      help="rounds to play (default 1)")
    draw.add_argument(
        "--ace-four", action="store_true", help="allow discarding four when keeping an ace"
    )
    draw.add_argument("--explain", action="store_true", help="show the AI's analysis after")
    draw.add_argument("--hint", action="store_true", help="show the analysis of your hand")
    draw.add_argument("--auto", action="store_true", help="AI against AI, no questions")
    draw.add_argument("--top", type=positive_int, default=8,
                      help="options shown by --explain/--hint")
    return parser


def main(argv: Sequence[str] | None = None, read: Reader = input) -> int:
    """Run the command line; returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "draw":
            args.seed = args.draw_seed if args.draw_seed is not None else args.seed
            return _play_draw(args, read)
        if args.hands is None:
            n = ask_hands(read)
            print()
        elif MIN_HANDS <= args.hands <= MAX_HANDS:
            n = args.hands
        else:
            parser.error(f"--hands must be {MIN_HANDS} to {MAX_HANDS}, not {args.hands}")
        print(deal_showdown(n, args.seed).text(detail=args.detail, ascii=not args.unicode))
    except (EOFError, KeyboardInterrupt):
        print("\nNo answer: stopping.", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
