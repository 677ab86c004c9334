"""Pairs, the press-your-luck pub game, as a game of the kit (seed 004).

* :mod:`wpp.pairs.cards` — the 55-card triangular deck;
* :mod:`wpp.pairs.rules` — the rule flags (CardStock's encoding by default);
* :mod:`wpp.pairs.state` — states, views, the actions FOLD and HIT;
* :mod:`wpp.pairs.board` — the one state machine, mutable, shared by the definition and the
  Monte Carlo playouts;
* :mod:`wpp.pairs.game` — the definition behind the kit's protocol (registered as ``pairs``);
* :mod:`wpp.pairs.agents` — the random player, PIPMC and the expected-value player.
"""
