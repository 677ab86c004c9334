"""Every row of the conformance table of the rules text (``docs/rules.md``), one test each."""

from __future__ import annotations

import pytest

from wpp.warpairs.judge import judge
from wpp.warpairs.lookup import beats, classify, why_not
from wpp.warpairs.plays import Category, IllegalPlay, Mode

# (table or None for a lead, play, legal?, rule the verdict must name or None)
ROWS = [
    (None, "7H 7S", True, None),
    ("7C", "7S", True, "R8"),
    ("8D", "7S", False, "R8"),
    ("AS", "2D", True, "R9"),
    ("2D", "AS", False, "R9"),
    ("2D", "3D", True, "R8"),
    ("7D 7S", "7C 7H", False, "R8"),
    ("AH AS", "2D 2C", True, "R9"),
    ("2D 2C 2H 9S 9D", "AD AC AH 3S 3D", False, "R9"),
    ("2D 2C 2H 9S 9D", "3D 3C 3H 3S", True, "R8"),
    ("10D JC QH KS AD", "JC QD KH AS 2D", True, "R9"),
    ("JC QD KH AS 2D", "10H JH QC KC AC", False, "R9"),
    ("JC QD KH AS 2D", "2C 3D 4H 5S 6D", True, "R8"),
    ("4D 5C 6H 7S 8C", "4H 5D 6C 7D 8D", False, "R8"),
    ("4D 5C 6H 7S 8C", "5D 6C 7D 8D 9D", True, "R8"),
    ("AH AS 5D 5C", "2D 2C 9H 9S", True, "R9"),
    ("9D 9C 9H", "KD KC QH QS", False, "R8"),
    ("4D 5C 6H 7S 8C", "9D 9C 9H", False, "R8"),
]


@pytest.mark.parametrize(("table", "play", "legal", "rule"), ROWS)
def test_conformance_row(table: str | None, play: str, legal: bool, rule: str | None) -> None:
    verdict = judge(classify(play), None if table is None else classify(table))
    assert verdict.legal is legal, verdict.reason
    if rule is not None:
        assert verdict.rule == rule
        assert f"({rule})" in verdict.reason or f"{rule})" in verdict.reason
    if table is not None:
        assert beats(play, table) is legal
        assert (why_not(play, table) is None) is legal


def test_lead_pair_mode() -> None:
    p = classify("7H 7S")
    assert p.mode is Mode.PAIR and p.category is Category.PAIR


def test_lead_four_of_a_kind_with_kicker() -> None:
    p = classify("7S 7H 7D 7C 3D")
    assert p.mode is Mode.POKER and p.category is Category.FOUR_OF_A_KIND
    assert len(p.cards) == 5


def test_two_pair_plus_kicker_is_no_play() -> None:
    with pytest.raises(IllegalPlay, match=r"two pair is always played as 4 cards.*\(R4\)"):
        classify("7S 7H 9D 9C 3D")


def test_three_cards_on_a_pair_lead_break_the_mode() -> None:
    verdict = judge(classify("9D 9C 9H"), classify("5D 5C"))
    assert not verdict.legal
    assert verdict.rule == "R7" and "pair mode" in verdict.reason


def test_ace_on_two_reason_names_the_rule() -> None:
    assert why_not("AS", "2D") == "an ace may not be played on a two (R9)"
