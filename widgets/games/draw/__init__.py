"""5-card draw's board and input on the shared game page.

=========  ====================================================================
module     what it holds
=========  ====================================================================
``board``  :class:`DrawBoard`: your hand to discard from, Stand pat / Draw, the seats
=========  ====================================================================
"""
