"""The kit's speed figures, outside the library package: ``make bench`` (``python -m
benchmarks``) prints every figure the README records. Figures are printed, never asserted:
the machines are shared and noisy, so each peer is measured in the same run."""
