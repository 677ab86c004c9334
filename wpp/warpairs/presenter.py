"""What WarPairsPoker's page says, without widgets: status texts, judging the selection, the
curtain, the log, the computer's public reasons for "Why?", the game-over banner and the score.

The page (:mod:`widgets.games.warpairs.app`) keeps only layout and wiring; everything it *says*
comes from
here, from plain values, so tests call these functions directly.

**Hidden information by construction.** During a live game the page may show only what is
computable from the viewer's own view and the public history. So every function here that
serves a live game takes *views* (``history.game.view(state, viewer)``) and the action list
(every WarPairsPoker action is seen by both players when it is made, except a mulligan's cards
until both mulligans are made, which the views say), never a state. In particular
:func:`public_reasons` explains a computer move in public terms: what it did, which items of
the classic AI's decision list a move like that can come from given what the viewer can see,
and what it shows about the table. The full step-by-step reasoning (which reads the computer's
hand) is for a finished game or open-hands practice (:func:`full_reasons`).

>>> from wpp.warpairs.game import Game
>>> g = Game(seed=5)
>>> g.apply(g.legal_actions()[0]).public     # P1's mulligan: its cards stay secret
'P1 chose a mulligan (kept secret until both have chosen)'
>>> e = public_reasons(g, 0, viewer=1)
>>> str(e.summary)
'P1 made its mulligan (its 3 cards show when yours is made)'
>>> [s.title for s in e.steps]
['What it did', 'The rule it follows', 'What it shows']
>>> selection_text(g.view(1), g.view(1).hand[:2], g.rules)[:9]
'Selected '
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any, Final

from wpp.core.explain import Explanation, Ref, Step, Text, words
from wpp.core.history import History
from wpp.core.standard_deck import Card, format_cards
from wpp.warpairs.actions import Action, Draw, Mulligan, Pass, PlayCards, Redraw, Stop, TakeFromPile
from wpp.warpairs.ai.decide import (
    AGGRESSIVE_OPPONENT_CARDS,
    DESPERATE_OPPONENT_CARDS,
    POWER_SINGLES_OPPONENT_CARDS,
)
from wpp.warpairs.ai.hand import is_power
from wpp.warpairs.deal import MULLIGAN_SIZE
from wpp.warpairs.judge import judge
from wpp.warpairs.lookup import classify
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.plays import Category, IllegalPlay, Mode, Play
from wpp.warpairs.rules import Rules
from wpp.warpairs.view import View

__all__ = [
    "Score",
    "Seating",
    "full_reasons",
    "hint_message",
    "instructions_html",
    "last_run",
    "parse_seed",
    "player_names",
    "public_reasons",
    "result_head",
    "selection_text",
    "status_html",
    "why_items",
]


# ---------------------------------------------------------------------------- seats
def player_names(computer: int | None) -> tuple[str, str]:
    """How the board names P1 and P2: "You (P1)" / "Computer (P2)", or "P1" / "P2".

    >>> player_names(1), player_names(None)
    (('You (P1)', 'Computer (P2)'), ('P1', 'P2'))
    """
    if computer is None:
        return ("P1", "P2")
    out = ["", ""]
    out[computer] = f"Computer ({player_name(computer)})"
    out[1 - computer] = f"You ({player_name(1 - computer)})"
    return (out[0], out[1])


@dataclass
class Seating:
    """Who sits where and what each seat's hand shows.

    ``computer``: the computer's seat (``None``: two people share the screen); ``alternate``:
    only the acting person's hand is face up, behind a curtain they lift (``revealed``: the seat
    that lifted it); ``practice``: open hands — every hand face up, the computer's full
    reasoning shown (the page marks it).

    >>> s = Seating(computer=None, alternate=True)
    >>> s.curtain(to_act=0, over=False), s.face_up(0, to_act=0, over=False)
    (True, False)
    >>> s.revealed = 0
    >>> s.curtain(to_act=0, over=False), s.face_up(0, to_act=0, over=False)
    (False, True)
    >>> Seating(computer=1).face_up(1, to_act=0, over=False)
    False
    """

    computer: int | None = 1
    alternate: bool = False
    revealed: int | None = None
    practice: bool = False

    @property
    def viewer(self) -> int | None:
        """The seat whose secrets the page keeps (the person's, against the computer;
        ``None`` for two people at one screen or open-hands practice)."""
        if self.computer is None or self.practice:
            return None
        return 1 - self.computer

    @property
    def bottom(self) -> int:
        """The seat drawn at the bottom of the board."""
        return 0 if self.computer is None else 1 - self.computer

    def curtain(self, *, to_act: int, over: bool) -> bool:
        """Two people, alternate reveal, and the player to act has not lifted the curtain."""
        return (self.computer is None and self.alternate and not over
                and self.revealed != to_act)

    def face_up(self, seat: int, *, to_act: int, over: bool) -> bool:
        """Is ``seat``'s hand shown face up now?"""
        if over or self.practice:
            return True
        if seat == self.computer:
            return False
        if self.computer is None and self.alternate:
            return seat == to_act and not self.curtain(to_act=to_act, over=over)
        return True

    def acting(self, *, to_act: int, over: bool) -> int | None:
        """The seat to act if a person may act now (hand uncovered), else ``None``."""
        if over or to_act == self.computer or not self.face_up(to_act, to_act=to_act,
                                                                  over=over):
            return None
        return to_act


