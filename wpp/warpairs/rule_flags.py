"""The rule flags on a command line: ``--no-wraps``, ``--hand-limit``, ``--empty-deck``,
``--turn-limit``, shared by every ``python -m wpp`` subcommand that plays games.

>>> import argparse
>>> parser = argparse.ArgumentParser()
>>> add_rule_flags(parser)
>>> rules_from_args(parser.parse_args(["--no-wraps", "--hand-limit", "none"]))
Rules(wraps=False, hand_limit=None, empty_deck=<EmptyDeck.RESHUFFLE: 'reshuffle'>, turn_limit=1000)
"""

from __future__ import annotations

import argparse

from wpp.warpairs.rules import DEFAULT_RULES, EmptyDeck, Rules

__all__ = ["add_rule_flags", "rules_from_args"]


def _hand_limit(text: str) -> int | None:
    if text.lower() in ("none", "off", "0"):
        return None
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number or 'none', not {text!r}") from None


def add_rule_flags(parser: argparse.ArgumentParser) -> None:
    """Add the rule flags, each defaulting to the rules as written, as one group."""
    rules = parser.add_argument_group("rule flags (default: the rules as written)")
    rules.add_argument("--no-wraps", dest="wraps", action="store_false",
                       help="no wrap-around straights (R5)")
    rules.add_argument("--hand-limit", type=_hand_limit, default=DEFAULT_RULES.hand_limit,
                       help="cards that lose the game (R17; 'none' or 0 for no limit; default "
                       f"{DEFAULT_RULES.hand_limit})")
    rules.add_argument("--empty-deck", choices=[e.value for e in EmptyDeck],
                       default=DEFAULT_RULES.empty_deck.value,
                       help="what an empty deck does (R18)")
    rules.add_argument("--turn-limit", type=int, default=DEFAULT_RULES.turn_limit,
                       help="actions after which a game is a draw (R20; default "
                       f"{DEFAULT_RULES.turn_limit})")


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The :class:`~wpp.warpairs.rules.Rules` the flags ask for (``ValueError`` if invalid)."""
    return Rules(wraps=args.wraps, hand_limit=args.hand_limit,
                 empty_deck=EmptyDeck(args.empty_deck), turn_limit=args.turn_limit)
