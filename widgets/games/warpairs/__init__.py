"""WarPairsPoker on the shared game page: its board and how a person chooses an action on it.

==============  ====================================================================
module          what it holds
==============  ====================================================================
``app``         :class:`App`: the shared game page with WarPairsPoker's board
``board``       WarPairsPoker's board: hands, table, pile, action bar, its options
``input``       clicks and keys on WarPairsPoker's board, turned into actions
``table``       :class:`TableView`: the play to beat, whose turn, counts, tricks
``pile``        :class:`PileView`: the face-up pile, clickable when a pile draw is legal
``action_bar``  :class:`ActionBar`: the actions legal now, and only those
``rules_ref``   the rules' quick reference, a card per rule
``seen``        the cards a player has seen, and so the ones their page must hide
==============  ====================================================================
"""
