"""Confidence intervals for proportions, with the standard library alone (no numpy, no pandas).

:func:`wilson` is the Wilson score interval, right even for small samples and rates near 0
or 1, unlike the textbook p ± z·√(p(1−p)/n). It lives here, outside :mod:`wpp.analysis`
(which imports pandas), so that light modules such as :mod:`wpp.warpairs.ai.winrate` can use it;
:mod:`wpp.analysis.stats` gives the same results.

>>> print(wilson(7, 10))
0.700 [0.397, 0.892]
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from statistics import NormalDist, fmean, stdev

from wpp.core.errors import WppError

__all__ = ["Interval", "mean_interval", "wilson", "z_value"]


def z_value(confidence: float = 0.95) -> float:
    """The two-sided normal quantile: 1.96 for 95%.

    >>> round(z_value(0.95), 4)
    1.96
    """
    if not 0 < confidence < 1:
        raise WppError(f"confidence is between 0 and 1, not {confidence}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate and its confidence interval ``[low, high]``."""

    estimate: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.estimate:.3f} [{self.low:.3f}, {self.high:.3f}]"

    def __contains__(self, x: float) -> bool:
        return self.low <= x <= self.high

    @property
    def half_width(self) -> float:
        """Half the interval's width (the "±" of a symmetric interval)."""
        return (self.high - self.low) / 2


def wilson(successes: float, n: float, confidence: float = 0.95) -> Interval:
    """The Wilson score interval for a proportion ``successes / n``.

    ``successes`` may be fractional (draws as halves). With ``n == 0`` nothing is known:
    the estimate is NaN and the interval [0, 1].

    >>> w = wilson(7, 10)
    >>> round(w.low, 4), round(w.high, 4)
    (0.3968, 0.8922)
    >>> print(wilson(0, 20))
    0.000 [0.000, 0.161]
    >>> wilson(20, 20).high
    1.0
    """
    if n < 0 or not 0 <= successes <= n:
        raise WppError(f"need 0 ≤ successes ≤ n, got {successes} of {n}")
    if n == 0:
        return Interval(math.nan, 0.0, 1.0)
    z = z_value(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    # At 0 or n successes the bounds are exactly 0 or 1 (the formula gets there up to
    # rounding, which would leave the estimate outside its own interval).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Interval(p, low, high)


def mean_interval(values: Iterable[float], confidence: float = 0.95) -> Interval:
    """The mean of ``values`` and its normal interval mean ± z·s/√n (``s`` the sample
    deviation): NaN when empty, the point itself for one value. Agents quote it in their
    explanations (playout means), so it lives here with the standard library alone.

    >>> print(mean_interval([1, 2, 3, 4, 5]))
    3.000 [1.614, 4.386]
    >>> print(mean_interval([]))
    nan [nan, nan]
    """
    x = [float(v) for v in values]
    if not x:
        return Interval(math.nan, math.nan, math.nan)
    m = fmean(x)
    if len(x) == 1:
        return Interval(m, m, m)
    half = z_value(confidence) * stdev(x) / math.sqrt(len(x))
    return Interval(m, m - half, m + half)
