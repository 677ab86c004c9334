"""No developer words on any lesson page: the text a learner sees — Markdown cells, printed
and HTML outputs, and every widget's drawn text as executed (HTML, labels, buttons, list
options, placeholders, tooltips) — names no file, no module, no shell command, no section
number of the game description, no internal token; and no program name (the program a game
was ported from), no grid coordinates, no settings string, no jargon a review found, and no
label said twice ("Hit: hit: …", a heading followed by a line that repeats it).

Code cells are not scanned (Voilà does not show them); link targets are not text either (a
link *says* "lesson 3", it may *point* at its notebook). Every lesson notebook is scanned,
whoever wrote it."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(p for p in NOTEBOOKS.glob("*.ipynb") if re.match(r"\d\d_", p.name))

#: What a learner must not meet, each with a name for the failure message.
DEVELOPER_WORDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("file name", re.compile(r"\b[\w-]+\.(?:ipynb|py|md|json|csv|sqlite3?|cfg|toml|ya?ml|sh)\b")),
    ("module name", re.compile(r"\b(?:wpp|widgets|ipywidgets|matplotlib|numpy|pandas|dask|"
                               r"hypothesis)\.[a-z_]\w*")),
    ("shell command", re.compile(r"\bmake (?:play|test|lessons|install|docs|bench\w*|serve|"
                                 r"check|lint|all|clean|\w+-\w+)\b|\b(?:pip|pytest|voila|"
                                 r"jupyter|conda|python3?|nbconvert) (?:-{1,2}\w|install|run|"
                                 r"[\w/]+\.)|^\$ ", re.M)),
    # The game description's sections are 3.x to 8.x: "(6.31)"; a value in brackets such as
    # "(0.625)" or "(1.5)" is not one.
    ("section number", re.compile(r"\([3-9]\.\d{1,2}\)|\bsections? \d+(?:\.\d+)+")),
    # ... or as a row's label: "6.32, aggressive pair".
    ("section label", re.compile(r"(?<![\d.])[3-8]\.\d{1,2}, [a-z]{3,}")),
    ("internal token", re.compile(r"\btoken \d")),
    # The programs the games were ported from ("pyOFC"): a learner plays the game, not a port.
    ("program name", re.compile(r"\bpy[A-Z][A-Za-z]+\b|(?i:\bpyofc\b)")),
    # A cell's numbers on Pokeros's grid, "(0, 0)" or "at (-1, 2)".
    ("grid coordinates", re.compile(r"\(-?\d+, ?-?\d+\)")),
    # The rules object's settings: field names ("hand_limit"), "key=value", and the Pokeros
    # board's variant line ("strict 5-card run limit, multiplier: hands").
    ("settings string", re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z_]+=[\w\"'`]|\bmultiplier: \w+|"
                                   r"\brun limit\b")),
    ("jargon", re.compile(r"\breference deals?\b|\bplays per rule\b|\b\d+ yes / \d+ no\b|"
                          r"\bMonte Carlo\b")),
    # A word said twice: "The AI plays play 4♣" (a move's text already starts with "play").
    ("doubled word", re.compile(r"\b(play|draw|the|of|to)s? \1\b")),
    # The research's words (issue 27: lesson 7 showed Elo gaps and Wilson intervals, lesson 8
    # "Equity 0.480" and columns "HC 1P 2P …"): a lesson says "chance to win", "likely range",
    # "keep all five"; the research stays on the analysts' pages.
    ("research words", re.compile(r"\bElo\b|\bWilson\b|\bequity\b|\bHC 1P\b|\bstand pat\b|"
                                  r"\bno bound\b|\bclean sweep\)|\bdrift from\b", re.I)),
    # A label, then a line that starts with the same word and a colon: "Hit : hit: draw".
    ("doubled label", re.compile(r"\b([A-Za-z]{2,})\s*:\s*\1\s*:", re.I)),
)


def _strip(markup: str) -> str:
    """Text as a browser draws it: tags and style blocks gone, link targets gone."""
    markup = re.sub(r"<(style|script)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    markup = re.sub(r"<[^>]+>", " ", markup)
    return html.unescape(markup)


def _markdown_text(source: str) -> str:
    source = re.sub(r"\]\([^)]*\)", "]", source)          # [text](target) → [text]
    source = re.sub(r"<a [^>]*>", " ", source)
    return _strip(source)


def rendered_text(path: Path) -> list[tuple[str, str]]:
    """Every piece of text the page shows, with where it comes from."""
    nb: dict[str, Any] = json.loads(path.read_text("utf-8"))
    out: list[tuple[str, str]] = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown":
            out.append((f"cell {i}", _markdown_text("".join(cell["source"]))))
            continue
        for o in cell.get("outputs", []):
            if o.get("output_type") == "stream":
                out.append((f"cell {i} printed", "".join(o.get("text", ""))))
            data = o.get("data", {})
            if "text/html" in data:
                out.append((f"cell {i} html", _strip("".join(data["text/html"]))))
            elif "text/plain" in data and "application/vnd.jupyter.widget-view+json" not in data \
                    and "image/png" not in data:
                out.append((f"cell {i} output", "".join(data["text/plain"])))
    states = nb.get("metadata", {}).get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model_id, model in states.items():
        s = model.get("state", {})
        name = model.get("model_name", "")
        if name in ("HTMLModel", "HTMLMathModel", "LabelModel") and isinstance(s.get("value"), str):
            out.append((f"widget {model_id[:6]}", _strip(s["value"])))
        for key in ("description", "placeholder", "tooltip"):
            if isinstance(s.get(key), str):
                out.append((f"widget {model_id[:6]} {key}", _strip(s[key])))
        for label in s.get("_options_labels", []) or []:
            out.append((f"widget {model_id[:6]} option", str(label)))
    return out


def offences(path: Path) -> list[str]:
    found = []
    for where, text in rendered_text(path):
        for what, pattern in DEVELOPER_WORDS:
            for m in pattern.finditer(text):
                found.append(f"{where}: {what} {m.group(0)!r}")
    return found


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_developer_words_on_a_lesson_page(path: Path) -> None:
    found = offences(path)
    assert not found, f"{path.name}:\n" + "\n".join(sorted(set(found))[:40])


def test_the_scanner_finds_what_it_looks_for() -> None:
    bad = ("see 03_the_mulligan.ipynb, run `make play`, wpp.warpairs.ai decides (6.31) with "
           "token 1; pytest -x; as pyOFC scores; 4♥ at (0, -1); Flag: hand_limit; five "
           "reference deals; Hit : hit: draw a card; 6.32, aggressive pair; the AI plays play "
           "4♣; Equity 0.480")
    kinds = {what for what, p in DEVELOPER_WORDS if p.search(bad)}
    assert kinds == {w for w, _ in DEVELOPER_WORDS}
    fine = ("Make a pair, then play it (R7). Lesson 3 asks first. A python can't play cards; "
            "the 9.5% of deals, 3.14, a gamble (0.625) beats a sure 2nd place (0.5); low to "
            "high: high card, one pair; A-2-3-4-5: 5 high; a pair (R4, R7); Hit: draw a card; "
            "chance to win 48%; keep all five; the likely range; an elbow; Wilsonia")
    assert not any(p.search(fine) for _, p in DEVELOPER_WORDS)
    assert _markdown_text("[lesson 3](03_the_mulligan.ipynb)").strip() == "[lesson 3]"
    for sample in ("(pyofc scoring does not)", "cell (12, 3)", "strict 5-card run limit, "
                   "multiplier: hands", "stash=1", "plays per rule: R9 2 yes / 0 no",
                   "Fold : fold: score the lowest card", "elo low", "95% Wilson interval",
                   "no bound (clean sweep)", "HC 1P 2P", "stand pat",
                   "so this list cannot drift from the rules", "a Monte Carlo player",
                   "would play play 7♣"):
        assert any(p.search(sample) for _, p in DEVELOPER_WORDS), sample


def test_the_rules_cards_say_each_label_once_without_settings_or_coordinates() -> None:
    """The rules cards, built now (not as stored): the card of every game names no program,
    no cell numbers, no setting, and does not repeat a rule's title ("Hit: hit: …")."""
    from widgets.lessons.shared.rules_card import game_card_html
    from wpp.core.registry import game_def, registered_games

    for game in registered_games():
        if game != "warpairs" and game_def(game).rulebook() is None:
            continue
        text = _strip(game_card_html(game, open_=True))
        found = [f"{what} {m.group(0)!r}" for what, p in DEVELOPER_WORDS
                 for m in p.finditer(text)]
        assert not found, f"{game}: {found}"


def test_lesson_12_names_its_ais_as_the_page_shows_them() -> None:
    """Regression: lesson 12 sent the learner to "the search AI" and "the classic AI", words
    the page's lists did not show (they listed ids, then only levels): the lesson now gives the
    page's own words for both, and the page names the club player as the lessons' classic AI."""
    from widgets.page.seats import hint_choices, opponent_choices

    [path] = [p for p in LESSONS if p.name.startswith("12_")]
    said = " ".join(text for _, text in rendered_text(path))
    hints = dict((name, label) for label, name in hint_choices("warpairs"))
    assert hints["search"].split(" (")[0] in said            # "Expert — thinks ahead"
    assert "Hint from" in said and "Club player" in said
    classic = [label for label, v in opponent_choices("warpairs") if v == "agent:classic"]
    assert classic and "classic AI" in classic[0] and "Club player" in hints["classic"]
