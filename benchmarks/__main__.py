"""``python -m benchmarks``: every figure (see :mod:`benchmarks.run`)."""

import sys

from benchmarks.run import main

sys.exit(main())
