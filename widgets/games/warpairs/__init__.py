"""WarPairsPoker's page: its board and how a person chooses an action on it.

======  ====================================================================
module  what it holds
======  ====================================================================
``app``  :class:`App`: WarPairsPoker's page, against the classic AI
``board``  WarPairsPoker's board: hands, table, pile, action bar
``seat_board``  :class:`WarPairsSeatBoard`: the board on the Board contract, for the rooms
``input``  clicks and keys on WarPairsPoker's board, turned into requests
``reasons``  what WarPairsPoker's side panel says (Why? in public terms, the review)
``table``  :class:`TableView`: the play to beat, whose turn, counts, tricks
``pile``  :class:`PileView`: the face-up pile, clickable when a pile draw is legal
``action_bar``  :class:`ActionBar`: the actions legal now, and only those
``options``  the original's options menu, seed and New game
``seat_options``  who sits where ("Computer plays", practice with open hands)
``deals``  which game is on WarPairsPoker's page (seed, replay, saved file)
``turn_flow``  the turns on WarPairsPoker's page: a person's move, the computer's reply
``rules_ref``  the rules' quick reference, a card per rule
======  ====================================================================
"""
