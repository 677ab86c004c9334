"""Bad input at every public entry point of the kit gets the kit's own error.

Each test feeds garbage (hypothesis) to one entry point — the card readers, WarPairsPoker's
lookups and move generator, :mod:`wpp.classic`, ``new_game``/``load_game``/``make_agent``
of every registered game, ``History.apply`` (garbage and forged actions), ``redeal_hidden``,
``view``/``undo``/``redo``, the agents — and asserts only this: the call succeeds or raises
a :class:`~wpp.core.errors.WppError` with a message, never another exception (hypothesis reports
any other as a failure), and a refused call leaves the game exactly as it was. The named
regressions are the red-team's cases of issue 25: each raised a foreign exception (or never
returned) before.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wpp
from wpp.classic.draw import DrawAI, choose_discard, explain, play_draw
from wpp.classic.showdown import deal, deal_showdown, showdown
from wpp.core.errors import GameFileError, WppError
from wpp.core.history import History
from wpp.core.registry import game_def
from wpp.core.review import MAX_REVIEW_BUDGET
from wpp.core.selfplay import play_out
from wpp.core.standard_deck import CARDS, CardParseError
from wpp.ofc import teach as ofc_teach
from wpp.poker.ranking import (
    best_hand,
    best_of,
    best_strength,
    category_of,
    class_size,
    compare,
    evaluate,
    evaluate3,
    order3,
    strength3,
    strength5,
    value_of,
    winners,
)
from wpp.warpairs.ai.search import search
from wpp.warpairs.plays import Play

GAMES = wpp.registered_games()
FEW = settings(max_examples=60, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


class Opaque:
    """An object of no kind the kit knows, with a repr."""

    def __repr__(self) -> str:
        return "Opaque()"


#: Plain garbage: every JSON-ish kind, numbers at and past the edges, bytes, odd objects.
ATOMS = (st.none() | st.booleans() | st.integers() | st.sampled_from([2**63, -1, 10**400, -2**64])
         | st.floats() | st.text(max_size=8) | st.sampled_from(["", " ", "AS", "7S 7H", "ZZ"])
         | st.binary(max_size=4) | st.just(Opaque()) | st.just(object)
         | st.complex_numbers(max_magnitude=10))
#: Things that are, or look like, or almost are, cards.
CARDISH = st.sampled_from(CARDS) | st.integers(-3, 55) | st.sampled_from(
    ["AS", "10h", "1S", "ſ7", b"AS", 5.0, True])
JUNK = st.recursive(ATOMS | CARDISH, lambda inner: st.lists(inner, max_size=4)
                    | st.lists(inner, max_size=4).map(tuple)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=3)
                    | st.frozensets(st.integers(0, 60), max_size=4), max_leaves=6)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=6), inner, max_size=4), max_leaves=8)
HANDS = JUNK | st.lists(CARDISH, max_size=8) | st.lists(st.sampled_from(CARDS), max_size=8)


def kit_or_success(call: Callable[[], Any]) -> Any:
    """``call()``'s value, or its :class:`WppError` (which must say something); any other
    exception propagates and fails the test."""
    try:
        return call()
    except WppError as err:
        assert str(err).strip(), f"{type(err).__name__} without a message"
        return err


def snapshot(history: History[Any, Any]) -> tuple[Any, ...]:
    """Everything a refused call must leave as it was."""
    return (history.state, history.actions, len(history.events), history.can_redo,
            history.to_json())


# ------------------------------------------------------------------------------ cards


def test_card_parse_error_is_the_kits_error() -> None:
    assert issubclass(CardParseError, WppError)


@given(rank=JUNK, suit=JUNK)
def test_card_of_anything(rank: Any, suit: Any) -> None:
    result = kit_or_success(lambda: wpp.card(rank, suit))
    assert isinstance(result, CardParseError) or result in CARDS


@given(junk=HANDS)
def test_card_readers_and_writer_of_anything(junk: Any) -> None:
    for f in (wpp.parse_card, wpp.parse_cards, wpp.format_cards):
        kit_or_success(lambda f=f: f(junk))  # type: ignore[misc]


# ------------------------------------------------------------ WarPairsPoker's lookups


@given(hand=HANDS, other=HANDS | st.none())
def test_lookups_and_move_generation_of_anything(hand: Any, other: Any) -> None:
    for f in (wpp.classify, wpp.play_of, wpp.all_plays):
        kit_or_success(lambda f=f: f(hand))  # type: ignore[misc]
    kit_or_success(lambda: wpp.why_not(hand, other))
    kit_or_success(lambda: wpp.beats(hand, other))
    kit_or_success(lambda: wpp.answers(hand, other))
    table = wpp.classify("7S 7H")
    kit_or_success(lambda: wpp.answers(hand, table))
    kit_or_success(lambda: wpp.beats(table, hand))


@given(rules=JUNK, play=JUNK)
def test_lookups_with_anything_as_rules_and_judge_of_anything(rules: Any, play: Any) -> None:
    hand = wpp.parse_cards("7S 7H 8S")
    table = wpp.classify("8D")
    for call in (lambda: wpp.classify(hand[:2], rules), lambda: wpp.play_of(hand[:2], rules),
                 lambda: wpp.all_plays(hand, rules), lambda: wpp.answers(hand, table, rules),
                 lambda: wpp.why_not(hand[:1], table, rules),
                 lambda: wpp.beats(hand[:1], table, rules), lambda: wpp.judge(play, table),
                 lambda: wpp.judge(table, play), lambda: wpp.Game(1, rules),
                 lambda: wpp.Game(play)):
        kit_or_success(call)


@pytest.mark.parametrize("junk", [None, " ", "", b"AS", ["AS"], 5, [None], [-1]])
def test_the_red_teams_lookups_are_refused_by_name(junk: Any) -> None:
    """Regression: ``classify``/``play_of``/``why_not``/``beats``/``all_plays`` given
    ``None`` or ``" "`` raised TypeError, KeyError or IndexError."""
    for f in (wpp.classify, wpp.play_of, wpp.all_plays, lambda x: wpp.beats(x, "7S")):
        result = kit_or_success(lambda f=f: f(junk))  # type: ignore[misc]
        assert isinstance(result, WppError | Play | list) or result is None
    assert isinstance(wpp.why_not(junk, None), str)


# -------------------------------------------------------------- wpp.poker and wpp.classic

#: The standard ranking's (wpp.poker.ranking) and 5-card draw's functions of one argument
#: (the fast paths ``strength5`` and ``best_strength`` check nothing up front, but what fails
#: in them is the kit's error too), each imported from its module.
CLASSIC_ONE = [evaluate, evaluate3, best_of, best_hand,
               best_strength, strength5, strength3, order3, explain,
               choose_discard, winners, value_of, category_of,
               class_size, deal, deal_showdown, showdown]


@given(junk=HANDS, other=HANDS)
def test_wpp_classic_of_anything(junk: Any, other: Any) -> None:
    for f in CLASSIC_ONE:
        kit_or_success(lambda f=f: f(junk))  # type: ignore[misc]
    kit_or_success(lambda: compare(junk, other))
    kit_or_success(lambda: winners([junk, other]))
    kit_or_success(lambda: deal(2, junk))
    kit_or_success(lambda: explain("AS KS QS JS 2D", junk))
    kit_or_success(lambda: choose_discard("AS KS QS JS 2D", other))
    kit_or_success(lambda: play_draw(junk))
    kit_or_success(lambda: play_draw([DrawAI()] * 2, junk))
    kit_or_success(lambda: play_draw([DrawAI()] * 2, None, other))


@pytest.mark.parametrize("junk", ["", None, ["AS"], b"AS", " ", [None] * 5])
def test_the_red_teams_classic_calls_are_refused_by_name(junk: Any) -> None:
    """Regression: ``evaluate``/``best_of``/``compare``/``winners`` raised TypeError or a
    plain ValueError for these."""
    for call in (lambda: evaluate(junk), lambda: best_of(junk),
                 lambda: compare(junk, "AS KS QS JS TS"), lambda: winners(junk),
                 lambda: winners([junk])):
        with pytest.raises(WppError):
            call()


def test_card_texts_in_a_list_are_cards_to_wpp_classic() -> None:
    assert evaluate(["AS", "KS", "QS", "JS", "TS"]).name == "Royal Flush"


# ------------------------------------------------------- new_game, load_game, make_agent


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(seed=JUNK, players=JUNK, deck=JUNK, flag=st.text(max_size=12) | st.just("x"),
       value=JUNK, data=st.data())
def test_new_game_of_anything(game: str, seed: Any, players: Any, deck: Any, flag: str,
                              value: Any, data: st.DataObject) -> None:
    rules = wpp.new_game(game).game
    names = [*rules.rules_to_json(rules.rules()), flag]
    name = data.draw(st.sampled_from(names))
    for kwargs in ({"seed": seed}, {"players": players}, {"deck": deck},
                   {"deck": [*CARDS[:-1], value]}, {name: value}):
        result = kit_or_success(lambda kwargs=kwargs: wpp.new_game(game, **kwargs))
        if not isinstance(result, WppError):
            assert result.name == game and not result.actions


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kwargs", [{"deck": 5}, {"deck": [None] * 52}, {"deck": True},
                                    {"deck": list(range(52))}, {"seed": -1},
                                    {"seed": 2**63}, {"seed": 1.0}])
def test_the_red_teams_new_games_are_refused_by_name(game: str, kwargs: dict[str, Any]) -> None:
    """Regression: ``deck=5`` and ``deck=[None]*52`` raised TypeError; card indexes are not
    cards; seeds outside ``0 <= seed < 2**63`` are refused."""
    with pytest.raises(WppError) as err:
        wpp.new_game(game, **kwargs)
    assert ("deck" in str(err.value)) if "deck" in kwargs else ("seed" in str(err.value))


@given(text=st.text(max_size=300) | st.binary(max_size=300) | JSON.map(json.dumps) | JUNK)
def test_load_game_of_anything(text: Any) -> None:
    result = kit_or_success(lambda: wpp.load_game(text))
    assert isinstance(result, GameFileError | History)


#: The options any agent of the kit names, and one no agent has.
OPTIONS = ["playouts", "passes", "seconds", "move_time", "arrangements", "foul_penalty",
           "share", "use_pile", "pyofc_compat", "five_card_time", "one_card_time", "rate", "x"]
AGENTS = [(g, a) for g in GAMES for a in wpp.registered_agents(g)]


@pytest.mark.parametrize(("game", "agent"), AGENTS)
@FEW
@given(seed=JUNK, option=st.sampled_from(OPTIONS), value=JUNK)
def test_make_agent_of_anything(game: str, agent: str, seed: Any, option: str,
                                value: Any) -> None:
    kit_or_success(lambda: wpp.make_agent(game, agent, seed=seed))
    kit_or_success(lambda: wpp.make_agent(game, agent, **{option: value}))


#: Each budget of each agent: the largest value accepted, as documented.
#: (per-game: each agent's own documented bounds.)
BUDGETS = [("warpairs", "search", "playouts", 10_000), ("warpairs", "search", "seconds", 600),
           ("ofc", "pyofc", "passes", 10_000), ("ofc", "pyofc", "move_time", 600),
           ("ofc", "pyofc", "five_card_time", 600), ("ofc", "pyofc", "one_card_time", 600),
           ("ofc", "expected", "passes", 10_000), ("ofc", "expected", "move_time", 600),
           ("ofc", "expected", "arrangements", 64), ("ofc", "expected", "foul_penalty", 100),
           ("pairs", "pipmc", "playouts", 10_000), ("pairs", "pipmc_inverse", "playouts", 10_000),
           ("pairs", "expected", "share", 10)]


@pytest.mark.parametrize(("game", "agent", "option", "bound"), BUDGETS)
def test_budgets_have_stated_upper_bounds(game: str, agent: str, option: str,
                                          bound: int) -> None:
    """Regression: ``passes=2**63`` (numpy OverflowError) and ``playouts=2**63`` (a
    decision that never returns) are refused, naming the option and the value."""
    wpp.make_agent(game, agent, **{option: bound})
    for beyond in (bound + 1, 2**63, 10**400, float("inf"), float("nan")):
        if isinstance(beyond, float) and option in ("playouts", "passes", "arrangements"):
            continue  # not a whole number: refused too, by the same check
        with pytest.raises(WppError, match=option.split("_")[0]):
            wpp.make_agent(game, agent, **{option: beyond})


@pytest.mark.parametrize(("game", "agent"), AGENTS)
@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, "7", True])
def test_agent_seeds_outside_the_range_are_refused(game: str, agent: str, seed: Any) -> None:
    """Regression: OFC's numpy agents crashed on ``seed=-1``; other agents took anything."""
    with pytest.raises(WppError, match="seed"):
        wpp.make_agent(game, agent, seed=seed)
    wpp.make_agent(game, agent, seed=2**63 - 1)


