"""The layout stays honest: no import circle among the kit's modules (imports inside
functions and imports for type checking count: a circle is reported with its path), the
engine never imports the UI, no game imports another game's package (engine or widgets), the
kit's shared modules (core, analysis, the shared poker ranking, the server's services, the
widgets' parts, page and site) name no game, the core imports nothing of the kit above it
(no analysis: its command line is joined to the analysis' by ``python -m wpp``; no
services), a game's engine and agents import no widgets, no page session, no analysis and
no service, and WarPairsPoker's card-to-play layers import one way only (play types ← judge
← move generation ← lookup ← counting). Each checker is also shown a planted fault, so a
test that cannot fail would be seen."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("wpp", "widgets")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}


def resolve(name: str) -> str | None:
    """The kit module ``name`` refers to (a name inside a module counts as the module)."""
    while name:
        if name in MODULES:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every kit module that ``source`` (the text of ``module``) imports, at any depth of its
    code: at the top, inside functions, and under ``if TYPE_CHECKING:`` (an import for the
    type checker is still an arrow between two modules, and a circle of them is a circle)."""
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([*package.split(".")[:len(package.split(".")) - node.level + 1],
                                 *([base] if base else [])])
            names = [f"{base}.{a.name}" for a in node.names] + [base]
        for name in names:
            target = resolve(name)
            if target is not None and target != module:
                out.add(target)
    return out


def imports(module: str) -> set[str]:
    """Every kit module ``module`` imports (see :func:`imports_of`)."""
    path = MODULES[module]
    return imports_of(path.read_text(encoding="utf-8"), module, path.name == "__init__.py")


GRAPH = {m: imports(m) for m in MODULES}


