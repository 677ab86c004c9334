"""The kit's games, one module (or subpackage) each, found by :mod:`wpp.core.registry`.

A module here that defines ``GAME`` (its :class:`~wpp.core.protocol.GameDef`) is a registered
game; its name is the game's name. See ``docs/architecture.md`` for how to add one.
"""
