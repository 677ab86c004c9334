"""Seeds for deals nobody may recompute: one function, :func:`secret_seed`, that every part
of the kit calls when it draws a deal's seed itself (a page's fresh game, a room, a
terminal game against the computer).

Why: a seed fixes the whole deck, so a seed drawn from a small range is no secret. A player
who sees their own cards can try every seed, deal each one with the kit's own dealing code
and keep the seeds whose deal gives them those cards: below 10**9 that is about 80 minutes at
the ~218,000 seeds a second one core deals, and it reveals the opponent's hand and the stock.
:func:`secret_seed` draws from the operating system's secure source (:mod:`secrets`) over the
whole seed range, 0 to 2**63 - 1 — the range every engine, save file and command line
accepts (:data:`~wpp.core.checks.MAX_SEED`). The same search then needs 2**63 / 218,000 ≈
4.2 * 10**13 seconds, about 1.3 million years, on average half that: hiding the seed now
hides the deal.

A seed a person typed, or one in a replay link or a save file, is used exactly as given: that
deal is known on purpose (practice, a shared puzzle).

>>> s = secret_seed()
>>> 0 <= s < 2**63
True
"""

from __future__ import annotations

import secrets
from typing import Final

from wpp.core.checks import MAX_SEED

__all__ = ["SEEDS_PER_SECOND", "secret_seed"]

#: How many seeds one core deals and compares with a hand per second (WarPairsPoker's
#: dealing code, measured on the kit's reference machine): the attacker's speed.
SEEDS_PER_SECOND: Final = 218_000


def secret_seed() -> int:
    """A deal's seed nobody can guess or recompute: uniform over 0 to 2**63 - 1, from the
    operating system's secure random source (not :mod:`random`, whose stream can be
    predicted from its outputs)."""
    return secrets.randbelow(MAX_SEED)
