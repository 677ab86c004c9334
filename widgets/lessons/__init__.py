"""The lessons' widgets: what a learner clicks and looks at in ``notebooks/01_…`` to ``06_…``.

Each lesson widget is built from the app's pieces (card pictures and buttons, the theme) and
asks :mod:`wpp.warpairs.teach` what to show, so the notebooks stay glue. One module per lesson:

==============  ==========================================================================
module          what it holds
==============  ==========================================================================
``base``        the lessons' styles, the lesson frame, the seed field, the board of a state
``classroom``   the class box every lesson frame carries, and :func:`report_answer`, the one
                seam a lesson widget reports a learner's committed answer through
``picker``      :class:`CardPicker`: the 52 cards as buttons, to pick any cards
``start``       lesson 1: :class:`DealPreview`, a deal as the players see it
``rules``       lesson 2: the play inspector, the beat explorer, the quiz, rule scenes and
                the walkthrough of a whole game
``guided``      lesson 2: :class:`GuidedGame`, a first game against the classic AI with
                hints and a coach
``predict``     predict, then reveal: the hidden answer box, the comparison table, the
                "step" labels of the reasoning's stepper (lessons 3, 4, 5)
``mulligan``    lesson 3: your mulligan first, then the AI's, compared and step by step
``segment``     lesson 4: your choice of poker hands first, then the AI's segment, and how
                the choice moves the outliers
``replay``      lesson 5: a recorded game, move by move: your move first, then the AI's
                with its reasons
``drill``       drills on the real engine: a position, the learner's move, the verdict
``after_drills`` a part of a lesson held back until every drill is played or skipped
``card``        the lessons' rules cards
``analysis``    the analysis lessons' tables and charts
``classic_poker`` lesson 8: classic poker's ranking, side by side, the disagreements
``figures``     the lessons' matplotlib pictures of the rules
``commit``      guess first, then see: :class:`GuessList` computes a reveal only when the
                learner locks in an answer (lessons 6 to 12)
``frequency_guess`` lesson 6: how often is a straight dealt? guessed, then simulated
``analysis_guess``  lesson 7: who wins more, does leading first help? guessed, then shown
``pairs_drills``    lesson 9: Pairs' rules by doing on real positions
``ofc_coach``   lesson 10: foul or sound, and a hand of OFC placement by placement
``pokeros_coach``   lesson 11: where a card scores most and what it gives the opponent
``search_guess``    lesson 12: which of two moves wins more often, then the playouts
``pairs``       lesson 9: Pairs' deck and rules, the "hit or fold?" exercises
``pokeros_sandbox`` lesson 11: a Pokeros position, both seats by hand, on the game's board
==============  ==========================================================================

The step-by-step viewer they share is :class:`widgets.parts.stepper.Stepper`, and the figures are
in :mod:`widgets.lessons.figures`.
"""
