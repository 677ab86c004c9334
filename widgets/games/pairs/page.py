"""Pairs' page: play against 1 to 5 AIs of your choice, on the kit's session controller.

The page shows everyone's face-up stack and score pile, the deck, burned and discard counts,
the target, Hit and Fold, the computer's reasons on demand ("Why?"), a hint from the exact
expected-value player, the game's narration and a game-over banner with the ranks. It draws
only from the person's view (``history.view(0)``): the deck's order and the burned cards
never reach the page.

Card faces and explanations are the kit's shared ones (:mod:`widgets.parts.faces`,
:mod:`widgets.parts.explain_view`): Pairs registers how its value cards look (:func:`pairs_face`,
the value in an ink of its own) and nothing else.

>>> page = PairsPage(seed=3, opponents=2, agent="expected")
>>> page.summary()
'Pairs, seed 3, 3 players (you + 2 expected): your turn, round 1 — you 0, P2 0, P3 0 (target 21)'
>>> page.act("fold"); page.summary().split(":")[1].split(",")[0]
' your turn'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.lessons.base import LESSON_STYLE
from widgets.parts.banner import GameOverBanner
from widgets.parts.explain_view import ExplanationView
from widgets.parts.faces import Face, cards_html, register_faces
from widgets.parts.shown import Shown
from wpp.core.checks import fold_seed
from wpp.core.errors import WppError
from wpp.core.explain import Explanation
from wpp.core.registry import make_agent, new_game, registered_agents
from wpp.core.session import Session
from wpp.pairs.cards import Card
from wpp.pairs.game import ranks
from wpp.pairs.state import FOLD, HIT, PairsView

__all__ = ["RULE_SETS", "HitOrFold", "PairsPage", "cards_row", "pairs_face", "rules_html"]

#: The rule sets offered, by label: CardStock's (the blog's numbers), the rule sheet's, and
#: Continuous Pairs.
RULE_SETS: Final[dict[str, dict[str, Any]]] = {
    "CardStock (the blog)": {},
    "Rule sheet": {"start_tie": "extra_card", "reshuffle": "empty", "only_loser": True},
    "Continuous Pairs": {"continuous": True},
}

#: The ink of each value 1–10 (names of :data:`widgets.parts.faces.INKS`).
_INKS: Final = ("green", "teal", "blue", "purple", "brown", "orange", "red", "black",
                "green", "red")

#: Card sizes (pixels wide): in a hand, and small (score piles, explanations' tables).
_BIG, _SMALL = 36, 22


def pairs_face(card: Card) -> Face:
    """How a Pairs card looks: its value, large, in the ink of its value.

    >>> from wpp.pairs.cards import CARD
    >>> pairs_face(CARD[7])
    Face(index='7', label='7', mark='', ink='red', suit=None)
    """
    return Face(str(card), str(card), ink=_INKS[int(card) - 1])


register_faces(Card, pairs_face)


def cards_row(cards: Iterable[Any], small: bool = False, empty: str = "—") -> str:
    """Cards in a row, drawn by the shared faces (``None``: face down; ``empty`` when there
    are none)."""
    cards = list(cards)
    return cards_html(cards, _SMALL if small else _BIG) if cards else escape(empty)


PAIRS_CSS: Final = """
.wpp-pairs .wpp-ptable { background: #2e7d4f; color: #fff; border-radius: 10px;
  padding: 6px 10px; }
