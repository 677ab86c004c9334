"""The parts every page shares: cards, the header, messages, the banner, the explanation
panels, the keyboard, what a player may see. No game's rules live here.

======  ====================================================================
module  what it holds
======  ====================================================================
``faces``  card faces per deck (SVG pictures, button CSS); any card with str() draws
``card_button``  :class:`CardButton`: a button that is a card, face up or face down
``hand``  :class:`HandView`: a hand in value order, clickable, or backs
``selection``  the cards a person has selected, and the card last touched
``page_header``  the game's name, the mode mark, the status line
``message_line``  a refusal with the engine's reason, or a note
``game_log``  the last lines of the narration
``last_move``  the last move in words, above the board
``plain_words``  the page's words without rule and section numbers
``playable``  which cards a legal action uses now (marked; the others dimmed)
``banner``  the game-over banner: result, reason, the session's score
``match_line``  the match in words: its progress above the board, its winner at its end
``browser_record``  the player's record kept in the browser (games, wins, best streak)
``confirm_bar``  a question with Yes / Cancel before the page ends something
``explain_panel``  the side panel: Why?, Hint from a chosen AI, the review
``explain_view``  :class:`ExplanationView`: an AI decision step by step, with tables
``stepper``  an explanation told one step at a time, Back and Next
``hint_chooser``  the AI that Hint asks
``saved_game``  opening a saved game, refused with the kit's error if edited
``pacer``  the computer's pace between its moves
``hotkeys``  the keyboard shortcuts (a small script that clicks the page's buttons)
``into_view``  what a click opened (a panel, a question) scrolled into view
``redact``  blanking the cards a player may not know before they reach the page
``theme``  the stylesheet
``shown``  what a page or lesson widget is to a notebook (root, summary, repr)
``address``  the page's address (its query), also in a pre-heated kernel
``rule_list``  a game's numbered rules, one line each (a board's Rules panel)
``how_to_play``  how to play in plain words, the numbered rules one click away
``when_reached``  a part built only when the reader scrolls to it (a lesson's game page)
======  ====================================================================
"""
