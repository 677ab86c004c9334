"""The lessons' widgets: what a learner clicks and looks at in ``notebooks/01_…`` to ``13_…``.

Each lesson widget is built from the app's pieces (card pictures and buttons, the theme) and
asks the game's teaching code (e.g. :mod:`wpp.warpairs.teach`) what to show, so the notebooks
stay glue. The parts every lesson shares, whatever its game, are apart from each game's own:

==============  ==========================================================================
package         what it holds
==============  ==========================================================================
``shared``      the parts of any game's lessons: the lesson frame and styles, the class
                box, guess first then see, the card picker, predict then reveal, the rules
                card of any game (none of them names a game)
``warpairs``    WarPairsPoker's lessons (1–7, 12, 13): its lesson board, rules card, drills,
                replays, analyses and guesses
``draw``        classic poker and 5-card draw (lesson 8)
``pairs``       Pairs (lesson 9)
``ofc``         Open Face Chinese Poker (lesson 10)
``pokeros``     Pokeros (lesson 11)
==============  ==========================================================================

A new game's lesson widgets go in a package of its own here, named as the game
(``widgets/lessons/<game>/``); its rules card comes from its rules text with no code
(:class:`widgets.lessons.shared.rules_card.RulesCard`), or from its own ``card`` module.
The step-by-step viewer they share is :class:`widgets.parts.stepper.Stepper`.
"""
