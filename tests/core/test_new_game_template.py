"""``python -m wpp new-game NAME``, done as a new engineer would, in a copy of the tree: the game
it writes lives in its own places only (no other file changes), imports and registers by
itself, and — the slow check — passes the obligation suite, the shared suites and its own
tests on arrival. Bad names are the kit's error and write nothing."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wpp.core.errors import WppError
from wpp.core.registry import registered_games
from wpp.core.scaffold import Names, check_name, game_places, new_game_files, write_game

ROOT = Path(__file__).resolve().parents[2]
NAME = "crazy_eights"
#: What a copy of the tree needs for the command and the suites (the rest — the server's
#: folder, the git history — is neither read nor written by them).
COPIED = ("wpp", "widgets", "tests", "notebooks", "docs", "benchmarks", "scripts",
          "pyproject.toml", "environment.yml", "README.md", "Makefile")
#: Made by running things, not by the command: left out of the before/after comparison.
SCRATCH = ("__pycache__", ".hypothesis", ".pytest_cache", ".mypy_cache", ".ruff_cache")


def _copy_tree(dest: Path) -> Path:
    for item in COPIED:
        src = ROOT / item
        if src.is_dir():
            shutil.copytree(src, dest / item, ignore=shutil.ignore_patterns(*SCRATCH))
        else:
            shutil.copy2(src, dest / item)
    return dest


def _digests(root: Path) -> dict[str, str]:
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in root.rglob("*") if p.is_file()
            and not any(part in SCRATCH for part in p.relative_to(root).parts)}


def _run(root: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, *args], cwd=root, env=env, capture_output=True,
                          text=True, timeout=timeout, check=False)


def _in_places(path: str, places: tuple[str, ...]) -> bool:
    return any(path.startswith(p) if p.endswith("/") else path == p for p in places)


def _new_game(root: Path, *extra: str) -> tuple[list[str], list[str]]:
    """Run the command in the tree at ``root``: the files it added and those it changed or
    removed outside the new game's places."""
    before = _digests(root)
    done = _run(root, "-m", "wpp", "new-game", NAME, "--root", str(root), *extra)
    assert done.returncode == 0, done.stderr
    after = _digests(root)
    added = sorted(set(after) - set(before))
    changed = sorted(p for p in before if after.get(p) != before[p])
    return added, changed


@pytest.fixture(scope="module")
def fresh_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _copy_tree(tmp_path_factory.mktemp("tree"))


def test_the_command_writes_only_the_games_places_and_the_game_registers_itself(
        fresh_tree: Path) -> None:
    root = fresh_tree
    added, changed = _new_game(root, "--no-ladder")
    assert not changed, f"files outside the new game changed: {changed}"
    lessons = [p for p in added if p.startswith("notebooks/") and p != f"notebooks/{NAME}.ipynb"]
    assert len(lessons) == 1
    lesson = Path(lessons[0]).stem
    places = game_places(NAME, lesson)
    assert all(_in_places(p, places) for p in added), [p for p in added
                                                       if not _in_places(p, places)]
    # every place the docs promise is filled: engine, registration, rules, agents, board,
    # page, lesson, teacher's guide, handout, tests, the rules' copy
    for path in (f"wpp/{NAME}/game.py", f"wpp/{NAME}/registration.py", f"wpp/{NAME}/rules.md",
                 f"wpp/{NAME}/how_to_play.md", f"wpp/{NAME}/agents.py",
                 f"widgets/games/{NAME}/board.py", f"notebooks/{NAME}.ipynb",
                 f"docs/teachers/{lesson}.md", f"docs/handouts/{lesson}.md",
                 f"tests/{NAME}/test_{NAME}_game.py", f"docs/{NAME}-rules.md"):
        assert path in added, path
    lesson_number = int(lesson[:2])
    assert lesson_number == 1 + max(int(p.name[:2]) for p in (ROOT / "notebooks").glob(
        "[0-9][0-9]_*.ipynb"))
    meta = json.loads((root / "notebooks" / f"{lesson}.ipynb").read_text("utf-8"))["metadata"]
    assert meta["wpp"]["game"] == NAME and meta["wpp"]["minutes"] > 0
    check = _run(root, "-c", (
        "import wpp, widgets.site.room as r; "
        f"print(wpp.registered_games()[-1], type(r.board_for({NAME!r})).__name__, "
        f"sorted(wpp.registered_agents({NAME!r})))"))
    assert check.returncode == 0, check.stderr
    assert check.stdout.split() == [NAME, "CrazyEightsBoard", "['highest',", "'noisy',",
                                    "'random']"]
    # the same name again is refused, and writes nothing
    again = _digests(root)
    refused = _run(root, "-m", "wpp", "new-game", NAME, "--root", str(root))
    assert refused.returncode == 2 and "already" in refused.stderr
    assert "Traceback" not in refused.stderr and _digests(root) == again


@pytest.mark.parametrize("bad, words", [
    ("Crazy", "lower-case Python identifier"), ("9lives", "lower-case Python identifier"),
    ("crazy-eights", "lower-case Python identifier"), ("x", "lower-case Python identifier"),
    ("class", "keyword"), ("match", "keyword"), ("core", "wpp/core already exists"),
    (None, "lower-case Python identifier"), ("a" * 21, "lower-case Python identifier"),
])
def test_a_bad_name_is_the_kits_error_naming_what_is_wrong(bad: object, words: str) -> None:
    with pytest.raises(WppError, match=words):
        check_name(bad, ROOT)


