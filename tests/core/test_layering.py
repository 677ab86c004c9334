"""The layout stays honest: no import cycle among the kit's modules (late imports inside
functions count), the engine never imports the UI, the core and the analysis import no
game's package, a game's engine and agents import no widgets, no page session and no
analysis, and WarPairsPoker's card-to-play layers import one way only (play types ← judge ←
move generation ← lookup ← counting)."""

from __future__ import annotations

import ast
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


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


def imports(module: str) -> set[str]:
    """Every kit module ``module`` imports at run time, at any depth of its code."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if _type_checking_only(node, parents):
            continue
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


GRAPH = {m: imports(m) for m in MODULES}


def test_there_is_no_import_cycle() -> None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        path.append(m)
        for n in sorted(GRAPH[m]):
            if state.get(n) == 1:
                cycle = [*path[path.index(n):], n]
                raise AssertionError("import cycle: " + " → ".join(cycle))
            if n not in state:
                visit(n)
        path.pop()
        state[m] = 2

    for m in sorted(GRAPH):
        if m not in state:
            visit(m)


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


def test_the_checker_sees_late_imports() -> None:
    """The cycle finder must see an import inside a function (the kind that hid the
    plays → moves → judge → plays circle)."""
    source = "def f():\n    from wpp.warpairs.moves import all_plays\n"
    tree = ast.parse(source)
    found = {resolve(f"{n.module}.{a.name}") for n in ast.walk(tree)
             if isinstance(n, ast.ImportFrom) for a in n.names}
    assert found == {"wpp.warpairs.moves"}


#: The kit's own packages; every other package under wpp/ is a game's. ``wpp.poker`` is the
#: standard poker ranking the poker games share.
KIT_PACKAGES = ("wpp.core", "wpp.analysis", "wpp.poker")
GAME_PACKAGES = sorted({m.split(".")[1] for m in MODULES if m.count(".") >= 1
                        and m.startswith("wpp.") and (ROOT / "wpp" / m.split(".")[1]).is_dir()}
                       - {p.split(".")[1] for p in KIT_PACKAGES})


def _in(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def test_every_game_package_registers_a_game() -> None:
    import wpp

    registered = {wpp.core.registry.game_def(g).package for g in wpp.registered_games()}
    assert {f"wpp.{p}" for p in GAME_PACKAGES} == registered


def test_the_core_and_the_analysis_import_no_game() -> None:
    assert GAME_PACKAGES, "no game packages found"
    for m in MODULES:
        if not any(_in(m, k) for k in KIT_PACKAGES):
            continue
        games = [n for n in GRAPH[m] if any(_in(n, f"wpp.{g}") for g in GAME_PACKAGES)]
        assert not games, f"{m} imports {games}: the core reaches games through the registry"


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
    forbidden = ("widgets", "wpp.core.session", "wpp.analysis")
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

    code = ("import sys, wpp.core.registry, wpp.core.history, wpp.analysis; "
            "print(sorted(m for m in sys.modules if m.startswith('wpp.') and m.split('.')[1] "
            "not in ('core', 'analysis', 'poker')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.strip()
    assert out == "[]", f"importing the core loaded {out}"
