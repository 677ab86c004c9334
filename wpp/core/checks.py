"""The kit's shared checks of plain values — seeds, budgets, counts, random generators — each
refusing a bad value with a :class:`~wpp.core.errors.WppError` that names the setting and the value,
so every entry point (the API, agents, the command lines) refuses the same values in the same
words, and no foreign exception (``TypeError``, numpy's ``OverflowError``) or endless loop
comes from a value that was never sensible.

>>> check_seed(7), check_count(10, "playouts", 1, 10_000)
(7, 10)
>>> check_seed(-1)
Traceback (most recent call last):
...
wpp.core.errors.WppError: the seed must be a whole number from 0 to 2**63 - 1, not -1
>>> check_seconds(0.5, "seconds", 600), fold_seed(2**63 + 5)
(0.5, 5)
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable
from typing import Any, Final

from wpp.core.errors import WppError

__all__ = ["MAX_SEED", "as_rng", "check_count", "check_number", "check_rng", "check_seconds",
           "check_seed", "check_stacked_deck", "fold_seed"]

#: Seeds are whole numbers ``0 <= seed < MAX_SEED`` (what a file, a URL, numpy and a
#: command line all carry).
MAX_SEED: Final = 2**63


def _show(value: object) -> str:
    """``value`` for a message: its repr, a very long number by its digit count."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**24:
        return f"a {len(str(abs(value)))}-digit number"
    return f"{value!r:.40}"


def check_seed(seed: object, what: str = "the seed") -> int:
    """``seed`` if it is a whole number from 0 to 2**63 - 1, else a ``WppError`` naming it."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < MAX_SEED:
        raise WppError(f"{what} must be a whole number from 0 to 2**63 - 1, not {_show(seed)}")
    return seed


def fold_seed(seed: int) -> int:
    """A seed computed from another (``seed * 7 + seat``) brought back into the seed range;
    small seeds are unchanged, so derived seeds stay what they always were."""
    return seed % MAX_SEED


def check_count(value: object, name: str, low: int, high: int) -> int:
    """``value`` if it is a whole number (not a bool) from ``low`` to ``high``, else a
    ``WppError`` naming ``name``, the bounds and the value."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise WppError(f"{name} is a whole number from {low:,} to {high:,}, not {_show(value)}")
    return value


def check_number(value: object, name: str, low: float, high: float, *,
                 above_low: bool = False) -> float:
    """``value`` as a float if it is a finite number (not a bool) from ``low`` (excluded
    when ``above_low``) to ``high``, else a ``WppError`` naming ``name`` and the value."""
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    number = 0.0
    if ok:
        try:
            number = float(value)  # type: ignore[arg-type]
        except OverflowError:  # an int too large for a float
            ok = False
    if not ok or not math.isfinite(number) or not (
            low < number <= high if above_low else low <= number <= high):
        bounds = (f"more than {low:g} and at most {high:g}" if above_low
                  else f"from {low:g} to {high:g}")
        raise WppError(f"{name} is a number {bounds}, not {_show(value)}")
    return number


def check_seconds(value: object, name: str, high: float) -> float:
    """A time budget: more than 0 and at most ``high`` seconds, else a ``WppError``."""
    return check_number(value, f"{name} (seconds)", 0, high, above_low=True)


def as_rng(rng: object) -> random.Random:
    """``rng`` itself if it is a ``random.Random`` (a stream the caller owns), else a new one
    seeded with it — a seed (:func:`check_seed`) or ``None`` (unseeded)."""
    if isinstance(rng, random.Random):
        return rng
    return random.Random(None if rng is None else check_seed(rng))


def check_stacked_deck(deck: Iterable[Any], cards: Iterable[Any], what: str
                       ) -> tuple[Any, ...]:
    """``deck`` as a tuple if it holds exactly ``cards`` — each card as often, and card
    objects of the deck's own types, not numbers equal to them — else a ``WppError``
    saying ``what`` a stacked deck holds (for a game's ``new``)."""
    order = tuple(deck)
    full = tuple(cards)
    kinds = {type(c) for c in full}
    if not (len(order) == len(full) and all(type(c) in kinds for c in order)
            and Counter(order) == Counter(full)):
        raise WppError(f"{what}, not {order!r:.60}")
    return order


def check_rng(rng: Any, what: str = "rng") -> random.Random:
    """``rng`` if it is a ``random.Random`` (the generator re-deals and playouts draw from),
    else a ``WppError`` naming what was given."""
    if not isinstance(rng, random.Random):
        raise WppError(f"{what} must be a random.Random, not {type(rng).__name__} {rng!r:.40}")
    return rng
