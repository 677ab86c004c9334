"""Lesson 5: a recorded game between two classic AIs — at each move you choose first, then
the AI's move and its reasons.

:class:`GameReplay` plays a seeded deal (:func:`wpp.warpairs.teach.replay.record_game`). The learner
moves through it with the **move** navigation (a slider, "previous move" / "next move") or
jumps to an interesting moment (aggressive plays with twos, kings and aces, answers on aces,
desperate answers, re-draws, pile cards taken). At each move the page first asks: the board
*before* the move (every card face up), what changed since the last move, and the legal moves
as buttons, grouped by kind (the engine's list). A click commits; only then does it show the
AI's move, the two scored side by side (:func:`wpp.warpairs.teach.predict.compare_moves`), and the
AI's explanation one **step** at a time (a second navigation, labelled apart): the situation, the
segment, each item of the decision list tried in order with why it fired or not, and the
drawing decisions. The AI's thresholds are stated in the page.

>>> r = GameReplay(seed=5)
>>> r.position, r.revealed
(1, False)
>>> r.next_button.disabled                 # answer first, or "Just show the AI's move"
True
>>> r.show_button.click(); r.revealed, r.next_button.disabled
(True, False)
>>> r.next_button.click(); r.position, r.revealed
(2, False)
>>> r.moments.value = r.moments.options[1][1]; r.position, r.moments.value
(4, 0)
>>> r.move_buttons[0].click(); r.revealed and r.comparison is not None
True
>>> r.typed.value = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2D 3D 4D"   # then Enter
>>> r.game.typed, r.position, r.game.moves[0].before.hands[0][:2]
(True, 1, (Card('2♦'), Card('2♣')))
>>> r.typed.value = "2C 3C"; "16 cards (R10), not 2" in r.message.value
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from widgets.lessons.shared.base import (
    Lesson,
    lesson_root,
    nav_button,
    plain_words,
    query_int,
    report_answer,
)
from widgets.lessons.shared.predict import NOTHING, Reveal, comparison_html, step_nav
from widgets.lessons.warpairs.board import GameNav, board_html, rule_badges
from widgets.parts.address import address_or_later
from widgets.parts.stepper import Stepper
from wpp.core.errors import WppError
from wpp.core.standard_deck import Card, format_cards
from wpp.warpairs.actions import Action, Mulligan, PlayCards
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.teach.predict import MoveComparison, compare_moves, move_groups, thresholds
from wpp.warpairs.teach.replay import DECISION_TAGS, Move, RecordedGame, record_game, typed_deck

__all__ = ["GameReplay", "thresholds_html"]


def _cards_of(m: Move) -> tuple[Card, ...]:
    if isinstance(m.action, PlayCards | Mulligan):
        return m.action.cards
    return ()


def thresholds_html() -> str:
    """Every threshold of the AI's decisions, as a small table (the AI's own constants)."""
    rows = "".join(f"<tr><td>{escape(a)}</td><td>{escape(b)}</td></tr>" for a, b in thresholds())
    return (f'<details class="wpp-thresholds"><summary><b>The AI\'s thresholds</b> (every '
            f'number its decisions use)</summary><table class="wpp-facts">{rows}</table>'
            "</details>")


def _asking(m: Move) -> str:
    doing = {Phase.LEAD: "to lead", Phase.ANSWER: "to answer",
             Phase.DRAWING: "is drawing", Phase.MULLIGAN: "to mulligan"}
    return f"Move {m.number + 1} · {player_name(m.player)} {doing.get(m.before.phase, 'to act')}"


def _button_label(a: Action) -> str:
    return format_cards(a.cards) if isinstance(a, PlayCards) else str(a)


class GameReplay(Lesson):
    """A whole game between two classic AIs; ``position`` is the move shown (1-based)."""

    def __init__(self, seed: int = 108) -> None:
        self.nav = GameNav(seed, 1, self._render, on_load=self._moments_of,
                           back_tip="the previous move of the game",
                           next_tip="the next move of the game")
        self.seed, self.slider = self.nav.seed, self.nav.slider
        self.back_button, self.next_button = self.nav.back_button, self.nav.next_button
        self.back_button.description = "◀ previous move"
        self.next_button.description = "next move ▶"
        self.moments = w.Dropdown(options=[("—", 0)], value=0, description="jump to",
                                  layout=w.Layout(width="auto"))
        self.headline = w.HTML("")
        self.headline.add_class("wpp-panel")
        self.board = w.HTML("")
        self.question = w.VBox([])
        self.question.add_class("wpp-question")
        self.show_button = nav_button("Just show the AI's move",
                                      "skip the question and see the AI's move")
        self.show_button.layout.width = "auto"
        self.show_button.on_click(lambda _b: self.commit(None))
        self.result = w.HTML("")
        self.result.add_class("wpp-panel")
        self.stepper = step_nav(Stepper(styled=False))
        self.reveal = Reveal()
        reasons = w.HTML('<div class="wpp-lesson-title">The AI\'s reasoning, step by step '
                         "(the <b>step</b> buttons; the <b>move</b> buttons above change the "
                         "move)</div>")
        self._revealed = [self.result, reasons, self.stepper.root]
        self.moments.observe(self._jump, names="value")
        jump = w.HBox([self.moments])
        jump.add_class("wpp-choice")
        facts = w.HTML(thresholds_html())
        self.typed = w.Text(value="", placeholder="or type P1's 16 cards (optionally / and "
                            "P2's 16), e.g. 2C 3D … and press Enter", continuous_update=False,
                            layout=w.Layout(width="620px"))
        self.typed.observe(lambda _c: self.use_typed(), names="value")
        self.message = w.HTML("")
        self.answers: dict[int, Action | None] = {}
        self.move_buttons: list[w.Button] = []
        self.comparison: MoveComparison | None = None
        self.root = lesson_root([self.seed.box, self.typed, self.message, self.nav.box, jump,
                                 facts, self.headline,
                                 self.board, self.question, self.reveal.box])
        self.load(self.seed.seed)
        # A shared link's ?move= opens that move (?seed= is read by the seed field, before):
        # now, or when a pre-heated page's address comes.
        query = address_or_later(self._go_to_asked)
        if query is not None:
            self._go_to_asked(query)

    def _go_to_asked(self, query: str) -> None:
        self.go(query_int("move", 1, 1, len(self.game.moves), query=query))

    @property
    def position(self) -> int:
        """The move shown, 1 for the first."""
        return self.nav.position

    @property
    def game(self) -> RecordedGame:
        """The game shown."""
        return self.nav.game

    @property
    def move(self) -> Move:
        return self.game.moves[self.position - 1]

    @property
    def revealed(self) -> bool:
        """Is the AI's move shown (the learner committed or skipped)?"""
        return self.position in self.answers

    def load(self, seed: int) -> None:
        """Play deal ``seed`` between two classic AIs and show its first move."""
        self.answers = {}
        self.nav.load(seed)

    def use_typed(self) -> None:
        """Play the hands typed in the box (Enter) between two classic AIs, the other cards
        from the seed's deal; a refusal says why, with the rule, and changes nothing."""
        text = str(self.typed.value).strip()
        if not text:
            return
        try:
            deck = typed_deck(text, self.seed.seed)
        except WppError as err:
            self.message.value = f'<span class="wpp-no">{escape(plain_words(str(err)))}</span>'
            return
        self.message.value = ""
        self.answers = {}
        self.nav.show_game(record_game(self.seed.seed, deck=deck))

    def _moments_of(self, game: RecordedGame) -> None:
        self.answers = {}
        options: list[tuple[str, int]] = [(f"— {len(game.moments())} interesting moments —", 0)]
        # A moment is named by its move and who acts, never by what the AI did there (that
        # would answer the question the move asks).
        options += [(_asking(game.moves[i]), i + 1) for i, _tag in game.moments()]
        self.moments.options = options
        self.moments.value = 0

    def go(self, position: int) -> None:
        """Show move ``position`` (1-based, clamped)."""
        self.nav.go(position)

    def _jump(self, change: dict[str, object]) -> None:
        target = change["new"]
        if isinstance(target, int) and target > 0:
            self.go(target)
            # Back to the placeholder: no stale label, and the same moment can be chosen again.
            self.moments.value = 0

    def commit(self, action: Action | None) -> None:
        """The learner's move (``None``: just show the AI's): lock it and reveal."""
        if self.revealed:
            return
        self.answers[self.position] = action
        self._render()
        if action is not None:
            m = self.move
            report_answer(f"move {self.position} · {self.game.source()}", str(action),
                          self.comparison is not None and self.comparison.same,
                          f"What would {player_name(m.player)} play at move "
                          f"{self.position}? ({self.game.source()})", lesson="05")

    def _changed(self) -> str:
        if self.position == 1:
            return "The deal: each player holds 16 cards."
        prev = self.game.moves[self.position - 2]
        return f"Since the last move: {prev.narration}."

    def _ask(self, m: Move) -> None:
        self.move_buttons = []
        if m.before.phase is Phase.MULLIGAN:
            rows: list[w.Widget] = [w.HTML('<div class="wpp-narration">The mulligan is lesson '
                                           "3's question; here, see what the AI put in the "
                                           "pile.</div>")]
        else:
            rows = [w.HTML(f'<div class="wpp-lesson-title">Your turn: what would '
                           f"{player_name(m.player)} play? Click a legal move (the engine's "
                           "list).</div>")]
            for label, actions in move_groups(m.before):
                buttons = []
                for a in actions:
                    b = w.Button(description=_button_label(a), tooltip=str(a),
                                 layout=w.Layout(width="auto"))
                    b.add_class("wpp-answer")
                    b.on_click(lambda _b, a=a: self.commit(a))
                    buttons.append(b)
                    self.move_buttons.append(b)
                box = w.HBox([w.HTML(f'<span class="wpp-nav-label">{escape(label)}</span>'),
                              *buttons])
                box.add_class("wpp-inline")
                rows.append(box)
        rows.append(self.show_button)
        self.question.children = tuple(rows)
        self.question.layout.display = ""

    def _render(self) -> None:
        m = self.move
        changed = f'<div class="wpp-changed">{escape(self._changed())}</div>'
        stats = (f'<div class="wpp-muted">{self.game.source()} · move {self.position} of '
                 f"{len(self.game.moves)}</div>")
        if not self.revealed:
            self.comparison = None
            self.headline.value = (f'<div class="wpp-step-head">{escape(_asking(m))}</div>'
                                   f"{changed}{stats}")
            self.board.value = board_html(m.before)
            self._ask(m)
            self.stepper.show(NOTHING)
            self.result.value = ""
            self.reveal.hide()
            self.nav.update_buttons()
            # Next waits for an answer; "Just show the AI's move" is the skip (nothing is
            # recorded for the class: widgets.lessons.shared.commit).
            self.nav.next_button.disabled = True
            return
        tags = "".join(f'<span class="wpp-badge">{escape(t)}</span>' for t in m.tags)
        self.headline.value = (
            f'<div class="wpp-step-head">{escape(m.headline())} {tags}</div>{changed}'
            f'<div class="wpp-narration">{escape(m.narration)}. {rule_badges(m.rules)}</div>'
            f"{stats}")
        self.board.value = board_html(m.before, highlight=_cards_of(m))
        self.question.children = ()
        self.question.layout.display = "none"
        mine = self.answers[self.position]
        self.result.value = plain_words(self._result_html(m, mine))
        self.stepper.show(m.explanation)
        self.reveal.show(self._revealed)
        self.nav.update_buttons()

    def _result_html(self, m: Move, mine: Action | None) -> str:
        item = m.item
        why = ""
        if item is not None:
            step = m.explanation.step("decide.list")
            name = None
            if step is not None and step.chosen_row is not None and "item" in step.columns:
                name = str(step.rows[step.chosen_row][step.columns.index("item")])
            why = (f" It was decided by the item “{name}” of its decision list"
                   f"{' (' + DECISION_TAGS[item] + ')' if item in DECISION_TAGS else ''}.")
        if mine is None:
            self.comparison = None
            return (f'<div class="wpp-feedback">The AI: <b>{escape(str(m.action))}</b>.'
                    f"{escape(why)}</div>")
        self.comparison = c = compare_moves(m.before, mine, m.action)
        if c.same:
            verdict, cls = "You played the AI's move." + why, "wpp-ok"
        else:
            diff = ", ".join(c.differences()) or "nothing measured here"
            verdict = (f"The AI's move is different: {m.action}.{why} The moves differ on: {diff}.")
            cls = "wpp-no"
        rows = [[escape(x) for x in r] for r in c.rows()]
        return ('<div class="wpp-lesson-title">Your move beside the AI\'s: what each leaves in '
                "the hand</div>" + comparison_html(rows, verdict, cls,
                                                   ("your move", "the AI's move")))

    def summary(self) -> str:
        m = self.move
        if not self.revealed:
            return (f"replay of {self.game.source()}: {_asking(m)} — your move? "
                    "(the AI's is shown once you choose)")
        yours = ""
        if self.comparison is not None:
            yours = "; you played the AI's move" if self.comparison.same else (
                f"; you chose {self.comparison.learner.action}")
        return (f"replay of {self.game.source()}: {m.headline()}{yours}; "
                f"{self.stepper.summary()}")
