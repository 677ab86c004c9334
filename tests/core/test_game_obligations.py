"""What every registered game owes the kit, checked once for all games (the list
``docs/architecture.md`` gives under "Adding a game"):

* a registration module (``wpp/<package>/registration.py``) naming ``GAME`` and ``AGENTS``,
  and a ``random`` agent (its own, or the kit's ``UniformAgent`` the registry adds);
* a rules text, ``rules.md`` in its package, numbered R1…Rn, every rule marked with its
  source (**Author**) or the kit's decision, every rule flag of the game's rule object
  documented, every rule its engine cites stated, and its copy under ``docs/`` current;
* a page notebook and a lesson notebook named in its definition and present, the lesson with
  its minutes and its one line for lesson 1's table (the notebook's metadata), and a
  teacher's guide and a handout for that lesson (``docs/teachers/``, ``docs/handouts/``);
* save files written before the house move still load (one per game, kept as fixtures);
* a benchmark module is optional: ``benchmarks/<name>.py``, if there, has ``run()``.

The conformance suite (``test_conformance.py``, ``test_save_files.py``) checks that the game
plays correctly; this file checks that it is complete.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

import wpp
from widgets.site.home import lesson_metadata, lesson_table_html
from widgets.site.kit import kit_entries
from wpp.core.protocol import RULES_SOURCE
from wpp.core.registry import game_def, registered_agents, registration
from wpp.core.rulebook import docs_copy

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SAVES = Path(__file__).resolve().parent / "data" / "saves"
GAMES = wpp.registered_games()
SYNC_HINT = "regenerate the copies: python scripts/sync_rules.py"


@pytest.mark.parametrize("name", GAMES)
def test_it_is_registered_from_its_own_package_with_a_random_player(name: str) -> None:
    game = game_def(name)
    module = registration(name)
    assert module.__name__ == f"{game.package}.registration"
    assert getattr(module, "GAME") is game and getattr(module, "AGENTS")  # noqa: B009
    assert "random" in registered_agents(name)
    history = wpp.new_game(name, seed=3)
    agent = wpp.make_agent(name, "random", 1)
    assert agent.choose(history.view(history.to_act)) in history.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_its_rules_text_is_numbered_marked_and_states_its_flags(name: str) -> None:
    game = game_def(name)
    book = game.rulebook()
    assert book is not None and game.rules_doc, f"{name} has no rules text"
    assert list(book) == [f"R{i}" for i in range(1, len(book) + 1)]
    unmarked = [r for r in book if not (book[r].author or book[r].kit)]
    assert not unmarked, f"rules with neither an Author nor a Kit's decision mark: {unmarked}"
    fields = set(game.rule_fields())
    named = {book[r].flag_name for r in book} - {None}
    assert named <= fields, f"flags stated that the rule object lacks: {named - fields}"
    stated = {n for r in book for n in re.findall(r"`(\w+)`", book[r].flag or "")}
    assert fields <= stated, f"rule flags the rules text does not state: {fields - stated}"


@pytest.mark.parametrize("name", GAMES)
def test_every_rule_its_engine_cites_is_stated(name: str) -> None:
    game = game_def(name)
    book = game.rulebook()
    assert book is not None
    folder = ROOT / Path(*game.package.split("."))
    cited = {rule for path in folder.rglob("*.py") for rule in _cited(path)}
    assert cited, f"{name}'s engine names no rule in its refusals"
    assert cited <= set(book), f"cited but not stated: {sorted(cited - set(book))}"


def _cited(path: Path) -> set[str]:
    """The rule ids a module passes to ``IllegalAction(reason, "Rn")`` (or names as the
    ``rule`` of one)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
            values = [*node.args[1:], *(k.value for k in node.keywords if k.arg == "rule")]
            out |= {v.value for v in values if isinstance(v, ast.Constant)
                    and isinstance(v.value, str) and re.fullmatch(r"R\d+", v.value)}
    return out


@pytest.mark.parametrize("name", GAMES)
def test_its_docs_copy_is_current(name: str) -> None:
    game = game_def(name)
    assert game.rules_doc is not None
    doc = ROOT / "docs" / game.rules_doc
    assert doc.read_text(encoding="utf-8") == docs_copy(game.package, RULES_SOURCE), SYNC_HINT


@pytest.mark.parametrize("name", GAMES)
def test_its_page_and_lesson_are_there_and_the_lesson_says_how_long(name: str) -> None:
    game = game_def(name)
    assert game.page and (NOTEBOOKS / game.page).is_file(), f"{name}: no page notebook"
    assert game.lesson and (NOTEBOOKS / game.lesson).is_file(), f"{name}: no lesson notebook"
    meta = lesson_metadata(NOTEBOOKS / game.lesson)
    assert isinstance(meta.get("minutes"), int) and meta["minutes"] > 0
    assert isinstance(meta.get("summary"), str) and meta["summary"]
    assert meta.get("game") == name


@pytest.mark.parametrize("name", GAMES)
def test_its_lesson_has_a_teachers_guide_and_a_handout(name: str) -> None:
    lesson = game_def(name).lesson
    assert lesson is not None
    entry = next((e for e in kit_entries() if e.lesson == Path(lesson).stem), None)
    assert entry is not None and entry.guide is not None and entry.handout is not None, (
        f"{name}: its lesson needs docs/teachers/{Path(lesson).stem}.md and "
        f"docs/handouts/{Path(lesson).stem}.md")


@pytest.mark.parametrize("name", GAMES)
def test_lesson_one_lists_its_lesson(name: str) -> None:
    lesson = game_def(name).lesson
    assert lesson is not None
    assert f'href="{lesson}"' in lesson_table_html(skip="01_start_here.ipynb")


@pytest.mark.parametrize("path", sorted(SAVES.glob("*-before-house-move.json")),
                         ids=lambda p: p.name.split("-")[0])
def test_a_save_file_from_before_the_house_move_still_loads(path: Path) -> None:
    """One save file per game of the time, written by main before the house move (b69de34):
    a later game needs none."""
    history = wpp.load_game(path.read_text(encoding="utf-8"))
    assert history.name == path.name.split("-")[0] and len(history.actions) > 0
    assert wpp.load_game(history.to_json()).state == history.state


@pytest.mark.parametrize("name", GAMES)
def test_a_benchmark_module_if_any_has_run(name: str) -> None:
    path = ROOT / "benchmarks" / f"{name}.py"
    if path.is_file():
        assert callable(getattr(importlib.import_module(f"benchmarks.{name}"), "run", None))


def test_every_lesson_notebook_has_its_metadata() -> None:
    lessons = sorted(p for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    assert lessons
    for path in lessons:
        meta = lesson_metadata(path)
        assert isinstance(meta.get("minutes"), int), path.name
        assert meta.get("game") in GAMES, path.name
        assert isinstance(meta.get("summary"), str) and meta["summary"], path.name


def test_a_game_without_a_random_agent_gets_the_kits() -> None:
    from wpp.core.agents import UniformAgent

    history = wpp.new_game("draw", seed=5)
    a, b = UniformAgent(2), UniformAgent(2)
    view = history.view(history.to_act)
    assert a.choose(view) == b.choose(view) and a.decide(view).action in history.legal_actions()
    with pytest.raises(wpp.WppError, match="random player"):
        a.choose("not a view")
