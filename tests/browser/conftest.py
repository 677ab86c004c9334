"""The browser tests' Voilà servers pre-heat one kernel for the home and play pages only.

``make play`` pre-heats every game page and lesson (``WPP_POOL``, serve/voila.py): 18
kernels, about 2 GB and a minute of both cores at start, for each server serving the whole
notebooks folder. A test opens one page or two, so its servers keep the pools ``make play``
had before (unless ``WPP_POOL`` is set); ``tests/serve/test_loadtest.py`` covers the pools.
"""

from __future__ import annotations

import os

os.environ.setdefault("WPP_POOL", "0,home=1,play=1")
