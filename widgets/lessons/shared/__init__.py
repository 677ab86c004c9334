"""The parts of any game's lessons; none of them names a game.

==================  ======================================================================
module              what it holds
==================  ======================================================================
``base``            the lessons' styles, the lesson frame, the seed field, navigation
                    buttons, numbers read from the page's address
``classroom``       the class box every lesson frame carries, and :func:`report_answer`,
                    the one seam a lesson widget reports a learner's committed answer through
``commit``          guess first, then see: :class:`GuessList` computes a reveal only when
                    the learner locks in an answer
``picker``          :class:`CardPicker`: the 52 cards as buttons, to pick any cards
``predict``         predict, then reveal: the hidden answer box, the comparison table, the
                    "step" labels of a reasoning's stepper
``rules_card``      the rules card of any game, from its rules text (or the game's own card)
==================  ======================================================================
"""
