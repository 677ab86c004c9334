"""The classic AI's explanations as data: every step has a stable id, every card a text names
is a reference to that card, and a renderer hides cards by those references alone."""

from __future__ import annotations

import json
import pickle
import re
from collections.abc import Iterator

import pytest

from widgets.parts.explain_view import explanation_html, text_html
from widgets.parts.redact import HIDDEN_MARK
from wpp.core.explain import Explanation, Ref, Step, Words, words
from wpp.core.standard_deck import parse_cards
from wpp.warpairs.ai.classic import ClassicAgent
from wpp.warpairs.ai.decide import ITEM_IDS
from wpp.warpairs.game import Game
from wpp.warpairs.rules import rulebook
from wpp.warpairs.teach.replay import DECISION_TAGS, decided_by
from wpp.warpairs.view import View

#: A card as the kit writes it in a sentence (format_cards: rank then suit symbol).
CARD_NAME = re.compile(r"(?<![0-9A-Za-z])(10|[2-9JQKA])[♦♣♥♠]")
STEP_IDS = {"situation", "decide.list", "decide.legal", "draw.source", "draw.first",
            "draw.second", "segment.power", "segment.groups", "segment.poker",
            "segment.segments", "mulligan.power", "mulligan.groups", "mulligan.candidates",
            "mulligan.fallback", "mulligan.power_cards", "mulligan.choice"}
AI = ClassicAgent()


def decisions(seeds: range) -> Iterator[tuple[View, Explanation]]:
    for seed in seeds:
        g = Game(seed)
        while not g.is_over:
            v = g.view(g.to_act)
            d = AI.decide(v)
            yield v, d.explanation
            g.apply(d.action)


def texts(e: Explanation) -> Iterator[str]:
    yield e.title
    yield e.summary
    for s in e.steps:
        yield from s.texts()


def plain_parts(x: str) -> list[str]:
    return [p for p in x.parts if isinstance(p, str)] if isinstance(x, Words) else [x]


def test_every_step_has_a_known_id_and_real_rules() -> None:
    seen: set[str] = set()
    for _, e in decisions(range(12)):
        for s in e.steps:
            assert s.id in STEP_IDS, (s.id, str(s.title))
            assert s.rule is None or s.rule in rulebook(), s.rule
            seen.add(s.id)
        ids = [s.id for s in e.steps]
        assert len(ids) == len(set(ids)), ids
    assert {"situation", "decide.list", "decide.legal", "mulligan.choice",
            "segment.segments"} <= seen


def test_the_decision_list_rows_carry_item_ids_and_the_chosen_one_decides() -> None:
    chosen: set[str] = set()
    for _, e in decisions(range(12)):
        step = e.step("decide.list")
        if step is None:
            continue
        assert len(step.row_ids) == len(step.rows) and set(step.row_ids) <= ITEM_IDS
        assert step.chosen_id == decided_by(e) and step.chosen_id is not None
        outcome = str(step.rows[step.chosen_row or 0][3])
        assert outcome.startswith("PLAY: ") or step.chosen_id == "draw"
        chosen.add(step.chosen_id)
    assert len(chosen) >= 4
    assert set(DECISION_TAGS) <= ITEM_IDS


def test_no_card_is_named_outside_a_reference() -> None:
    """Whatever names a card is a Ref, so a renderer can hide it without reading sentences."""
    for _, e in decisions(range(15)):
        for x in texts(e):
            for part in plain_parts(x):
                assert not CARD_NAME.search(part), (part, str(x))


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_hiding_the_ais_hand_blanks_every_mention_and_keeps_generic_words(seed: int) -> None:
    kept_generic = False
    for v, e in decisions(range(seed, seed + 1)):
        hidden = set(v.hand)
        html = explanation_html(e, hidden)
        for c in hidden:
            assert f">{c}<" not in html and f"{c} " not in html and f" {c}" not in html, c
        refs = [r for x in texts(e) if isinstance(x, Words) for r in x.refs]
        for r in refs:
            if any(c in hidden for c in r.cards) and r.text is not None:
                assert text_html(words(r), hidden) == HIDDEN_MARK
        kept_generic |= "twos, kings and aces" in html
    assert kept_generic, "generic words are plain text and stay"


def test_words_are_the_sentence_and_keep_their_parts() -> None:
    q = parse_cards("QS QH")
    w = words("keep ", Ref(q), " (", Ref(q, "queens"), ")")
    assert w == "keep Q♠ Q♥ (queens)" and isinstance(w, str)
    assert w.cards == tuple(q) and [str(r) for r in w.refs] == ["Q♠ Q♥", "queens"]
    longer = w + "; draw"
    assert isinstance(longer, Words) and longer.refs == w.refs
    assert ("play " + w).refs == w.refs
    assert pickle.loads(pickle.dumps(w)).parts == w.parts
    assert json.loads(json.dumps(w.to_json())) == ["keep ", {"cards": "QS QH"}, " (",
                                                   {"cards": "QS QH", "text": "queens"}, ")"]
    assert text_html(w, set(q[:1])) == f"keep {HIDDEN_MARK} Q♥ ({HIDDEN_MARK})"


def test_a_step_serialises_its_parts_and_refuses_row_ids_that_do_not_fit() -> None:
    q = parse_cards("QS QH")
    s = Step(words("First card drawn: ", Ref(q[:1])), q[:1], id="draw.first", rule="R14")
    data = s.to_json()
    assert data["title"] == "First card drawn: Q♠" and data["parts"]["title"][1] == {
        "cards": "QS"}
    with pytest.raises(ValueError, match="1 row ids for 0 rows"):
        Step("x", row_ids=("a",))
