"""What a room is named by and what a seat proves itself with: room codes (short, typed by
students, letters that cannot be misread), seat secrets (as they travel in a page's address,
kept only as digests) and the numbers read back from the store (damaged ones refused with the
kit's error, naming the room).
"""

from __future__ import annotations

import hashlib
import re
from typing import Final

from wpp.core.errors import WppError

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "SECRET", "normalize_code", "stored_int",
           "stored_number", "token_digest"]

#: Room codes: letters and digits that cannot be misread for each other (no I, O, 0, 1).
CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 5
_CODE: Final = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
#: Seat secrets as they travel in a page's address (``secrets.token_urlsafe(18)``).
SECRET: Final = re.compile(r"[A-Za-z0-9_-]{16,64}")


def normalize_code(code: object) -> str:
    """A room code as typed (any case, spaces around) in its stored form, or the kit's error.

    >>> normalize_code(" k7qpm ")
    'K7QPM'
    >>> normalize_code("hello!")
    Traceback (most recent call last):
    wpp.core.errors.WppError: a room code is 5 letters and digits like 'K7QPM', not 'hello!'
    """
    text = code.strip().upper() if isinstance(code, str) else None
    if text is None or not _CODE.fullmatch(text):
        raise WppError(f"a room code is {CODE_LENGTH} letters and digits like 'K7QPM', not "
                       f"{code!r:.30}")
    return text


def token_digest(token: str) -> str:
    """What the store keeps of a seat's secret: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def stored_number(value: object, what: str, code: str) -> float:
    """A number read from the store, or the kit's error naming the damaged value."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value == value:
        return value
    raise WppError(f"room {code}'s stored {what} is damaged: {value!r:.30} is not a number")


def stored_int(value: object, what: str, code: str) -> int:
    number = stored_number(value, what, code)
    if not isinstance(number, int):
        raise WppError(f"room {code}'s stored {what} is damaged: {value!r:.30} is not a whole "
                       "number")
    return number
