"""Each game's page, a package per game (``warpairs``, ``pairs``, ``ofc``, ``pokeros``).

No game's package imports another game's.
"""