# ---------------------------------------------------------------------------- selection
def selection_text(view: View, cards: Collection[Card], rules: Rules) -> str:
    """What the selected ``cards`` would be, judged from the acting player's view (plain text;
    empty with nothing selected)."""
    if not cards:
        return ""
    chosen = sorted(cards)
    if view.phase is Phase.MULLIGAN:
        n = len(chosen)
        return (f"Selected {format_cards(chosen)}: "
                + ("ready for the mulligan." if n == MULLIGAN_SIZE else
                   f"the mulligan takes exactly {MULLIGAN_SIZE} cards ({n} selected)."))
    try:
        play = classify(chosen, rules)
    except IllegalPlay as err:
        return f"Selected {format_cards(chosen)}: {err.reason}"
    text = f"Selected: {play.describe()}"
    if view.table is not None and view.phase is Phase.ANSWER:
        verdict = judge(play, view.table)
        text += (" — it beats the table." if verdict.legal
                 else f" — does not beat the table: {verdict.reason}")
    return text


# ---------------------------------------------------------------------------- status
def instructions_html(view: View, *, two_people: bool) -> str:
    """What the acting player may do now, offering only what the rules allow here (their own
    view's legal actions decide)."""
    who = f"{player_name(view.player)}:" if two_people else "Your"
    legal = view.legal_actions()
    if view.phase is Phase.MULLIGAN:
        return (f"<b>{who} mulligan</b> — select 3 cards to put face up in the pile, then "
                "press Mulligan (Enter).")
    if view.phase is Phase.LEAD:
        extra = ", or Pass" if any(isinstance(a, Pass) for a in legal) else ""
        return (f"<b>{who} lead</b> — select a single card, a pair or a poker hand and "
                f"press Play (Enter){extra}.")
    if view.phase is Phase.ANSWER:
        table = view.table
        assert table is not None
        ways = [f"beat {escape(table.describe())} with a higher {table.mode.label} play"]
        if any(isinstance(a, Draw) for a in legal):
            ways.append("Draw")
        if any(isinstance(a, TakeFromPile) for a in legal):
            ways.append("take a pile card")
        return f"<b>{who} answer</b> — " + ", or ".join(ways) + "."
    options = []
    if any(isinstance(a, Draw) for a in legal):
        options.append("draw one more")
    if any(isinstance(a, Stop) for a in legal):
        options.append("stop")
    if any(isinstance(a, Redraw) for a in legal):
        options.append("re-draw (once a game)")
    choice = ", ".join(options[:-1]) + (" or " if len(options) > 1 else "") + options[-1] \
        if options else "wait"
    return (f"<b>{who} draw</b> — you drew {escape(format_cards(view.drawn))}: "
            f"{choice}.")


