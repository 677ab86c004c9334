"""Tests of ``python -m wpp.classic``: the prompt, re-asking, the output format, the draw game."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from wpp.core.standard_deck import parse_cards
from wpp.poker.ranking import Category, evaluate, winners

PROMPT = "Enter the number of hands to play: "
LABELS = {c.label for c in Category} | {"Royal Flush"}
HAND_LINE = re.compile(r"^Hand (\d): ((?:(?:10|[2-9JQKA])[SHDC] ){4}(?:10|[2-9JQKA])[SHDC])$")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wpp.classic", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def check_showdown(lines: list[str], n: int) -> None:
    """The seed's format: n hand lines, a blank, n name lines, a blank, the winner line."""
    assert len(lines) == 2 * n + 3, lines
    hands = []
    for i, line in enumerate(lines[:n], 1):
        m = HAND_LINE.match(line)
        assert m and int(m.group(1)) == i, line
        hands.append(parse_cards(m.group(2)))
    assert lines[n] == "" and lines[2 * n + 1] == ""
    for i, (line, hand) in enumerate(zip(lines[n + 1 : 2 * n + 1], hands, strict=True), 1):
        assert line == f"Hand {i}: {evaluate(hand).label}"
        assert line.split(": ", 1)[1] in LABELS
    best = [i + 1 for i in winners(hands)]
    if len(best) == 1:
        assert lines[-1] == f"Hand {best[0]} wins."
    else:
        assert lines[-1].startswith("Hands ") and lines[-1].endswith("tie and split the pot.")
    assert len({c for h in hands for c in h}) == 5 * n


def test_prompt_reasks_on_bad_input_then_deals() -> None:
    out = run("--seed", "5", stdin="\nseven\n1\n7\n2.5\n4\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert text.count(PROMPT) == 6
    assert "'' is not a whole number. Enter 2 to 6." in text
    assert "'seven' is not a whole number. Enter 2 to 6." in text
    assert "1 hands is not allowed. Enter 2 to 6." in text
    assert "7 hands is not allowed. Enter 2 to 6." in text
    assert "'2.5' is not a whole number. Enter 2 to 6." in text
    # like the seed's session: the prompt line with the answer, a blank line, the showdown
    after = text.split(PROMPT + "4\n", 1)[1].splitlines()
    assert after[0] == ""
    check_showdown(after[1:], 4)


@pytest.mark.parametrize("n", [2, 3, 6])
def test_non_interactive_hands(n: int) -> None:
    out = run("--hands", str(n), "--seed", "42")
    assert out.returncode == 0 and PROMPT not in out.stdout
    check_showdown(out.stdout.splitlines(), n)


def test_seed_makes_the_deal_repeatable() -> None:
    first, second = run("--hands", "5", "--seed", "9"), run("--hands", "5", "--seed", "9")
    assert first.stdout == second.stdout
    assert run("--hands", "5", "--seed", "10").stdout != first.stdout


def test_detail_prints_full_names() -> None:
    out = run("--hands", "3", "--seed", "18", "--detail")
    names = out.stdout.splitlines()[4:7]
    assert all("," in line for line in names), names


@pytest.mark.parametrize("bad", ["1", "7", "x"])
def test_bad_hands_option_is_an_error(bad: str) -> None:
    out = run("--hands", bad)
    assert out.returncode == 2 and "--hands" in out.stderr
    assert len(out.stderr.splitlines()) == 1 and "Traceback" not in out.stderr


def test_end_of_input_stops_cleanly() -> None:
    out = run(stdin="nine\n")
    assert out.returncode == 1 and "No answer" in out.stderr
    assert out.stdout.count(PROMPT) == 2


def test_draw_against_the_ai_at_the_prompt() -> None:
    # position 9 does not exist, ZZ is no card, four cards are too many, then discard two
    out = run("draw", "--seed", "3", stdin="9\nZZ\n1 2 3 4\n1 2\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "there is no position 9: use 1 to 5" in text
    assert "'ZZ' is not a card" in text
    assert "Not allowed: You may discard up to 3 cards." in text
    assert text.count("Discard which cards?") == 4
    assert re.search(r"You discard \S+ \S+ and draw \S+ \S+\.", text)
    assert re.search(r"AI (draws \d cards?|stands pat)\.", text)
    assert re.search(r"^(You win|AI wins|Split pot: You and AI tie)\.$", text, re.M)
    assert "After 1 round: You " in text


def test_draw_stand_pat_with_hint_and_ace_rule() -> None:
    out = run("draw", "--seed", "3", "--hint", "--ace-four", stdin="\n")
    assert out.returncode == 0, out.stderr
    assert "You stand pat." in out.stdout
    assert "equity" in out.stdout and "(4 if the card you keep is an ace)" in out.stdout


def test_draw_auto_with_explanations() -> None:
    out = run("draw", "--auto", "--seed", "1", "--rounds", "3", "--explain", "--top", "3")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("--- Round") == 3
    assert out.stdout.count("Why AI 1 drew as it did:") == 3
    assert out.stdout.count("Why AI 2 drew as it did:") == 3
    assert "After 3 rounds: AI 1 " in out.stdout


def test_draw_rounds_must_be_positive() -> None:
    out = run("draw", "--rounds", "0")
    assert out.returncode == 2


def test_main_in_process_with_a_reader(capsys: pytest.CaptureFixture[str]) -> None:
    from wpp.classic.__main__ import main

    answers = iter(["0", "2"])
    assert main(["--seed", "1"], read=lambda prompt: next(answers)) == 0
    lines = capsys.readouterr().out.splitlines()
    check_showdown(lines[lines.index("") + 1 :] if lines[0] != "" else lines[1:], 2)
