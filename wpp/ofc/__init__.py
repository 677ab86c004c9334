"""Open Face Chinese Poker (seed 002, pyOFC): the board and its fouls
(:mod:`wpp.ofc.board`), scoring and royalties (:mod:`wpp.ofc.scoring`), the game
(:mod:`wpp.ofc.game`), fast vectorised rollouts (:mod:`wpp.ofc.fast`), pyOFC's Monte Carlo AI
(:mod:`wpp.ofc.pyofc`) and a stronger one (:mod:`wpp.ofc.expected`), the terminal game
(:mod:`wpp.ofc.cli`)."""