def status_html(view: View, *, seating: Seating, acting: int | None, seed: int | None,
                outcome: tuple[int | None, str] | None) -> str:
    """The status line. ``view`` is the bottom seat's (public facts and, when it acts, its
    own); ``outcome`` (winner, cause) once the game is over; ``seed`` is shown only then (a
    seed is the whole deck order)."""
    names = player_names(seating.computer)
    if outcome is not None:
        winner, cause = outcome
        head = result_head(winner, seating.computer)
        seed_text = f" This deal's seed: {seed}." if seed is not None else ""
        return (f"<b>{head}</b> — {escape(cause)}.{seed_text} All cards are face up now. "
                "New game or Replay?")
    if seating.curtain(to_act=view.to_act, over=False):
        p = player_name(view.to_act)
        return f"<b>{p}'s turn</b> — hand the screen over; {p} clicks “Show my hand”."
    if acting is None:
        return f"<b>{escape(names[view.to_act])}</b> is thinking…"
    return instructions_html(view, two_people=seating.computer is None)


def result_head(winner: int | None, computer: int | None) -> str:
    """The result in a few words, as the person in front of the screen reads it.

    >>> result_head(0, 1), result_head(1, 1), result_head(None, 1), result_head(1, None)
    ('You win!', 'The computer wins', 'Draw', 'P2 wins')
    """
    if winner is None:
        return "Draw"
    if computer is None:
        return f"{player_name(winner)} wins"
    return "The computer wins" if winner == computer else "You win!"


def hint_message(action: Action) -> str:
    """What the message line says about a hint's action (its cards are selected for you)."""
    if isinstance(action, PlayCards | Mulligan):
        button = "Mulligan" if isinstance(action, Mulligan) else "Play"
        return f"Hint: {action} — selected for you; press {button} (Enter)."
    if isinstance(action, TakeFromPile):
        return f"Hint: {action} — click it in the pile."
    return f"Hint: {action}."


def parse_seed(text: str, largest: int = 2**63 - 1) -> int | None:
    """The seed typed in the menu (``None`` when the box is empty: a random deal).

    >>> parse_seed(" 42 "), parse_seed("")
    (42, None)
    >>> parse_seed("-1")
    Traceback (most recent call last):
    ...
    ValueError: the seed must be a whole number from 0 to 9223372036854775807, not '-1'
    """
    text = text.strip()
    if not text:
        return None
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if not 0 <= seed <= largest:
        raise ValueError(f"the seed must be a whole number from 0 to {largest}, "
                         f"not {text[:40]!r}")
    return seed


# ---------------------------------------------------------------------------- score
@dataclass
class Score:
    """Games finished in this session: won by the person, by the computer, drawn, and how
    many of them were practice. A game counts once, when it ends.

    >>> s = Score()
    >>> s.record(key=1, winner=0, computer=1, practice=False)
    >>> s.record(key=1, winner=0, computer=1, practice=False)   # the same game: once
    >>> s.record(key=2, winner=1, computer=1, practice=True)
    >>> s.text()
    'Session: you 1 · computer 1 · draws 0 (1 practice)'
    """

    you: int = 0
    computer: int = 0
    draws: int = 0
    practice: int = 0
    players: dict[int, int] = field(default_factory=dict)
    _seen: set[object] = field(default_factory=set)

    def record(self, *, key: object, winner: int | None, computer: int | None,
               practice: bool) -> None:
        """Count the game ``key`` (once) with its ``winner`` (``None``: a draw)."""
        if key in self._seen:
            return
        self._seen.add(key)
        self.practice += practice
        if winner is None:
            self.draws += 1
        elif computer is None:
            self.players[winner] = self.players.get(winner, 0) + 1
        elif winner == computer:
            self.computer += 1
        else:
            self.you += 1

    def text(self) -> str:
        """The score in words."""
        people = "".join(f" · {player_name(p)} {n}" for p, n in sorted(self.players.items()))
        extra = f" ({self.practice} practice)" if self.practice else ""
        return (f"Session: you {self.you} · computer {self.computer} · draws {self.draws}"
                f"{people}{extra}")


