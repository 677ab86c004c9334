"""The shared suites cover every registered game: none lists the games by hand.

A list, tuple, set or dict in a test (or in ``widgets/testing.py``) that names two or more
registered games by hand leaves out the next game silently. The shared suites take their games
from the registry (``wpp.core.registry.registered_games``, ``widgets.testing.every_game``); a
check that does not apply to a game is declared by the game (its registration's
``NOT_APPLICABLE``, with the reason shown when the check is skipped). What remains by hand is
per-game data — each game's own words, a measured number of deals, an agent's documented
bounds, examples — and says so: a comment holding ``per-game`` on the line of the literal or in
the comment lines right above its statement.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from widgets.testing import CHECKS, KNOWN_GAPS, not_applicable
from wpp.core.registry import registered_games

ROOT = Path(__file__).resolve().parents[2]
MARK = "per-game"
#: (per-game: the names the scan's own examples use, fixed whatever the registry holds)
EXAMPLE = frozenset(("warpairs", "draw", "pairs", "ofc", "pokeros"))


def _names(node: ast.AST, games: frozenset[str]) -> set[str]:
    """The registered games a literal names: its items (a dict's keys), or its rows' first
    items (a table of ``(game, ...)`` rows)."""
    if isinstance(node, ast.List | ast.Tuple | ast.Set):
        items: list[ast.expr | None] = list(node.elts)
    elif isinstance(node, ast.Dict):
        items = list(node.keys)
    else:
        return set()
    found = set()
    for item in items:
        if isinstance(item, ast.Tuple | ast.List) and item.elts:
            item = item.elts[0]
        if isinstance(item, ast.Constant) and item.value in games:
            found.add(item.value)
    return found


def _start(statement: ast.stmt) -> int:
    """A statement's first line, its decorators included."""
    decorators: list[ast.expr] = getattr(statement, "decorator_list", [])
    return min([statement.lineno, *(d.lineno for d in decorators)])


def _marked(lines: list[str], statement: ast.stmt, node: ast.AST) -> bool:
    """Whether the literal's line, or the comment lines right above its statement, say
    ``per-game``."""
    if MARK in lines[getattr(node, "lineno", 1) - 1].lower():
        return True
    i = _start(statement) - 2
    while i >= 0 and lines[i].lstrip().startswith("#"):
        if MARK in lines[i].lower():
            return True
        i -= 1
    return False


def hand_lists(source: str, games: frozenset[str]) -> Iterator[tuple[int, list[str]]]:
    """Each literal of ``source`` that names two or more of ``games`` and is not marked
    per-game: its line and the games it names."""
    tree = ast.parse(source)
    lines = source.splitlines()
    statements = [s for s in ast.walk(tree) if isinstance(s, ast.stmt)]
    reported: set[int] = set()
    for statement in statements:
        for node in ast.walk(statement):
            named = _names(node, games)
            if len(named) < 2 or id(node) in reported or not isinstance(node, ast.expr):
                continue
            reported.update(id(n) for n in ast.walk(node))
            line, last = node.lineno, node.end_lineno or node.lineno
            # the innermost statement holding the literal decides the comment above it
            inner = min((s for s in statements if _start(s) <= line
                         and (s.end_lineno or s.lineno) >= last
                         and any(n is node for n in ast.walk(s))),
                        key=lambda s: (s.end_lineno or s.lineno) - _start(s))
            if not _marked(lines, inner, node) and not _marked(lines, statement, node):
                yield line, sorted(named)


def test_no_shared_suite_lists_the_games_by_hand() -> None:
    games = frozenset(registered_games())
    files = [*sorted((ROOT / "tests").rglob("*.py")), ROOT / "widgets" / "testing.py"]
    found = [f"{path.relative_to(ROOT)}:{line}: {', '.join(named)}"
             for path in files
             for line, named in hand_lists(path.read_text(encoding="utf-8"), games)]
    assert not found, ("these list games by hand; take them from the registry "
                       "(widgets.testing.every_game), or mark per-game data 'per-game': "
                       + "; ".join(found))


# per-game: the scan's own examples
@pytest.mark.parametrize(("source", "named"), [
    ('GAMES = ["draw", "pairs"]\n', ["draw", "pairs"]),
    ('@pytest.mark.parametrize("g", ("ofc", "warpairs", "x"))\ndef t(g): pass\n',
     ["ofc", "warpairs"]),
    ('BOARDS = {"draw": 1,\n          "pokeros": 2}\n', ["draw", "pokeros"]),
    ('ROWS = [("pairs", 3), ("ofc", 4)]\n', ["ofc", "pairs"]),
    ('def t():\n    for g in ("draw", "ofc"):\n        pass\n', ["draw", "ofc"]),
    ('# a table\nX = ["draw", "pairs"]  # not marked\n', ["draw", "pairs"]),
])
def test_the_scan_finds_a_hand_list(source: str, named: list[str]) -> None:
    assert [n for _, n in hand_lists(source, EXAMPLE)] == [named]


# per-game: the scan's own examples
@pytest.mark.parametrize("source", [
    'GAMES = registered_games()\nONE = ["draw"]\nPAIR = ("draw", "draw")\n',
    '#: per-game: each game\'s own words\nSAID = {"draw": "a", "ofc": "b"}\n',
    'X = [("draw", 1), ("pairs", 2)]  # per-game: measured deals\n',
    '#: per-game data\n@pytest.mark.parametrize("g", ["draw", "ofc"])\ndef t(g): pass\n',
])
def test_the_scan_passes_the_registry_and_marked_per_game_data(source: str) -> None:
    assert list(hand_lists(source, EXAMPLE)) == []


@pytest.mark.parametrize("game", registered_games())
def test_a_games_not_applicable_checks_are_known_and_give_a_reason(game: str) -> None:
    for check, reason in not_applicable(game).items():   # checked there; shown here
        assert check in CHECKS and reason.strip()


def test_known_gaps_name_registered_games_and_known_checks() -> None:
    for game, check in KNOWN_GAPS:
        assert game in registered_games() and check in CHECKS, (game, check)
