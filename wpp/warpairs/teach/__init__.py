"""The lessons' logic: what the teaching notebooks show, computed here where it is tested.

The notebooks (``notebooks/01_…`` to ``06_…``) are glue: they build widgets from
``widgets/lessons`` and those widgets ask this package what to show. Everything here is pure
Python on top of the engine and the classic AI, with no Jupyter import, so the facts a lesson
teaches are checked by ``pytest`` and ``mypy --strict`` like the rest of ``wpp``.

One module per lesson:

* :mod:`wpp.warpairs.teach.rules` — lesson 2: the rules R1–R20 in one table, what a set of cards is
as
  a play, which plays of a hand beat a table and under which rule, the "does this beat that?"
  quiz, small hand-made scenes for the rules of a game, and a whole game told move by move
  with the rules each move uses;
* :mod:`wpp.warpairs.teach.guided` — lesson 2's first game against the classic AI: a hint at every
  decision and the coach's words, both the AI's own, from the learner's view;
* :mod:`wpp.warpairs.teach.mulligan` — lesson 3: the learner's own mulligan scored on the AI's
  measures and compared with the AI's;
* :mod:`wpp.warpairs.teach.segment` — lesson 4: every choice of straights and flushes the segment
  weighs, the segments each would give, and a learner's choice scored beside the AI's;
* :mod:`wpp.warpairs.teach.replay` — lesson 5: a game between two classic AIs recorded with every
  explanation, and its interesting moments;
* :mod:`wpp.warpairs.teach.predict` — lesson 5's "your move first": the legal moves grouped for
  buttons, the learner's move scored beside the AI's, and every threshold the AI uses.
* :mod:`wpp.warpairs.teach.versus_poker` — the same cards judged by standard poker and by
  WarPairsPoker (shown in 5-card draw's lesson): WarPairsPoker's differences are its own to
  state, on the shared ranking of :mod:`wpp.poker.ranking`.

Lesson 6's simulation lives with the other simulations, in :mod:`wpp.warpairs.frequencies`.
"""