# ---------------------------------------------------------------------------- Why?
_LEAD_ITEMS: Final[dict[Category, str]] = {
    Category.STRAIGHT: "straight", Category.FLUSH: "flush",
    Category.THREE_OF_A_KIND: "three of a kind", Category.TWO_PAIR: "two pair",
    Category.FULL_HOUSE: "full house", Category.FOUR_OF_A_KIND: "four of a kind",
    Category.STRAIGHT_FLUSH: "straight flush", Category.PAIR: "pairs",
}


def _items_for_play(play: Play, before: View, after: View, lead: bool) -> list[str]:
    """The items of the classic AI's decision list a play like this can come from, judged
    from public facts only: the play, the table, both hand sizes."""
    mover_left = after.opponent_hand_size
    viewer_cards = len(before.hand)
    out: list[str] = []
    if mover_left == 0:
        out.append("do I win? (the whole hand in one play)")
    power = all(is_power(c) for c in play.cards)
    cat = play.category
    if lead:
        if viewer_cards == 1 and cat is not Category.SINGLE:
            out.append("opponent holds one card: any pair or poker hand")
        if cat in _LEAD_ITEMS:
            out.append(_LEAD_ITEMS[cat] + (" (or five cards that go out at once)"
                                           if len(play.cards) == 5 else ""))
        elif cat is Category.SINGLE:
            out.append("single cards: 2s, kings, aces" if power
                       else "single cards that match nothing else in its hand")
        return out
    table = before.table
    assert table is not None
    if table.mode is Mode.POKER:
        out.append(_LEAD_ITEMS.get(cat, cat.label) + ": the lowest that beats the table")
    elif table.mode is Mode.PAIR:
        if power:
            why = ("you hold few cards" if viewer_cards <= AGGRESSIVE_OPPONENT_CARDS
                   else "it has at most one outlier left")
            out.append(f"a pair of 2s, kings or aces: {why}")
        else:
            out.append("pairs: the lowest pair that beats the table")
    else:
        if table.cards[0].rank == 14:
            out.append("an ace on the table: a two or a higher ace")
        elif power and viewer_cards <= POWER_SINGLES_OPPONENT_CARDS:
            out.append("2s, kings, aces: you are close to out")
        elif power:
            out.append("singles: 2s, kings, aces (no outlier beats the table)")
        else:
            out.append("singles: the lowest outlier that beats the table")
    if viewer_cards <= DESPERATE_OPPONENT_CARDS:
        out.append("any answer (you are close to out): the fewest power cards")
    return out


def _shown(cards: Sequence[Card]) -> Text:
    return words(Ref(tuple(cards)))


