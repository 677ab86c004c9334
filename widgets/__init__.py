"""Card-button widgets, the games' pages and the lessons' widgets, for Jupyter and Voilà.

Builds on the kit (:mod:`wpp`), which never imports this package. Laid out by room, one
folder per kind of thing (``tests/widgets/test_home.py`` checks that every package's docs name
each of its modules):

==============  ==========================================================================
package         what it holds
==============  ==========================================================================
``parts``       the components every page shares (cards, header, banner, panels, keys)
``page``        the one game page every game is played on, and the board contract
``games``       each game's page: its board and how a person chooses, one package per game
``lessons``     the lessons' widgets (one module per kind of exercise) and pictures
``site``        the home page, rooms, and starting Voilà
``testing``     helpers for tests that drive a page by clicking its widgets
==============  ==========================================================================
"""

from widgets.games.warpairs.app import App

__all__ = ["App"]