# ----------------------------------------------------------- a game in progress


def positions(game: str) -> list[History[Any, Any]]:
    """Games of ``game`` at the deal, a few moves in, and further on."""
    out = []
    for seed, moves in ((1, 0), (2, 3), (3, 12)):
        history = wpp.new_game(game, seed=seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if history.is_over:
                break
            history.apply(rng.choice(history.legal_actions()))
        out.append(history)
    return out


POSITIONS = {game: positions(game) for game in GAMES}


def forged(action: Any, field: str, value: Any) -> Any:
    """``action`` with one field replaced, built as a hand-made object would be (its own
    checks in ``__init__``/``__post_init__`` skipped)."""
    copy = object.__new__(type(action))
    for f in dataclasses.fields(action):
        object.__setattr__(copy, f.name, value if f.name == field else getattr(action, f.name))
    return copy


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(which=st.integers(0, 2), junk=JUNK, data=st.data())
def test_apply_and_step_of_garbage_or_forged_actions(game: str, which: int, junk: Any,
                                                     data: st.DataObject) -> None:
    history = POSITIONS[game][which]
    before = snapshot(history)
    candidates: list[Any] = [junk]
    legal = history.legal_actions()
    if legal:
        action = data.draw(st.sampled_from(legal))
        names = [f.name for f in dataclasses.fields(action)] if dataclasses.is_dataclass(
            action) else []
        if names:
            candidates.append(forged(action, data.draw(st.sampled_from(names)), junk))
    for candidate in candidates:
        result = kit_or_success(lambda c=candidate: history.game.step(history.state, c))
        result = kit_or_success(lambda c=candidate: history.apply(c))
        if isinstance(result, WppError):
            assert snapshot(history) == before, "a refused action changed the game"
        else:
            history.undo()
            assert snapshot(history)[:2] == before[:2]


def hand_built(cls: type, keep: frozenset[str]) -> Any:
    """An object of action class ``cls`` built around its constructor, with only the
    fields named in ``keep`` set (to a legal-looking value of the right type: a card)."""
    action = object.__new__(cls)
    if dataclasses.is_dataclass(cls):
        for f in dataclasses.fields(cls):
            if f.name in keep:
                object.__setattr__(action, f.name, CARDS[0] if f.name == "card" else (CARDS[0],))
    return action


def action_classes() -> list[tuple[str, type, frozenset[str]]]:
    """Every game's every action class, with each subset of its fields but the whole one."""
    out = []
    for game in GAMES:
        for cls in game_def(game).action_types:
            names = ([f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls)
                     else [])
            subsets = {frozenset()} | {frozenset(names) - {n} for n in names}
            out += [(game, cls, keep) for keep in sorted(subsets, key=sorted)]
    return out


def test_every_game_names_its_action_classes() -> None:
    """Each game declares the classes its :meth:`check_action` accepts, and every legal
    action is one of them (so the shared check refuses nothing legal)."""
    for game in GAMES:
        definition = game_def(game)
        assert definition.action_types and definition.action_words
        for history in POSITIONS[game]:
            for action in history.legal_actions():
                assert definition.check_action(action) is action


def _id(value: Any) -> str:
    """A test id: a class by its name, the kept fields as a list."""
    if isinstance(value, type):
        return value.__name__
    return "+".join(sorted(value)) or "none" if isinstance(value, frozenset) else str(value)


@pytest.mark.parametrize(("game", "cls", "keep"), action_classes(), ids=_id)
def test_hand_built_actions_without_their_fields(game: str, cls: type,
                                                 keep: frozenset[str]) -> None:
    """Regression: actions built with ``object.__new__`` and missing fields gave
    ``AttributeError`` from ``apply``/``step`` (5-card draw's Discard, OFC's and Pokeros'
    Place). Every game's step checks the shape through the kit's one check
    (:meth:`~wpp.core.protocol.GameDef.check_action`): the kit's error, the game unchanged."""
    for history in POSITIONS[game]:
        before = snapshot(history)
        action = hand_built(cls, keep)
        calls: list[Callable[[History[Any, Any], Any], Any]] = [
            lambda h, a: h.game.step(h.state, a), lambda h, a: h.game.check_action(a),
            lambda h, a: h.apply(a)]
        for call in calls:
            result = kit_or_success(lambda c=call, h=history, a=action: c(h, a))
            if isinstance(result, WppError):
                assert snapshot(history) == before, "a refused action changed the game"
            elif history.actions != before[1]:  # a whole action with no fields: legal
                history.undo()
        if dataclasses.is_dataclass(cls) and len(keep) < len(dataclasses.fields(cls)):
            with pytest.raises(WppError, match="without its"):
                history.apply(action)


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(which=st.integers(0, 2), player=JUNK | st.integers(-2, 7), junk=JUNK)
def test_redeal_view_undo_redo_of_anything(game: str, which: int, player: Any,
                                           junk: Any) -> None:
    calls: list[Callable[[History[Any, Any]], Any]] = [
        lambda h: h.redeal_hidden(player, junk),
        lambda h: h.redeal_hidden(player, random.Random(1)),
        lambda h: h.view(player),
        lambda h: h.apply(h.legal_actions()[0] if h.legal_actions() else junk, player=player),
        lambda h: h.undo(junk), lambda h: h.redo(junk), lambda h: h.undo(player),
    ]
    for call in calls:
        history = wpp.load_game(POSITIONS[game][which].to_json())
        history.undo(min(1, len(history.actions)))  # something to redo
        before = snapshot(history)
        if isinstance(kit_or_success(lambda c=call, h=history: c(h)), WppError):
            assert snapshot(history) == before, "a refused call changed the game"


@pytest.mark.parametrize("game", GAMES)
@FEW
@given(junk=JUNK, other=JUNK)
def test_play_out_of_anything(game: str, junk: Any, other: Any) -> None:
    history = wpp.new_game(game, seed=1)
    before = snapshot(history)
    agents = [wpp.make_agent(game, "random", seed=s) for s in range(history.players)]
    for call in (lambda: play_out(junk, agents), lambda: play_out(history, junk),
                 lambda: play_out(history, [junk, *agents[1:]]),
                 lambda: play_out(history, [*agents[:-1], other])):
        if isinstance(kit_or_success(call), WppError):
            assert snapshot(history) == before


@pytest.mark.parametrize("game", GAMES)
def test_redeal_hidden_without_a_generator_is_refused(game: str) -> None:
    """Regression: ``redeal_hidden(p, None)`` raised AttributeError."""
    history = POSITIONS[game][0]
    with pytest.raises(WppError, match=r"random\.Random"):
        history.redeal_hidden(0, None)


@pytest.mark.parametrize(("game", "agent"), AGENTS)
@given(junk=JUNK)
@settings(max_examples=15, deadline=None)
def test_agents_given_anything_but_a_view(game: str, agent: str, junk: Any) -> None:
    made = wpp.make_agent(game, agent)
    with pytest.raises(WppError):
        made.choose(junk)


# ------------------------------------------------------------------- save files


def save(game: str) -> str:
    history = POSITIONS[game][1]
    return history.to_json()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("depth", [40, 990, 5000])
def test_a_deeply_nested_save_file_is_refused(game: str, depth: int) -> None:
    """Regression: a field nested about 990 deep raised RecursionError (from the digest's
    ``json.dumps``, outside the parser's ``try``)."""
    text = save(game)
    doc = json.loads(text)
    nested: Any = 1
    for _ in range(depth):
        nested = [nested]
    doc["rules"] = nested
    with pytest.raises(GameFileError, match="nested"):
        wpp.load_game(json.dumps(doc) if depth < 900 else text.replace(
            '"rules": {', '"rules": ' + "[" * depth + "1" + "]" * depth + ', "_": {', 1))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field", ["seed", "game", "format", "final", "actions"])
def test_a_key_given_twice_is_refused(game: str, field: str) -> None:
    """Regression: duplicate keys were accepted, the last one winning — so a file with two
    ``seed`` fields loaded, whatever the first said."""
    text = save(game)
    doc = json.loads(text)
    assert wpp.load_game(text).to_json() == text
    first = json.dumps({"seed": 999, "game": "nosuch", "format": "x", "final": "0",
                        "actions": []}[field])
    twice = text.replace(f'"{field}": ', f'"{field}": {first}, "{field}": ', 1)
    assert json.loads(twice) == doc  # what json.loads alone makes of it: the original
    with pytest.raises(GameFileError, match=f"'{field}' appears twice"):
        wpp.load_game(twice)


@pytest.mark.parametrize("game", GAMES)
def test_a_key_given_twice_deep_inside_is_refused(game: str) -> None:
    text = save(game)
    twice = text.replace('"rules": {', '"rules": {"x": 1, "x": 1, ', 1)
    with pytest.raises(GameFileError, match="appears twice"):
        wpp.load_game(twice)


def test_a_hand_of_card_objects_naming_a_card_twice_is_refused() -> None:
    """Regression: the fast path of the move generator took any list of cards, so a hand
    holding 2♦ twice reached the poker-hand search and raised IndexError."""
    hand = [wpp.parse_card("2D"), wpp.parse_card("2D"), *wpp.parse_cards("3D 3C 3H 3S")]
    with pytest.raises(wpp.WppError, match=r"twice|duplicate"):
        wpp.all_plays(hand)


# ------------------------------------------- budgets and seeds of the review and the lessons


class Started(Exception):
    """Raised by a review's progress callback: the review began work it should have refused."""


def refuse_to_start(done: int, total: int) -> None:
    raise Started(f"the review started ({done} of {total})")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kwargs", [
    {"worlds": 10**9}, {"worlds": MAX_REVIEW_BUDGET + 1}, {"worlds": float("inf")},
    {"worlds": float("nan")}, {"worlds": 2.0}, {"seed": -1}, {"seed": 2**63},
    {"seed": float("inf")}, {"seed": float("nan")}])