def public_reasons(history: History[Any, Any], index: int, viewer: int) -> Explanation:
    """The computer's move number ``index`` (0-based) explained in public terms for
    ``viewer``: built from ``viewer``'s views before and after it and the action (which both
    players saw), so it is the same in every game with the same public history."""
    game = history.game
    states = history.states
    before: View = game.view(states[index], viewer)
    after: View = game.view(states[index + 1], viewer)
    action: Action = history.actions[index]
    mover = 1 - viewer
    who = player_name(mover)
    counts = (f"It holds {after.opponent_hand_size} card"
              f"{'s' if after.opponent_hand_size != 1 else ''} now; you hold {len(after.hand)}"
              f"; the deck has {after.deck_size}.")
    notes: list[Text] = []
    shown: tuple[Card, ...] = ()
    if isinstance(action, Mulligan):
        mine = after.mulligans[mover]
        if mine:
            shown = tuple(mine)
            title: Text = words(f"{who} put ", _shown(mine), " face up in the pile")
        else:
            title = f"{who} made its mulligan (its 3 cards show when yours is made)"
        rule = ("The mulligan rule: it keeps twos, kings and aces, then the poker hands and "
                "pairs it can build, and gives up the 3 cards that help it least.")
        items = ["mulligan"]
    elif isinstance(action, PlayCards):
        play = classify(action.cards, before.rules)
        table = before.table
        lead = table is None
        shown = tuple(action.cards)
        verb = "led" if lead else "answered with"
        title = words(f"{who} {verb} ", Ref(shown, play.describe()))
        items = _items_for_play(play, before, after, lead)
        rule = ("Leading, it goes down its list — straight, flush, five cards that go out at "
                "once, three of a "
                "kind, two pair, full house, four of a kind, straight flush, pairs, singles — "
                "and plays the lowest of the first item it holds.")
        if table is not None:
            rule = (f"Following, it must answer with {table.mode.plays}, as the trick began, "
                    "and plays the lowest play of the first item that beats the table.")
            notes.append(words("The play to beat was ", Ref(tuple(table.cards),
                                                            table.describe()), "."))
    elif isinstance(action, TakeFromPile):
        shown = (action.card,)
        title = words(f"{who} took ", _shown(shown), " from the face-up pile")
        items = ["draw: a pile card that is a king, an ace or matches its hand"]
        rule = ("Nothing it was willing to play beat the table, so it drew; it takes a pile "
                "card when one is a king, an ace or matches a card in its hand.")
    elif isinstance(action, Draw):
        first = before.phase is not Phase.DRAWING
        title = f"{who} drew {'a card' if first else 'a second card'} from the deck"
        items = ["draw: nothing it was willing to play beats the table" if first
                 else "draw one more"]
        rule = ("Its first card decides: it stops after one card when that card is a king, an "
                "ace or matches its hand, or when its hand then holds 5 cards or fewer; "
                "otherwise it draws a second." if not first else
                "Drawing is the last item of its decision list: it draws when nothing it is "
                "willing to play beats the table.")
    elif isinstance(action, Stop):
        title = f"{who} stopped drawing"
        items = ["stop"]
        rule = ("It stops after one card when that card is a king, an ace or matches its "
                "hand, when its hand holds 5 cards or fewer, or when a second card would reach "
                "the hand limit.")
    elif isinstance(action, Redraw):
        title = f"{who} re-drew"
        items = ["re-draw"]
        rule = ("Once a game, when its two drawn cards match nothing and neither is a two, a "
                "king or an ace, both go to the pile and it draws two new cards.")
    else:
        title = f"{who}: {action}"
        items = [str(action)]
        rule = "Conceding or passing is not part of its decision list."
    what = [*notes, counts]
    if isinstance(action, PlayCards) and after.table is None and after.phase is not Phase.OVER:
        what.append("The trick is over; the next one starts fresh.")
    steps = [
        Step("What it did", shown, verdict="" if shown else title, id="public.move"),
        Step("The rule it follows", columns=("item of its decision list",),
             rows=[(i,) for i in items], chosen_row=0, verdict=rule, id="public.rule"),
        Step("What it shows", notes=tuple(what), id="public.table"),
    ]
    return Explanation(f"Move {index + 1}", steps, summary=title)


def last_run(history: History[Any, Any], seat: int) -> list[int]:
    """The action indices of ``seat``'s last run of consecutive moves (its last turn)."""
    moves = [k for k, e in enumerate(history.events) if e.player == seat]
    if not moves:
        return []
    run = [moves[-1]]
    while run[0] - 1 in moves:
        run.insert(0, run[0] - 1)
    return run


def why_items(history: History[Any, Any], computer: int | None, viewer: int | None,
              agent: Any) -> list[tuple[str, Explanation]]:
    """The computer's last turn explained for "Why?": in public terms for ``viewer`` while
    the game runs; in full (its agent's reasoning) once it is over or when nobody's secrets
    are kept (``viewer`` ``None``: open-hands practice)."""
    if computer is None:
        return []
    moves = last_run(history, computer)
    if viewer is None or history.is_over:
        return [(f"Move {k + 1}: ", full_reasons(history, k, agent)) for k in moves]
    return [("", public_reasons(history, k, viewer)) for k in moves]


def full_reasons(history: History[Any, Any], index: int, agent: Any) -> Explanation:
    """The full step-by-step reasoning of ``agent`` for move ``index``, read from the mover's
    own view then (the computer's hand included): for a finished game's review and for
    open-hands practice only."""
    state = history.states[index]
    mover = history.game.to_act(state)
    explanation: Explanation = agent.decide(history.game.view(state, mover)).explanation
    return explanation
