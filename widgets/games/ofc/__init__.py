"""Open Face Chinese Poker's board and input on the shared game page.

===========  ====================================================================
module       what it holds
===========  ====================================================================
``board``    :class:`OfcBoard`: the open boards, your cards to place, a button per row
``scoring``  a scored hand as a table: rows, royalties, fouls, points
===========  ====================================================================
"""