def test_review_budgets_and_seeds_are_bounded(game: str, kwargs: dict[str, Any]) -> None:
    """Regression: ``wpp.review_game(g, 0, worlds=10**9)`` ran for days and ``seed=-1`` was
    taken. Budgets are bounded as the search AI's playouts are (1 to 10,000, the same
    validator), seeds as every seed; refused before any work starts."""
    history = POSITIONS[game][2]
    before = snapshot(history)
    with pytest.raises(WppError, match="worlds" if "worlds" in kwargs else "seed"):
        wpp.review_game(history, 0, progress=refuse_to_start, **kwargs)
    assert snapshot(history) == before


def test_the_largest_review_seed_works_with_an_agent() -> None:
    """Regression: the agent's seed was ``seed * 101 + seat``, beyond the seed range (refused)
    for a large review seed; it is folded back into the range."""
    review = wpp.review_game(POSITIONS["pairs"][2], 0, "random", seed=2**63 - 1, worlds=1)
    assert review.seed == 2**63 - 1


@pytest.mark.parametrize(("option", "value"), [
    ("seconds", float("inf")), ("seconds", float("nan")), ("seconds", 10**9), ("seconds", -1),
    ("checks", float("inf")), ("checks", -1), ("checks", 10**9), ("playouts", float("nan")),
    ("playouts", 10**9)])