def import_groups(graph: Mapping[str, Iterable[str]]) -> list[set[str]]:
    """Every group of modules that import each other, directly or not (each strongly
    connected component of the graph with more than one module)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(v: str) -> None:  # Tarjan's algorithm
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group: set[str] = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return groups


def cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """One circle ``a → … → a`` (a shortest one, from the group's first module) for every
    group of :func:`import_groups`, sorted; empty when the graph has no circle."""
    found = []
    for group in import_groups(graph):
        start = min(group)
        paths = {start: [start]}
        todo = [start]
        while todo:  # breadth first, inside the group, back to the start
            v = todo.pop(0)
            for w in sorted(graph.get(v, ())):
                if w == start:
                    found.append([*paths[v], start])
                    todo = []
                    break
                if w in group and w not in paths:
                    paths[w] = [*paths[v], w]
                    todo.append(w)
    return sorted(found)


def test_there_is_no_import_cycle() -> None:
    groups = {min(g): sorted(g) for g in import_groups(GRAPH)}
    found = [" → ".join(c) + f"  (the modules in this circle: {', '.join(groups[c[0]])})"
             for c in cycles(GRAPH)]
    assert not found, "import circles:\n" + "\n".join(found)


def test_the_cycle_finder_reports_a_planted_circle() -> None:
    """It finds a circle through a late or a type-checking import, with its path, and only
    circles: a diamond is none."""
    assert cycles({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}, "d": set()}) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a", "d"}, "d": {"e"}, "e": {"d"}}) == [
        ["a", "b", "c", "a"], ["d", "e", "d"]]
    page = {"widgets.page.game_page": {"widgets.page.turns", "widgets.page.review"},
            "widgets.page.turns": {"widgets.page.practice"},
            "widgets.page.review": {"widgets.page.reasons"}}
    assert cycles(page) == []
    page["widgets.page.turns"] |= imports_of("if TYPE_CHECKING:\n    from widgets.page.game_page"
                                             " import GamePage\n", "widgets.page.turns")
    assert cycles(page) == [["widgets.page.game_page", "widgets.page.turns",
                             "widgets.page.game_page"]]


def test_the_checker_sees_late_and_type_checking_imports() -> None:
    """An import inside a function (the kind that hid the plays → moves → judge → plays
    circle) and one for the type checker only (the kind that hid game_page ↔ turns) are
    both arrows; a relative import resolves from the module's package."""
    source = ("from typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from widgets.page.game_page import GamePage\n"
              "def f():\n    from wpp.warpairs.moves import all_plays\n"
              "from .review import Review\n")
    assert imports_of(source, "widgets.page.turns") == {
        "widgets.page.game_page", "wpp.warpairs.moves", "widgets.page.review"}


def test_the_engine_never_imports_the_ui() -> None:
    for m, path in MODULES.items():
        if not m.startswith("wpp"):
            continue
        assert not any(n.startswith("widgets") for n in GRAPH[m]), f"{m} imports widgets"
        text = path.read_text(encoding="utf-8")
        assert "import ipywidgets" not in text and "from ipywidgets" not in text, m


def test_the_play_layers_import_one_way() -> None:
    order = ["wpp.warpairs.plays", "wpp.warpairs.judge", "wpp.warpairs.moves",
             "wpp.warpairs.lookup",
             "wpp.warpairs.play_counts"]
    for i, m in enumerate(order):
        for higher in order[i + 1:]:
            assert higher not in GRAPH[m], f"{m} imports {higher}, a layer above it"
    assert "wpp.warpairs.moves" in GRAPH["wpp.warpairs.lookup"]
    assert "wpp.warpairs.judge" in GRAPH["wpp.warpairs.moves"]


#: The kit's own packages; every other package under wpp/ is a game's. ``wpp.poker`` is the
#: standard poker ranking the poker games share; ``wpp.services`` the server-side services
#: (rooms, classes, kept games, throttles).
KIT_PACKAGES = ("wpp.core", "wpp.analysis", "wpp.poker", "wpp.services")
GAME_PACKAGES = sorted({m.split(".")[1] for m in MODULES if m.count(".") >= 1
                        and m.startswith("wpp.") and (ROOT / "wpp" / m.split(".")[1]).is_dir()}
                       - {p.split(".")[1] for p in KIT_PACKAGES})


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_every_game_package_registers_a_game() -> None:
    import wpp

    registered = {wpp.core.registry.game_def(g).package for g in wpp.registered_games()}
    assert {f"wpp.{p}" for p in GAME_PACKAGES} == registered


@cache
def game_places() -> dict[str, tuple[str, str]]:
    """Each registered game's own places: its engine package and its widgets package
    (``"draw"`` → ``wpp.classic``, ``widgets.games.draw``)."""
    from wpp.core.registry import game_def, registered_games

    return {g: (game_def(g).package, f"widgets.games.{g}") for g in registered_games()}


def owner(module: str) -> str | None:
    """The game whose places hold ``module``, or ``None`` for a shared module."""
    for game, places in game_places().items():
        if any(_in(module, place) for place in places):
            return game
    return None


def cross_game_imports(graph: Mapping[str, Iterable[str]]) -> list[str]:
    """Every arrow from one game's places into another's."""
    return sorted(f"{m} ({owner(m)}) imports {n} ({owner(n)})"
                  for m, targets in graph.items() if owner(m) is not None
                  for n in targets if owner(n) not in (None, owner(m)))


def test_no_game_imports_another_games_package() -> None:
    """What two games share lives in a shared place (the standard ranking in ``wpp.poker``),
    so each game can change, or go, without touching another."""
    assert set(GAME_PACKAGES) == {p.split(".")[1] for p, _ in game_places().values()}
    widget_games = {m.split(".")[2] for m in MODULES if m.count(".") >= 2
                    and _in(m, "widgets.games")}
    assert widget_games <= set(game_places()), f"widgets of no game: {widget_games}"
    bad = cross_game_imports(GRAPH)
    assert not bad, "a game imports another game's package:\n" + "\n".join(bad)


def test_the_game_rule_can_fail() -> None:
    planted = {"wpp.ofc.board": {"wpp.classic.game", "wpp.poker.ranking", "wpp.ofc.game"},
               "widgets.games.pairs.board": {"widgets.games.ofc.board", "wpp.pairs.game",
                                             "widgets.parts.hand"},
               "widgets.games.draw.board": {"wpp.classic.game"},
               "wpp.poker.ranking": {"wpp.core.errors"}}
    assert cross_game_imports(planted) == [
        "widgets.games.pairs.board (pairs) imports widgets.games.ofc.board (ofc)",
        "wpp.ofc.board (ofc) imports wpp.classic.game (draw)"]


#: The shared places: they serve every game and name none (the brief's two, widgets/parts
#: and wpp/core, and every other place written once for all games).
SHARED = ("wpp.core", "wpp.analysis", "wpp.poker", "wpp.services", "widgets.parts",
          "widgets.page", "widgets.site", "widgets.lessons.shared")


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef
                          | ast.AsyncFunctionDef)
            and node.body and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)}


def game_paths_in_strings(source: str) -> list[str]:
    """The strings in ``source``'s code (not its docstrings) that name a game's module
    (``"wpp.warpairs.game"``, for ``import_module``): a way to name a game the import graph
    does not see."""
    places = [re.escape(p) for ps in game_places().values() for p in ps]
    pattern = re.compile(rf"^({'|'.join(places)})(\.|$)")
    tree = ast.parse(source)
    docs = _docstrings(tree)
    return sorted(node.value for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and id(node) not in docs and pattern.match(node.value))


