"""WarPairsPoker's lessons (1–7, 12 and 13), one module per lesson or part.

==================  ======================================================================
module              what it holds
==================  ======================================================================
``board``           the lessons' board: a position drawn whole, rule badges, a recorded
                    game to move through
``card``            WarPairsPoker's rules card, and lesson 2's one-trick strip
``start``           lesson 1: :class:`DealPreview`, a deal as the players see it
``rules``           lesson 2: the play inspector, the beat explorer, the quiz, rule scenes
                    and the walkthrough of a whole game
``figures``         lesson 2's matplotlib pictures of the rules
``guided``          lesson 2: :class:`GuidedGame`, a first game against the classic AI with
                    hints and a coach
``mulligan``        lesson 3: your mulligan first, then the AI's, compared and step by step
``segment``         lesson 4: your choice of poker hands first, then the AI's segment
``replay``          lesson 5: a recorded game, move by move: your move first, then the AI's
``frequency_guess`` lesson 6: how often is a straight dealt? guessed, then simulated
``analysis``        lessons 6 and 7: the analysis lessons' tables and charts
``analysis_guess``  lesson 7: who wins more, does leading first help? guessed, then shown
``search_guess``    lesson 12: which of two moves wins more often, then the playouts; the
                    lesson's game page, built when the learner reaches it
``drill``           drills on the real engine: a position, the learner's move, the verdict
``after_drills``    lesson 13: a part held back until every drill is played or skipped
==================  ======================================================================
"""
