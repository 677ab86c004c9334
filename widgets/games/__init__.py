"""Each game's board and input on the shared game page (:mod:`widgets.page`): one package per
registered game, named as the game (``widgets/games/<game>/``, its board in ``board.py``),
found by the rooms and pages through the registry, so a new game's package is listed nowhere
else (``tests/widgets/test_home.py`` asks the packages here to be registered games instead).

No game's package imports another game's.
"""
