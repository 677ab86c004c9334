"""Card-button widgets, the games' pages and the lessons' widgets, for Jupyter and Voilà.

Builds on the kit (:mod:`wpp`), which never imports this package. One module per idea
(``tests/widgets/test_home.py`` checks that this list names every module):

=====================  ====================================================================
module                 what it holds
=====================  ====================================================================
**cards and boards**
``faces``              card faces per deck (SVG pictures, button CSS); any card with str() draws
``card_button``        :class:`CardButton`: a button that is a card, face up or face down
``hand``               :class:`HandView`: a hand in value order, clickable, or backs
``table``              :class:`TableView`: the play to beat, whose turn, counts, tricks
``pile``               :class:`PileView`: the face-up pile, clickable when a pile draw is legal
``action_bar``         :class:`ActionBar`: the actions legal now, and only those
``selection``          the cards a person has selected, and the card last touched
**a game page's shared parts**
``page_header``        the game's name, the mode mark, the status line
``message_line``       a refusal with the engine's reason, or a note
``game_log``           the last lines of the narration
``banner``             the game-over banner: result, reason, the session's score
``confirm_bar``        a question with Yes / Cancel before the page ends something
``explain_panel``      the side panel: Why?, Hint from a chosen AI, the review
``explain_view``       :class:`ExplanationView`: an AI decision step by step, with tables
``stepper``            an explanation told one step at a time, Back and Next
``hint_chooser``       the AI that Hint asks
``saved_game``         opening a saved game, refused with the kit's error if edited
``pacer``              the computer's pace between its moves
``options``            the original's options menu, seed and New game
``seat_options``       who sits where ("Computer plays", practice with open hands)
``hotkeys``            the keyboard shortcuts (a small script that clicks the page's buttons)
``redact``             what a player has seen; blanking the rest before it reaches the page
``rules_ref``          the rules' quick reference, a card per rule
``theme``              the stylesheet
``shown``              what a page or lesson widget is to a notebook (root, summary, repr)
**the games' pages**
``app``                :class:`App`: WarPairsPoker's page, against the classic AI
``warpairs_board``     WarPairsPoker's board: hands, table, pile, action bar
``warpairs_input``     clicks and keys on WarPairsPoker's board, turned into requests
``warpairs_reasons``   what WarPairsPoker's side panel says (Why? in public terms, the review)
``turn_flow``          the turns on WarPairsPoker's page: a person's move, the computer's reply
``deals``              which game is on WarPairsPoker's page (seed, replay, saved file)
``pairs``              Pairs' page
``ofc``                Open Face Chinese Poker's page
``pokeros``            Pokeros's page
``room``               two students in two browsers, through a room code
``home``               the home page and lesson 1's table of lessons
**lessons**
``lessons``            the lessons' widgets (one module per kind of exercise)
``classic_poker``      lesson 8's widgets
``figures``            the lessons' matplotlib pictures of the rules
**serving and testing**
``server``             Voilà settings that live in code (TCP_NODELAY on the websocket)
``serve``              how tests and the benchmark start Voilà like ``make play`` does
``testing``            helpers for tests that drive a page by clicking its widgets
=====================  ====================================================================
"""

from widgets.app import App

__all__ = ["App"]
