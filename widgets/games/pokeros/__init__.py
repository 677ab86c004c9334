"""Pokeros's board and input on the shared game page.

=========  ====================================================================
module     what it holds
=========  ====================================================================
``board``  :class:`PokerosBoard`: the scores, the grid, your stash, Place
``grid``   :class:`GridView`: the growing grid, its lit cells and the chosen one
=========  ====================================================================
"""