.wpp-pairs .wpp-ptable table { border-collapse: collapse; width: 100%; }
.wpp-pairs .wpp-ptable td { padding: 3px 6px; vertical-align: middle; }
.wpp-pairs .wpp-ptable tr.wpp-acting td:first-child { color: #ffe08a; }
.wpp-pairs .wpp-ptable .wpp-pmid { background: #e8f3ec; color: #1b1b1b; border-radius: 8px;
  padding: 4px 8px; margin-top: 4px; }
.wpp-pairs .wpp-plog { font-size: 13px; max-height: 260px; overflow-y: auto;
  background: #fffdf6; border: 1px solid #d9d2bd; border-radius: 8px; padding: 4px 8px; }
.wpp-pairs .widget-button.wpp-act { font-weight: bold; width: auto; padding: 0 16px;
  height: 34px; }
"""


class PairsPage(Shown):
    """Pairs against the computer: you are P1; ``opponents`` AIs of kind ``agent``."""

    def __init__(self, seed: int = 1, opponents: int = 3, agent: str = "pipmc",
                 rules: str = "CardStock (the blog)") -> None:
        narrow = {"description_width": "initial"}
        self.seed_box = w.IntText(value=seed, description="Seed", style=narrow,
                                  layout=w.Layout(width="130px"))
        self.count = w.Dropdown(options=[1, 2, 3, 4, 5], value=opponents,
                                description="Opponents", style=narrow,
                                layout=w.Layout(width="140px"))
        self.kind = w.Dropdown(options=list(registered_agents("pairs")), value=agent,
                               description="AI", style=narrow, layout=w.Layout(width="170px"))
        self.rule_box = w.Dropdown(options=list(RULE_SETS), value=rules, description="Rules",
                                   style=narrow, layout=w.Layout(width="250px"))
        self.new_button = self._button("New game", self._new)
        self.hit_button = self._button("Hit", lambda: self.act("hit"), "wpp-act")
        self.fold_button = self._button("Fold", lambda: self.act("fold"), "wpp-act")
        self.why = w.ToggleButton(value=False, description="Why? (the AI's reasons)",
                                  layout=w.Layout(width="auto"))
        self.hint_button = self._button("Hint", self._hint)
        self.status = w.HTML()
        self.table = w.HTML()
        # The shared game-over banner and explanation view (as on WarPairsPoker's page).
        self.end = GameOverBanner((("new", "New game"),))
        self.end.on("new", self._new)
        self.banner = self.end.text
        self.panel = ExplanationView()
        self.reasons = self.panel.html
        self.log = w.HTML()
        self.why.observe(lambda _: self._draw(), names="value")
        self._hinted: Explanation | None = None
        box = w.VBox([
            w.HTML(LESSON_STYLE + f"<style>{PAIRS_CSS}</style>"),
            w.HTML('<div class="wpp-lesson-title">Pairs — press your luck, and don\'t pair '
                   "up</div>"),
            w.HBox([self.count, self.kind, self.rule_box, self.seed_box, self.new_button]),
            self.status, self.end.box, self.table,
            w.HBox([self.hit_button, self.fold_button, self.hint_button, self.why]),
            self.reasons, self.log])
        for c in ("wpp-app", "wpp-lesson", "wpp-pairs"):
            box.add_class(c)
        self.root = box
        self.session: Session
        self.start(seed, opponents, agent, rules)

    @staticmethod
    def _button(label: str, fn: Any, css: str = "") -> w.Button:
        b = w.Button(description=label, layout=w.Layout(width="auto"))
        if css:
            b.add_class(css)
        b.on_click(lambda _: fn())
        return b

    # --- the game -----------------------------------------------------------------------
    def start(self, seed: int, opponents: int, agent: str, rules: str) -> None:
        """A new game: you in seat 1 against ``opponents`` AIs of kind ``agent``."""
        if rules not in RULE_SETS:
            raise WppError(f"the rules are one of {', '.join(RULE_SETS)}, not {rules!r:.30}")
        if opponents not in range(1, 6):
            raise WppError(f"play against 1 to 5 AIs, not {opponents!r:.20}")
        history = new_game("pairs", seed=seed, players=opponents + 1, **RULE_SETS[rules])
        computer = {s: make_agent("pairs", agent, seed=fold_seed(seed * 10 + s))
                    for s in range(1, opponents + 1)}
        self.seed, self.agent, self.rules = seed, agent, rules
        self.session = Session(history, computer)
        self._hinted = None
        self.session.play_computer()
        self._draw()

    def _new(self) -> None:
        self.start(int(self.seed_box.value), int(self.count.value), str(self.kind.value),
                   str(self.rule_box.value))

    def act(self, move: str) -> None:
        """Your move ("hit" or "fold"), then the computer's until it is your turn again."""
        action = {"hit": HIT, "fold": FOLD}.get(move)
        try:
            if action is None:
                raise WppError(f"a move is hit or fold, not {move!r:.20}")
            self.session.human_apply(action)
        except WppError as err:
            self.status.value = f'<span class="wpp-no">{escape(str(err))}</span>'
            return
        self._hinted = None
        self.session.play_computer()
        self._draw()

    def _hint(self) -> None:
        seat = self.session.human_to_act
        if seat is None:
            return
        decision = self.session.decide_for(seat, make_agent("pairs", "expected"))
        self._hinted = decision.explanation
        self._draw()

    # --- drawing ------------------------------------------------------------------------
    @property
    def view(self) -> PairsView:
        """What you (seat 1) may know: everything the page shows comes from it."""
        view: PairsView = self.session.history.view(0)
        return view

    def _name(self, seat: int) -> str:
        return "P1 (you)" if seat == 0 else f"P{seat + 1} ({self.agent})"

    def _draw(self) -> None:
        v = self.view
        legal = v.legal_actions()
        self.hit_button.disabled = HIT not in legal
        self.fold_button.disabled = FOLD not in legal
        self.hint_button.disabled = not legal
        rows = []
        for s in range(v.players):
            acting = " class=\"wpp-acting\"" if not v.over and v.to_act == s else ""
            arrow = "▶ " if not v.over and v.to_act == s else ""
            rows.append(f"<tr{acting}><td><b>{arrow}{escape(self._name(s))}</b></td>"
                        f"<td>{cards_row(v.hands[s])}</td>"
                        f"<td>score {v.totals[s]}</td>"
                        f"<td>{cards_row(v.scores[s], small=True, empty='')}</td></tr>")
        mid = (f'<div class="wpp-pmid">Target <b>{v.target}</b> (reach it and you lose) · '
               f"round {v.round} · deck {v.stock_size} · burned {v.burned_size} "
               f"{cards_row([None], small=True)} · discards {len(v.discard)} · "
               f"reshuffles {v.reshuffles}</div>")
        self.table.value = (f'<div class="wpp-ptable"><table>{"".join(rows)}</table>'
                            f"{mid}</div>")
        self.status.value = escape(self._status(v))
        if v.over:
            order = ranks(v.totals)
            loser = max(range(v.players), key=lambda s: v.totals[s])
            places = ", ".join(f"{self._name(s)}: rank {order[s]} ({v.totals[s]} points)"
                               for s in sorted(range(v.players), key=lambda s: order[s]))
            self.end.show(f"Game over — {self._name(loser)} reached the target.", places)
        else:
            self.end.hide()
        lines = self.session.history.log(viewer=0)[-14:]
        self.log.value = ('<div class="wpp-plog">' +
                          "<br>".join(escape(str(x)) for x in lines) + "</div>")
        self._draw_reasons()

    def _draw_reasons(self) -> None:
        """The hint asked on this turn, and with Why? on, the AIs' reasons since your last
        move (each explanation names only cards its agent could see, all public in Pairs)."""
        items = [("Hint — ", self._hinted)] if self._hinted is not None else []
        if not self.why.value:
            if items:
                self.panel.show("Hint: the exact expected-value player", items)
            else:
                self.panel.clear()
            return
        items += [(f"{self._name(seat)} — ", e)
                  for _, seat, e in self.session.computer_decisions()[-3:]]
        self.panel.show("Why? The AIs' reasons", items,
                        empty="The computer has not moved since your last move.")

    def _status(self, v: PairsView) -> str:
        if v.over:
            return "The game is over: start a new one."
        if v.my_turn:
            return "Your turn: hit (draw a card) or fold (take the lowest card in play)."
        return f"{self._name(v.to_act)} is to act."

    def summary(self) -> str:
        """One line for nbval: the seed, the line-up, whose turn and the scores."""
        v = self.view
        turn = ("game over" if v.over else "your turn" if v.my_turn
                else f"{self._name(v.to_act)} to act")
        scores = ", ".join(f"{'you' if s == 0 else f'P{s + 1}'} {v.totals[s]}"
                           for s in range(v.players))
        return (f"Pairs, seed {self.seed}, {v.players} players (you + {v.players - 1} "
                f"{self.agent}): {turn}, round {v.round} — {scores} (target {v.target})")


# ------------------------------------------------------------------------ lesson 9's widgets


def rules_html() -> str:
    """The triangular deck as cards, and the rules in one line each (from the rules text)."""
    from wpp.core.rulebook import load_rulebook
    from wpp.pairs.cards import DECK

    book = load_rulebook("wpp.pairs", "rules.md")
    deck = "".join(f'<div>{cards_row([c for c in DECK if c == v], small=True)}</div>'
                   for v in range(1, 11))
    items = "".join(f"<li><b>{rid}</b> {escape(book[rid].summary)}</li>" for rid in book)
    return (f'<div class="wpp-app wpp-lesson wpp-pairs">{LESSON_STYLE}<style>{PAIRS_CSS}'
            f'</style><div class="wpp-panel"><b>The 55-card triangular deck</b>{deck}</div>'
            f"<ol style=\"list-style:none;padding-left:4px\">{items}</ol></div>")


class HitOrFold(Shown):
    """"Hit or fold?" exercises: a position, your answer, and the exact odds behind the
    expected-value player's answer (:mod:`wpp.pairs.lesson`)."""

    def __init__(self, exercises: list[Any]) -> None:
        from wpp.pairs.lesson import describe

        self._describe = describe
        self.items = exercises
        self.index = 0
        self.answers: dict[int, str] = {}
        self.board = w.HTML()
        self.feedback = w.HTML()
        self.hit = PairsPage._button("Hit", lambda: self.answer("hit"), "wpp-act")
        self.fold = PairsPage._button("Fold", lambda: self.answer("fold"), "wpp-act")
        self.next = PairsPage._button("Next ▶", self._next)
        box = w.VBox([w.HTML(LESSON_STYLE + f"<style>{PAIRS_CSS}</style>"), self.board,
                      w.HBox([self.hit, self.fold, self.next]), self.feedback])
        for c in ("wpp-app", "wpp-lesson", "wpp-pairs"):
            box.add_class(c)
        self.root = box
        self._draw()

    def answer(self, move: str) -> None:
        """Answer the current exercise ("hit" or "fold")."""
        from wpp.pairs.lesson import feedback

        action = {"hit": HIT, "fold": FOLD}.get(move)
        if action is None:
            raise WppError(f"an answer is hit or fold, not {move!r:.20}")
        self.answers[self.index] = move
        text = feedback(self.items[self.index], action)
        ok = "wpp-ok" if action is self.items[self.index].best else "wpp-no"
        self.feedback.value = f'<div class="wpp-feedback {ok}">{escape(text)}</div>'

    def _next(self) -> None:
        self.index = (self.index + 1) % len(self.items)
        self.feedback.value = ""
        self._draw()

    def _draw(self) -> None:
        v = self.items[self.index].view
        rows = "".join(
            f"<tr><td><b>{'▶ ' if s == v.player else ''}P{s + 1}"
            f"{' (you)' if s == v.player else ''}</b></td><td>{cards_row(v.hands[s])}</td>"
            f"<td>score {v.totals[s]}</td></tr>" for s in range(v.players))
        unseen = sorted(v.unseen().elements())
        self.board.value = (
            f'<div class="wpp-lesson-title">Exercise {self.index + 1} of {len(self.items)}: '
            f"hit or fold?</div><div class=\"wpp-ptable\"><table>{rows}</table>"
            f'<div class="wpp-pmid">Target {v.target} · the {len(unseen)} cards you cannot '
            f"see: {cards_row(unseen, small=True)}</div></div>")

    def summary(self) -> str:
        """One line for nbval: which exercise, the position, and the answer given."""
        answer = self.answers.get(self.index)
        text = f"exercise {self.index + 1} of {len(self.items)}: " + self._describe(
            self.items[self.index].view)
        return text + (f" — answered {answer}" if answer else "")

