"""The kit's game-neutral core: what every game is written against, and what the kit builds on
it once for all games.

* the protocol — :mod:`~wpp.core.protocol` (``GameDef``: states, views, actions, events, and
  the work every game shares by default), :mod:`~wpp.core.agents` (``Agent``, ``Decision``,
  the kit's ``UniformAgent``), :mod:`~wpp.core.explain` (explanations);
* the games — :mod:`~wpp.core.registry` (finds each game's ``registration`` module),
  :mod:`~wpp.core.history` (undo/redo, save files), :mod:`~wpp.core.selfplay`,
  :mod:`~wpp.core.arena` (tournament scheduling and the recorded play loop),
  :mod:`~wpp.core.session` (a page's controller),
  :mod:`~wpp.core.review` (a game review: each decision valued from the player's view);
* a player's own game reviewed — :mod:`~wpp.core.review`;
* shared pieces — :mod:`~wpp.core.errors`, :mod:`~wpp.core.checks` (seeds, budgets, stacked
  decks: the same refusals everywhere), :mod:`~wpp.core.seeds` (``secret_seed``: a deal's
  seed nobody can recompute), :mod:`~wpp.core.standard_deck` (the 52-card deck
  four games share), :mod:`~wpp.core.rulebook` (rules texts), :mod:`~wpp.core.intervals`,
  :mod:`~wpp.core.cli` and :mod:`~wpp.core.cli_args` (every game's ``play`` and the
  arguments every game command shares; the analysis adds its commands through
  ``python -m wpp``, so nothing here imports :mod:`wpp.analysis`).

The server-side services built on it (rooms, classes, kept games, throttles) are a layer of
their own, :mod:`wpp.services`. Nothing here imports them, the analysis, or a game's package
(``tests/core/test_layering.py``); games are reached through the registry only.
"""
