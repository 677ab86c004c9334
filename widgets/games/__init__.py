"""Each game's board and input on the shared game page (:mod:`widgets.page`), a package per
game (``warpairs``, ``draw``, ``pairs``, ``ofc``, ``pokeros``).

No game's package imports another game's.
"""
