"""A new game in one command: ``python -m wpp new-game NAME`` writes a small playable game in
its own places, from the template in ``wpp/templates/new_game/``, ready for its author to
change.

The template is a tree that mirrors the repository: each ``*.tmpl`` file is written at the
same path with ``NAME`` in its path replaced by the game's name and ``LESSON`` by its lesson
notebook's stem (``14_crazy_eights``: the next free lesson number), and with ``{{name}}``,
``{{Title}}``, ``{{Class}}``, ``{{lesson}}`` and ``{{number}}`` in its text replaced. Then the
rules' copy under ``docs/`` is written (as ``scripts/sync_rules.py`` writes it). Nothing
outside the game's places is touched: the registry finds ``wpp/<name>/registration.py``, the
rooms find ``widgets/games/<name>/board.py``, the home page and the teacher's kit read the
notebooks' metadata and ``docs/teachers/``, ``docs/handouts/`` by themselves.

A bad name is the kit's error naming what is wrong, before any file is written:

>>> check_name("Crazy-Eights", Path("."))
Traceback (most recent call last):
...
wpp.core.errors.WppError: a game's name is a lower-case Python identifier ... not 'Crazy-Eights'
>>> check_name(registered_games()[-1], Path("."))
Traceback (most recent call last):
...
wpp.core.errors.WppError: there is already a game called '...'; choose another name
"""

from __future__ import annotations

import keyword
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from wpp.core.errors import WppError
from wpp.core.registry import registered_games
from wpp.core.rulebook import DOCS_HEADER

__all__ = ["TEMPLATE", "Names", "check_name", "game_places", "new_game_files", "write_game"]

#: The template's folder, shipped as package data (it holds no module: its files are
#: ``*.tmpl``, so nothing imports, lints or collects them as they are).
TEMPLATE: Final = Path(__file__).resolve().parents[1] / "templates" / "new_game"
_NAME: Final = re.compile(r"[a-z][a-z0-9_]{1,19}")
_LESSON: Final = re.compile(r"(\d\d)_.+\.ipynb")


@dataclass(frozen=True)
class Names:
    """The words a template is filled with: ``crazy_eights`` gives the title "Crazy Eights",
    the class prefix ``CrazyEights`` and (with 13 lessons already) the lesson
    ``14_crazy_eights``."""

    name: str
    number: int

    @property
    def title(self) -> str:
        return self.name.replace("_", " ").title()

    @property
    def cls(self) -> str:
        return "".join(part.capitalize() for part in self.name.split("_"))

    @property
    def lesson(self) -> str:
        return f"{self.number:02d}_{self.name}"

    def fill(self, text: str) -> str:
        """``text`` with every placeholder replaced."""
        for key, value in (("{{name}}", self.name), ("{{Title}}", self.title),
                           ("{{Class}}", self.cls), ("{{lesson}}", self.lesson),
                           ("{{number}}", str(self.number))):
            text = text.replace(key, value)
        return text

    def path(self, template_path: str) -> str:
        """A template file's path in the tree (``.tmpl`` dropped, ``NAME``/``LESSON``
        replaced)."""
        parts = template_path.removesuffix(".tmpl").split("/")
        out = []
        for part in parts:
            part = part.replace("LESSON", self.lesson).replace("NAME", self.name)
            out.append(part)
        return "/".join(out)


def check_name(name: object, root: Path) -> str:
    """``name`` if a new game may take it in the tree at ``root``, else ``WppError`` saying
    why: not a lower-case identifier, a Python keyword, a registered game, or a name whose
    places are taken (a package ``wpp/<name>/`` such as ``core``, a board package, tests)."""
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise WppError("a game's name is a lower-case Python identifier of 2 to 20 letters, "
                       "digits and underscores starting with a letter (it names its package "
                       f"wpp/<name>/), not {name!r:.40}")
    if keyword.iskeyword(name) or keyword.issoftkeyword(name):
        raise WppError(f"{name!r} is a Python keyword: it cannot name a package")
    if name in registered_games():
        raise WppError(f"there is already a game called {name!r}; choose another name")
    for place in ("wpp", "widgets/games", "tests"):
        if (root / place / name).exists():
            raise WppError(f"{place}/{name} already exists: the name {name!r} is taken")
    return name


def next_lesson_number(root: Path) -> int:
    """One more than the highest lesson number under ``root/notebooks`` (1 if none)."""
    numbers = [int(m.group(1)) for p in (root / "notebooks").glob("[0-9][0-9]_*.ipynb")
               if (m := _LESSON.fullmatch(p.name))]
    return max(numbers, default=0) + 1


def _template_files() -> list[tuple[str, str]]:
    """Every template file, its path under :data:`TEMPLATE` (``/``-separated) and text."""
    return [(p.relative_to(TEMPLATE).as_posix(), p.read_text(encoding="utf-8"))
            for p in sorted(TEMPLATE.rglob("*.tmpl"))]


def new_game_files(names: Names) -> dict[str, str]:
    """Every file of the new game, path (relative to the tree's root, ``/``-separated) →
    text: the template's, filled, and the rules' copy under ``docs/``."""
    files = {names.path(path): names.fill(text) for path, text in _template_files()}
    rules = f"wpp/{names.name}/rules.md"
    files[f"docs/{names.name}-rules.md"] = (DOCS_HEADER.format(source=rules) + files[rules])
    return files


def game_places(name: str, lesson: str) -> tuple[str, ...]:
    """The places a game owns (folders end with ``/``): what the command writes and all its
    author edits."""
    return (f"wpp/{name}/", f"widgets/games/{name}/", f"tests/{name}/",
            f"notebooks/{name}.ipynb", f"notebooks/{lesson}.ipynb",
            f"docs/teachers/{lesson}.md", f"docs/handouts/{lesson}.md",
            f"docs/{name}-rules.md")


def write_game(name: str, root: Path) -> list[Path]:
    """Write the new game ``name`` into the tree at ``root`` (the repository's root): checked
    first (:func:`check_name`), then every file; no file that exists is overwritten. Returns
    the files written."""
    name = check_name(name, root)
    names = Names(name, next_lesson_number(root))
    files = new_game_files(names)
    taken = [p for p in files if (root / p).exists()]
    if taken:
        raise WppError(f"the new game's files exist already: {', '.join(taken)}")
    (root / "wpp" / name / "data").mkdir(parents=True)  # for its ladder's ratings
    written = []
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
