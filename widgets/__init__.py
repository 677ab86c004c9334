"""Card-button widgets and the app for playing WarPairsPoker in Jupyter and Voilà.

Builds on the engine (:mod:`wpp`), which never imports this package. One module per idea:

=====================  ====================================================================
module                 what it holds
=====================  ====================================================================
``faces``              card faces per deck (SVG pictures, button CSS); any card with str() draws
``card_button``        :class:`CardButton`: a button that is a card, face up or face down
``hand``               :class:`HandView`: a hand in value order, clickable, or backs
``table``              :class:`TableView`: the play to beat, whose turn, counts, tricks
``pile``               :class:`PileView`: the face-up pile, clickable when a pile draw is legal
``action_bar``         :class:`ActionBar`: the actions legal now, and only those
``explain_view``       :class:`ExplanationView`: an AI decision step by step, with tables
``options``            :class:`OptionsMenu`: the original's options menu, seed and New game
``hotkeys``            the keyboard shortcuts (a small script that clicks the app's buttons)
``redact``             what a player has seen; blanking the rest before it reaches the page
``rules_ref``          the rules' quick reference
``theme``              the stylesheet
``app``                :class:`App`: the board, wired to a game against the classic AI
``server``             Voilà settings that live in code (TCP_NODELAY on the websocket)
``serve``              how tests and the benchmark start Voilà like ``make play`` does
=====================  ====================================================================
"""

from widgets.app import App

__all__ = ["App"]