def test_the_search_function_bounds_its_budgets_as_the_agent_does(option: str,
                                                                   value: Any) -> None:
    """Regression: ``search(view, rng, seconds=inf)`` never returned and ``checks=-1`` was
    taken: only the agent checked them. One check now serves both."""
    view = POSITIONS["warpairs"][1].view(0)
    with pytest.raises(WppError, match=option[:5]):
        search(view, random.Random(1), **{option: value})
    with pytest.raises(WppError, match=option[:5]):
        wpp.make_agent("warpairs", "search", **{option: value})


@pytest.mark.parametrize("call", ["weigh", "coach", "opening"])
@pytest.mark.parametrize("passes", [float("inf"), float("nan"), -1, 0, 10**9, 2**70, 2.5])
def test_the_ofc_lessons_bound_their_passes(call: str, passes: Any) -> None:
    """Regression: the OFC lesson's ``weigh``/``coach``/``opening`` passed ``passes`` to numpy
    unchecked (``OverflowError``, ``MemoryError``, ``ValueError``)."""
    view = POSITIONS["ofc"][0].view(0)
    calls: dict[str, Callable[[], Any]] = {
        "weigh": lambda: ofc_teach.weigh(view, view.legal_actions()[:2], passes=passes),
        "coach": lambda: ofc_teach.coach(view, view.legal_actions()[0], passes=passes),
        "opening": lambda: ofc_teach.opening(1, passes=passes)}
    with pytest.raises(WppError, match="passes"):
        calls[call]()


@pytest.mark.parametrize("rng_seed", [-1, 2**63, float("inf"), "7"])
def test_the_ofc_lessons_refuse_a_bad_generator_seed(rng_seed: Any) -> None:
    view = POSITIONS["ofc"][0].view(0)
    with pytest.raises(WppError, match="rng_seed"):
        ofc_teach.weigh(view, view.legal_actions()[:2], passes=2, rng_seed=rng_seed)
