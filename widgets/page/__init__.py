"""The one game page every game is played on: turns, Hint, Why?, opponents, the hidden seed,
the banner, the review, save/open and reload, keys and layout — shared, so every game's page
behaves the same. A game brings only its board and how a person chooses an action on it
(:class:`~widgets.page.board.Board`).

==============  ==========================================================================
module          what it holds
==============  ==========================================================================
``board``       :class:`Board`: what a game gives the page (its board and its input)
==============  ==========================================================================
"""
