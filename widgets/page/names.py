"""The page's names for the seats, and the game's words put in them: the one place where the
narration's seat names (``P1``, ``P2``…, :func:`wpp.core.history.seat_name`) become what the
player reads — "You", "Computer", or with several computers "Computer 1", "Computer 2"…

The engine's narration is not changed (save files, the command line and rooms read it); the
page maps it here, for every line it shows from it: the last move, the game log, the banner
and the review. A walk-through read "P2 plays 7♦" beside "You (P1)" and "Computer (P2)" and
had to work out who P2 was.

Several people sharing one screen keep the seats' own names ("P1", "P2": the board labels
them so); the computers among them are still "Computer"/"Computer 1"….

>>> page_names(people=[0], players=2)
['You', 'Computer']
>>> page_names(people=[1], players=4)
['Computer 1', 'You', 'Computer 2', 'Computer 3']
>>> page_names(people=[0, 1], players=3)
['P1', 'P2', 'Computer']
>>> in_page_names("P4 folds and takes the 4 from P3's stack.", page_names([0], 4))
"Computer 3 folds and takes the 4 from Computer 2's stack."
>>> in_page_names("P1 hits a 9. P3 takes the 6 from P1's stack.", page_names([0], 4))
'You hit a 9. Computer 2 takes the 6 from your stack.'
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from wpp.core.history import seat_name

__all__ = ["agree", "in_page_names", "page_names", "room_names"]


def page_names(people: Sequence[int], players: int) -> list[str]:
    """How the page names each of ``players`` seats (``people``: the seats people play on
    this page): "You" for the one person, else the seat's own name; "Computer" for the one
    computer, else "Computer 1", "Computer 2"… in seat order."""
    computers = [s for s in range(players) if s not in people]
    return [("You" if len(people) == 1 else seat_name(s)) if s in people
            else ("Computer" if len(computers) == 1 else f"Computer {computers.index(s) + 1}")
            for s in range(players)]


def room_names(me: int, computers: Collection[int], players: int) -> list[str]:
    """How a room's page names each of ``players`` seats (``me``: this page's seat,
    ``computers``: the seats the host gave the computer): "You"; the one other student "The
    other student", several "Student 2", "Student 3"… after their seats (the room line numbers
    the seats); the computers as :func:`page_names` names them — "The computer" for the one
    (a room has several people: "Computer" alone read as a person's name), else "Computer 1",
    "Computer 2"… A student's seat that the computer took over keeps the student's name.

    >>> room_names(0, [2], 3)
    ['You', 'The other student', 'The computer']
    >>> room_names(1, [3], 4)
    ['Student 1', 'You', 'Student 3', 'The computer']
    >>> room_names(2, [0, 1], 3)
    ['Computer 1', 'Computer 2', 'You']
    """
    others = [s for s in range(players) if s != me and s not in computers]
    auto = page_names([s for s in range(players) if s not in computers], players)
    return ["You" if s == me
            else ("The computer" if auto[s] == "Computer" else auto[s]) if s in computers
            else "The other student" if len(others) == 1 else f"Student {s + 1}"
            for s in range(players)]


#: Third-person verbs whose "You" form is not the word less its "s".
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}
#: Words after a name that end in "s" but are no verb ("P1 plus…" is not narration today;
#: kept short and explicit).
_NOT_VERBS = frozenset({"plus", "always", "thus", "as", "us", "its", "this"})


def agree(verb: str) -> str:
    """``verb`` as it reads after "You": "plays" → "play", "has" → "have", "reaches" →
    "reach"; a word that is no third-person verb stays as it is."""
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    if low in _NOT_VERBS or low.endswith(("ss", "us")) or not low.endswith("s"):
        return verb
    if low.endswith("ies") and len(low) > 4:
        return verb[:-3] + "y"
    if low.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return verb[:-2]
    return verb[:-1]


def in_page_names(text: str, labels: Sequence[str], unit: str = "") -> str:
    """A game's own words (seats "P1", "P2"…) in the page's names (``labels``, one per seat,
    :func:`page_names`): the seat's name with its "(you)" or "(the computer)" becomes the
    label; a verb after "You" agrees ("You win"), "You's" is "your". In a match of hands
    (``unit`` "hand") each game is one hand, so the game's "after 1 hand" is "this hand".
    A name with no label (a seat the game does not have) is left as it is.

    >>> in_page_names("P1 wins (a flush)", ["Computer", "You"])
    'Computer wins (a flush)'
    >>> in_page_names("1st P2 (you): 5 · 2nd P1 (the computer): 9", ["Computer", "You"])
    '1st You: 5 · 2nd Computer: 9'
    >>> in_page_names("P2 wins after 1 hand: P1 -7, P2 +7.", ["Computer", "You"], "hand")
    'You win this hand: Computer −7, You +7.'
    >>> in_page_names("P1 reaches 23 points and loses.", ["You", "Computer"])
    'You reach 23 points and lose.'
    >>> in_page_names("P1's turn. P1 passes; P1 has 3 cards.", ["You", "Computer"])
    'Your turn. You pass; You have 3 cards.'
    """
    def name(m: re.Match[str]) -> str:
        k = int(m.group(1)) - 1
        return labels[k] if 0 <= k < len(labels) else m.group(0)

    out = re.sub(r"\bP(\d+)\b(?: \((?:you|the computer)\))?", name, text)
    if "You" in labels:
        out = re.sub(r"\bYou's\b", "your", out)
        out = re.sub(r"(^|[.!?:;]\s+)your\b", lambda m: m.group(1) + "Your", out)
        out = re.sub(r"\bYou ([A-Za-z]+)\b", lambda m: f"You {agree(m.group(1))}", out)
        # "You reach 23 points and loses": a second verb of the same sentence agrees too.
        out = re.sub(r"(\bYou [a-z]+\b[^.;:!?]*? and )([a-z]+)\b",
                     lambda m: m.group(1) + agree(m.group(2)), out)
    out = re.sub(r"(?<=\s)-(?=\d)", "−", out)
    if unit == "hand":
        out = out.replace(" after 1 hand", " this hand")
    return out
