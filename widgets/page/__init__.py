"""The one game page every game is played on: turns, Hint, Why?, opponents, the hidden seed,
the banner, the review, save/open and reload, keys and layout — shared, so every game's page
behaves the same. A game brings only its board and how a person chooses an action on it
(:class:`~widgets.page.board.Board`); see :mod:`widgets.page.game_page` for how a game's
notebook builds its page.

===================  =====================================================================
module               what it holds
===================  =====================================================================
``board``            :class:`Board`: what a game gives the page (its board and its input)
``game_page``        :class:`GamePage`: the page's class and its wiring, over any game + board
``serving``          how Voilà serves a page: the server's settings, what the address asks
``options``          the Options menu's widgets: seed, who plays, practice, undo, save/open
``game_end``         the game's end: result counted once, match, forfeit, record, banner
``stakes``           a scored game stays honest: leaving it asks first, a forfeit, practice
``two_tabs``         two tabs, one game: the stale tab's write refused, the other tab followed
``hint_why``         Hint (the chosen AI's move selected) and the Why? panel
``turns``            a person's action, the computer's answer, the AI's auto-decisions, undo
``review``           Review: every move with the board as it was; the computer review's rows
``host``             :class:`PageHost`: what turns and review may ask of the page
``seats``            who plays each seat: a person, any agent with its budget, a ladder level
``reasons``          Why? in public terms during a game, the full reasoning after it
``results``          the result in words and the session's score across games
``names``            the seats as the player reads them ("You", "Computer 1"), in every line
``seat_words``       the same names inside the AI's reasons in Hint, Why? and the review
``practice``         why a game is practice (the mode mark, kept with the game)
``faults``           no traceback reaches a page: the error panel, the server's log
``deals``            the hidden random seed, a typed seed, the save file's download link
``keeper``           the game survives a reload: kept under a secret key in the address
``keys``             the page's keys and the board's, for the key script and the Rules panel
``computer_review``  "Review with the computer": the kit's game review, in the background
``layout``           the page's CSS: it wraps down to 390 px with nothing covered
``list_board``       the plainest board for any game: the legal actions as buttons
===================  =====================================================================
"""