def games_named_by_shared(graph: Mapping[str, Iterable[str]],
                          sources: Mapping[str, str]) -> list[str]:
    """Every shared module that imports a game's module or names one in a string."""
    bad = []
    for m, targets in graph.items():
        if not any(_in(m, k) for k in SHARED):
            continue
        bad += [f"{m} imports {n} ({owner(n)})" for n in sorted(targets) if owner(n)]
        bad += [f"{m} names {text!r}" for text in game_paths_in_strings(sources[m])]
    return bad


@cache
def _sources() -> dict[str, str]:
    return {m: p.read_text(encoding="utf-8") for m, p in MODULES.items()}


def test_shared_places_name_no_game() -> None:
    """The core, the analysis, the poker ranking, the widgets' parts, the page, the site and
    the lessons' shared parts reach games through the registry only."""
    bad = games_named_by_shared(GRAPH, _sources())
    assert not bad, "a shared module names a game:\n" + "\n".join(bad)
    assert all(any(_in(m, k) for m in MODULES) for k in SHARED), "a shared place is missing"


def test_the_shared_rule_can_fail() -> None:
    graph = {"widgets.parts.redact": {"wpp.warpairs.game", "wpp.core.explain"},
             "wpp.core.cli": {"wpp.core.registry"}, "wpp.ofc.board": {"wpp.poker.ranking"}}
    sources = {"widgets.parts.redact": '"""About wpp.warpairs.game."""\n',
               "wpp.core.cli": 'import importlib\nimportlib.import_module("wpp.pairs.game")\n',
               "wpp.ofc.board": ""}
    assert games_named_by_shared(graph, sources) == [
        "widgets.parts.redact imports wpp.warpairs.game (warpairs)",
        "wpp.core.cli names 'wpp.pairs.game'"]


def test_the_core_imports_nothing_above_it() -> None:
    """The core is the bottom layer: no analysis (its command line is joined to the
    analysis' by ``python -m wpp``), no server-side services, no shared poker ranking, no
    widgets."""
    bad = sorted(f"{m} imports {n}" for m in MODULES if _in(m, "wpp.core")
                 for n in GRAPH[m] if not _in(n, "wpp.core"))
    assert not bad, "\n".join(bad)
    assert "wpp.core.cli" in GRAPH["wpp.analysis.commands"]  # the checker sees that arrow


def _closure(roots: set[str], skip: tuple[str, ...]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        m = todo.pop()
        if m in seen or m.rpartition(".")[2].endswith(skip):
            continue
        seen.add(m)
        todo.extend(GRAPH[m])
    return seen


def test_an_engine_imports_no_widgets_no_session_no_analysis() -> None:
    """A game's engine and agents — everything its registration reaches, its command-line
    glue aside — stand on the core alone: no widgets, no page session, no analysis."""
    forbidden = ("widgets", "wpp.core.session", "wpp.analysis", "wpp.services")
    for game in GAME_PACKAGES:
        reached = _closure({f"wpp.{game}.registration"}, skip=("cli",))
        bad = sorted(m for m in reached if any(_in(m, f) for f in forbidden))
        assert not bad, f"the {game} engine reaches {bad}"


def test_no_two_kit_modules_share_a_name_and_the_top_level_holds_only_entry_points() -> None:
    """The names a reader could confuse: ``wpp/`` itself holds only ``__init__`` and
    ``__main__`` beside packages, and no two of the kit's own packages (core, analysis,
    poker) have modules of the same name (a game's package may mirror another game's names:
    ``wpp.ofc.game``, ``wpp.pairs.game``, each is its own game's)."""
    top = {p.name for p in (ROOT / "wpp").iterdir() if p.suffix == ".py"}
    assert top == {"__init__.py", "__main__.py"}, top
    names = {k: {m.rpartition(".")[2] for m in MODULES if _in(m, k) and m != k}
             for k in KIT_PACKAGES}
    for i, a in enumerate(KIT_PACKAGES):
        for b in KIT_PACKAGES[i + 1:]:
            shared = names[a] & names[b]
            assert not shared, f"modules of {a} and {b} share names: {shared}"


def test_importing_the_core_loads_no_game() -> None:
    """``wpp/__init__.py`` gives WarPairsPoker's engine names on first use, so importing the
    core (which imports the ``wpp`` package first) loads no game until a game is asked for."""
    import subprocess
    import sys

    code = ("import sys, wpp.core.registry, wpp.core.history, wpp.analysis, wpp.services.rooms; "
            "print(sorted(m for m in sys.modules if m.startswith('wpp.') and m.split('.')[1] "
            "not in ('core', 'analysis', 'poker', 'services')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.strip()
    assert out == "[]", f"importing the core loaded {out}"
