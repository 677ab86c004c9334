"""pyOFC's command line, played through a pseudo-terminal (pexpect): keys 1/2/3 place the
cards, x resets a row, y/n confirms, bad keys are asked again, the computer's placements are
explained with -e, each hand ends with its scoring and the session's score, then another hand
or quit. Bad flags are refused before any work (exit status 2, one line)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pexpect
import pytest

from wpp.__main__ import main

ROOT = Path(__file__).resolve().parents[2]
PLACE = r"Place (\S+): 1 top, 2 middle, 3 bottom, x reset a row > "
CONFIRM = r"Confirm\? y/n > "
ANOTHER = r"Another hand\? y/n > "
FULL = r"row is full; choose another\."


def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return pexpect.spawn(sys.executable, ["-m", "wpp", "ofc", "play", *args], env=env,
                         encoding="utf-8", timeout=60, dimensions=(60, 200))


def play_hand(child: pexpect.spawn, first_key: str = "3") -> str:
    """Place every card of one hand (bottom first, then middle, then top, as rows fill);
    returns the text up to the question about another hand."""
    order = "321"
    at = order.index(first_key)
    seen = []
    while True:
        i = child.expect([PLACE, CONFIRM, ANOTHER, FULL])
        seen.append(child.before)
        if i == 0:
            child.sendline(order[at])
        elif i == 1:
            child.sendline("y")
        elif i == 2:
            return "".join(seen)
        else:
            at = (at + 1) % 3


def test_two_hands_in_a_terminal_with_explanations_bad_keys_resets_and_a_refusal() -> None:
    child = spawn("--seed", "3", "--passes", "8", "-e")
    child.expect("against pyOFC's AI")
    child.expect(PLACE)
    first = child.match.group(1)
    child.sendline("q")                        # a bad key: asked again
    child.expect("Please type one of 1, 2, 3, x")
    child.expect(PLACE)
    child.sendline("1")                        # the first card on top ...
    child.expect(PLACE)
    child.sendline("x")                        # ... and taken back
    child.expect(r"Reset which row\? 1, 2 or 3 > ")
    child.sendline("7")
    child.expect("Please type one of 1, 2, 3")
    child.sendline("1")
    child.expect(PLACE)
    assert child.match.group(1) == first       # the same card is to place again
    for _ in range(5):
        child.sendline("3")
        i = child.expect([PLACE, CONFIRM])
    assert i == 1
    child.sendline("n")                        # refused: the placement starts again
    child.expect(PLACE)
    assert child.match.group(1) == first
    child.sendline("3")
    text = play_hand(child)
    assert "Tries each placement out" in text and "sensible ways to place these cards" in text
    assert "Computer place" in text
    assert "Session: you" in text and ("royalties" in text or "FOULED" in text)
    child.sendline("maybe")
    child.expect("Please type one of y, n")
    child.sendline("y")
    child.expect("Hand 2: the computer moves first")
    text = play_hand(child, "2")
    assert "Hand 2: you" in text
    child.sendline("n")
    child.expect(r"Final score after 2 hands: you [+-]\d+")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_end_of_input_ends_the_game_politely() -> None:
    child = spawn("--seed", "1", "--passes", "4")
    child.expect(PLACE)
    child.sendeof()
    child.expect("Bye")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize(("argv", "named"), [(["-f", "0"], "-f"), (["-o", "x"], "-o"),
                                             (["--passes", "0"], "--passes"),
                                             (["-f", "1000"], "-f")])
def test_bad_flags_exit_2_with_one_line(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        named: str) -> None:
    try:
        code = main(["ofc", "play", *argv])
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and named in err


def test_without_a_terminal_play_prints_a_game_between_agents(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ofc", "play", "--seed", "2", "--agents", "pyofc,random"]) == 0
    out = capsys.readouterr().out
    assert "P1 = pyofc, P2 = random" in out and "Hand 1 scored" in out
