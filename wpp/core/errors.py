"""The engine's errors: every refusal is a ``ValueError`` subclass with a reason in words."""

from __future__ import annotations

__all__ = ["GameFileError", "IllegalAction", "WppError"]


class WppError(ValueError):
    """Base of the engine's errors."""


class IllegalAction(WppError):
    """An action that is not legal now; the message says why and names the rule.

    The game is left exactly as it was.
    """

    def __init__(self, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.rule = rule

    @property
    def reason(self) -> str:
        """Why, in words (the same as ``str(error)``)."""
        return str(self)


class GameFileError(WppError):
    """A saved game that cannot be loaded: malformed, another version, tampered or inconsistent."""