def test_every_registered_game_name_is_refused(tmp_path: Path) -> None:
    for name in registered_games():
        with pytest.raises(WppError, match=f"already a game called '{name}'"):
            write_game(name, tmp_path)
    assert not any(tmp_path.iterdir())


def test_the_template_fills_every_placeholder_and_parses() -> None:
    names = Names("crazy_eights", 14)
    files = new_game_files(names)
    assert names.title == "Crazy Eights" and names.cls == "CrazyEights"
    for path, text in files.items():
        assert "{{" not in text and "NAME" not in path and "LESSON" not in path, path
        if path.endswith(".py"):
            compile(text, path, "exec")
        if path.endswith(".ipynb"):
            json.loads(text)
    assert set(files) >= {"notebooks/14_crazy_eights.ipynb", "docs/crazy_eights-rules.md"}


#: The suites a new game must pass on arrival: the obligations and the conformance suite,
#: the shared suites over the registry (boards, pages, rooms, the ladder and its order, the
#: game review, bad input, the how-to-play words, the teacher's kit, the lessons' files),
#: and what reads every package (layering, the widgets' package docs, suites' coverage).
FOR_THE_GAME = ("tests/core/test_game_obligations.py", "tests/core/test_conformance.py",
                "tests/core/test_save_files.py", "tests/core/test_bad_input_everywhere.py",
                "tests/core/test_ladder.py", "tests/core/test_review.py",
                "tests/core/test_session.py", "tests/core/test_cli.py",
                "tests/widgets/test_game_boards.py", "tests/widgets/test_game_pages.py",
                "tests/widgets/test_game_page_play.py", "tests/widgets/test_how_to_play.py",
                "tests/rooms/test_rooms_any_game.py", "tests/rooms/test_room_page_any_game.py",
                "tests/analysis/test_ladder_order.py")
WHOLE = ("tests/core/test_layering.py", "tests/core/test_suites_cover_every_game.py",
         "tests/widgets/test_home.py", "tests/lessons/test_teachers_kit.py",
         "tests/lessons/test_lessons_notebooks.py")


@pytest.mark.slow
def test_a_new_game_passes_the_obligation_and_shared_suites_on_arrival(
        tmp_path: Path) -> None:
    """1½ minutes at load 5 on 2 cores, 3½ at load 11: the command (its ladder measured),
    then pytest in the copy — the shared suites' checks of the new game (``-k``), whole files
    that read every package, the game's own tests, modules' doctests and notebooks — and ruff
    and ``mypy --strict`` on its files."""
    root = _copy_tree(tmp_path)
    added, changed = _new_game(root)
    assert not changed, f"files outside the new game changed: {changed}"
    assert f"wpp/{NAME}/data/ladder.json" in added
    pytest_args = ("-m", "pytest", "-q", "-x", "-p", "no:randomly", "-p", "no:cacheprovider")
    own = [p for p in added if p.endswith((".py", ".ipynb")) and "/data/" not in p]
    first = _run(root, *pytest_args, *FOR_THE_GAME, "-k", NAME, timeout=1500)
    assert first.returncode == 0, first.stdout[-3000:]
    assert " passed" in first.stdout and "deselected" in first.stdout
    second = _run(root, *pytest_args, *WHOLE, *own, timeout=900)
    assert second.returncode == 0, second.stdout[-3000:]
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    linted = subprocess.run([ruff, "check", *[p for p in own if p.endswith(".py")]],
                            cwd=root, capture_output=True, text=True, check=False)
    assert linted.returncode == 0, linted.stdout
    typed = _run(root, "-m", "mypy", "--strict", f"wpp/{NAME}/", f"widgets/games/{NAME}/board.py")
    assert typed.returncode == 0, typed.stdout


#: The browser's page walk, parametrised over the registry: each of its tests taking a
#: ``game_page`` is one case per game.
PAGE_WALK = "tests/browser/test_browser_game_pages.py"


@pytest.mark.slow
@pytest.mark.browser
def test_a_new_games_page_is_walked_in_the_browser_on_arrival(tmp_path: Path) -> None:
    """The browser's walk of every game's page (a whole game with Hint and Enter, Why?, a
    reload, the review, New game, the phone's width) run in the copy on the new game only:
    its page notebook served by Voilà in Chromium, as the registry finds it. About 40 s on
    an idle machine; ``-k NAME`` must select the walk's every case for the game (counted, so
    a name that selects nothing fails here instead of passing)."""
    root = _copy_tree(tmp_path)
    _new_game(root)
    cases = re.findall(r"^def (test_\w+)\(game_page", (ROOT / PAGE_WALK).read_text("utf-8"),
                       re.MULTILINE)
    assert len(cases) >= 3, cases  # the walk's tests over each game's page
    done = _run(root, "-m", "pytest", "-q", "-x", "-p", "no:randomly", "-p", "no:cacheprovider",
                "-rs", PAGE_WALK, "-k", NAME, timeout=900)
    tail = done.stdout[-3000:]
    assert done.returncode == 0, tail
    ran = re.search(r"(\d+) passed", done.stdout)
    assert ran is not None and int(ran.group(1)) == len(cases), tail
    assert not re.search(r"\d+ (skipped|xfailed|xpassed)", done.stdout), tail
