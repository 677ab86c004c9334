"""The one game page every game is played on: a game's :class:`~widgets.page.board.Board` (how
its board is drawn and how a person chooses) placed in everything the page shares.

How a game's notebook builds its page::

    from widgets.page.game_page import GamePage
    from widgets.games.pairs.board import PairsBoard

    GamePage.for_game("pairs", board=PairsBoard(), players=4)       # in a notebook
    GamePage.from_env("pairs", board=PairsBoard(), players=4)       # as Voilà serves it

``for_game`` takes the same settings as :class:`GamePage`; ``from_env`` adds what a served
page needs: the address's key (a reload continues the game, :mod:`~widgets.page.keeper`), the
store (``WPP_ROOMS``), ``WPP_SEED`` and ``WPP_AI_DELAY``.

What the page does, the same for every game:

* the status says whose turn it is and how many moves are legal; the board is drawn from the
  viewer's view with the legal actions and the last action (highlighted); a refusal is shown
  with the engine's reason, which names the rule, and changes nothing;
* **Hint** asks the AI chosen beside it (any registered agent of the game) from the person's
  own view and *selects* its move on the board (:meth:`Board.select`); **Why?** shows the
  computer's last turn in public terms during a game (:mod:`~widgets.page.reasons`), in full
  after it or in open-hands practice, which the header marks;
* **Who plays** each seat: a person, or any registered agent with its budget, or a level of
  the opponent ladder (:mod:`~widgets.page.seats`);
* the seed is random and hidden until the game ends (:mod:`~widgets.page.deals`); then the
  status shows it and the banner offers "Replay this deal";
* the game-over banner gives the result in words and the session's score
  (:mod:`~widgets.page.results`), each game counted once by its identity (its deal,
  :func:`~wpp.services.game_store.game_id`), the score kept with the game;
* **a match** of the game's own shape (its registration's ``MATCH``,
  :mod:`wpp.core.matches`): each scored game counted into it with the score, its progress
  above the board (:mod:`~widgets.parts.match_line`), its winner named at its end, where the
  banner's Next hand (or Next game) becomes New match; it is kept with the score, so a
  reload goes on with it. The player's record (games, wins, best streak per opponent) is
  the browser's (:mod:`~widgets.parts.browser_record`): the page only tells it each
  finished scored game;
* **a scored game stays honest**: whatever shows what a scored game hides — open hands, Undo
  against the computer, who plays changed mid-game, a deal opened from a save file, replayed
  or chosen by its seed — makes the game practice, and the mode mark says so and why; it is
  kept with the game, so a reload or a second tab on the same address shows it too. A scored
  game against the computer left before its end (a new deal, practice, Undo) counts as a loss
  (a forfeit), after a question; Undo after the end is refused. Two tabs on one address: the
  store's version refuses the stale tab's write, and that tab shows the game as it is
  (:meth:`GamePage.follow`, polled when an event loop runs);
* **Review this game**, the banner's one review button: every move, the board drawn as it was
  (``Board.draw(..., active=False)``), with the computer's reasons, and beside it the
  computer's grades of the person's decisions (:mod:`~widgets.page.computer_review`); after
  a game the banner's first button says what comes next ("Next hand" in a match under way,
  with its running total) and Enter presses it;
* words for newcomers: the engine's rule and section numbers ("(R11)", "(6.3)") are dropped
  from what the page shows (:mod:`~widgets.parts.plain_words`; the numbered rules stay in
  Rules & keys), and no count of legal moves;
* **Save** (download the kit's save file, when it can no longer tell a secret: after the game,
  in practice, or between people) and **Open**; the game survives a reload
  (:mod:`~widgets.page.keeper`);
* keys (:mod:`~widgets.page.keys`), listed in the Rules panel; every control has a name; the
  layout wraps down to a phone's 390 px (:mod:`~widgets.page.layout`).

>>> from widgets.page.list_board import ListBoard
>>> page = GamePage.for_game("draw", board=ListBoard("draw"), seed=4)
>>> "Your turn" in page.status.value
True
>>> page.board.buttons[0].click()             # the person stands pat; the computer answers
>>> page.history.is_over, "Seed 4" in page.status.value
(True, True)
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, Generic, TypeVar

import ipywidgets as w

from widgets.page.board import Board, Key
from widgets.page.computer_review import ComputerReview
from widgets.page.deals import check_seed, fresh_seed, parse_seed, save_link
from widgets.page.faults import guard, install_fault_panel
from widgets.page.keeper import (
    Keeper,
    address_html,
    address_script_html,
    default_store,
)
from widgets.page.keys import PageKeys, key_name, keys_html
from widgets.page.layout import PAGE_STYLE
from widgets.page.practice import (
    CHOSEN,
    FORFEIT_NOTE,
    OPEN_HANDS,
    OPENED,
    PRACTICE_MARK,
    REPLAYED,
    SEATS_CHANGED,
    UNDONE,
    practice_mark,
    practice_why,
)
from widgets.page.reasons import (
    LIVE_NOTE,
    MOVE_ONLY_NOTE,
    PublicReasons,
    full_reasons,
    public_form,
    why_items,
)
from widgets.page.results import SessionScore, person_won, result_head, winners
from widgets.page.review import Review
from widgets.page.seats import (
    PERSON,
    SeatChooser,
    default_opponent,
    hint_choices,
    make_opponent,
    opponent_choices,
    opponent_label,
)
from widgets.page.turns import Turns
from widgets.parts.address import page_query, query_value
from widgets.parts.banner import GameOverBanner
from widgets.parts.browser_record import STATS_CSS, feed_html, stats_html, stats_script_html
from widgets.parts.confirm_bar import ConfirmBar
from widgets.parts.explain_panel import ExplainPanel, Hint, PanelText
from widgets.parts.game_log import GameLogView
from widgets.parts.hint_chooser import HintChooser
from widgets.parts.hotkeys import hotkeys_html
from widgets.parts.last_move import LastMoveLine
from widgets.parts.match_line import MatchLine, result_text, tally_text
from widgets.parts.message_line import MessageLine
from widgets.parts.pacer import ComputerPacer
from widgets.parts.page_header import PageHeader, set_class
from widgets.parts.plain_words import plain
from widgets.parts.saved_game import open_save
from widgets.parts.theme import STYLE_HTML
from wpp.core.errors import WppError
from wpp.core.explain import Explanation
from wpp.core.history import History, seat_name
from wpp.core.matches import Match
from wpp.core.registry import game_def, hint_agent, match_rule, new_game
from wpp.core.session import Session
from wpp.services.game_store import GameStore, StaleGame, game_id

__all__ = ["CHOSEN", "OPENED", "OPEN_HANDS", "PRACTICE_MARK", "REPLAYED", "SEATS_CHANGED",
           "UNDONE", "GamePage", "practice_mark"]

#: The board's own type (a page's ``board`` keeps it, so tests reach its widgets).
B = TypeVar("B", bound=Board)
#: A page :func:`serve` builds (any game page).
P = TypeVar("P", bound="GamePage[Any]")

FOLLOWED = ("This game was changed in another tab on the same address: showing it as it is "
            "now (your last action here was not kept).")
_MAX_FILE = 1_000_000
_POLL = 1.5  # seconds between two looks at the store for another tab's changes


def _read_settings(settings: Mapping[str, Any]
                   ) -> tuple[dict[int, str], dict[int, float], bool]:
    """Who plays each seat, the budgets and practice, as the store kept them."""
    try:
        seats = {int(k): str(v) for k, v in dict(settings.get("seats", {})).items()}
        budgets = {int(k): float(v) for k, v in dict(settings.get("budgets", {})).items()}
    except (TypeError, ValueError):
        raise WppError("the settings kept with this game are damaged") from None
    return seats, budgets, bool(settings.get("practice", False))


def served_settings(settings: dict[str, Any]) -> list[str]:
    """Fill ``settings`` (a :class:`GamePage`'s keyword arguments) from what a served page's
    server gives it, keeping what the caller set; return what the page should say about it:

    - the store (``WPP_ROOMS``): where the game survives a reload;
    - ``WPP_SEED`` (a fixed first deal) and ``WPP_AI_DELAY`` (the computer's pause), for
      tests and benchmarks.

    The page's address comes after (:meth:`GamePage.arrive`): a pre-heated kernel builds the
    page before its visitor has asked for it.
    """
    notices: list[str] = []
    seed_env = os.environ.get("WPP_SEED", "").strip()
    delay = os.environ.get("WPP_AI_DELAY", "").strip()
    settings.setdefault("seed", int(seed_env) if seed_env.isdigit() else None)
    settings.setdefault("ai_delay", float(delay) if delay else 0.5)
    if "store" not in settings:
        store, trouble = default_store()
        settings["store"] = store
        if trouble:
            notices.append(trouble)
    return notices


@dataclass(frozen=True)
class AddressAsks:
    """What a page's address asks of a game page (see :func:`read_address`)."""

    #: ``?key=``: continue the game kept under it (a reload); ``""``: none.
    key: str = ""
    #: ``?seed=N``: deal game N (a known deal, so practice); ``None``: none.
    seed: int | None = None
    #: ``?opponent=NAME``: who plays every other seat (as the seat chooser names it);
    #: ``""``: the page's usual one.
    opponent: str = ""


def read_address(game: str, query: str) -> tuple[AddressAsks, list[str]]:
    """What ``query`` (a page's address) asks of ``game``'s page, and what the page should
    say about the values it cannot use (each ignored, never an error):

    - ``?key=`` continues the game kept under that key (a reload);
    - ``?seed=N`` deals game N (a teacher's link: everyone who opens it gets the same cards);
    - ``?opponent=NAME`` puts NAME in every other seat (a registered agent's name,
      ``agent:NAME`` or ``level:KEY``, as the seat chooser lists them).

    >>> read_address("draw", "seed=7&opponent=random")
    (AddressAsks(key='', seed=7, opponent='agent:random'), [])
    >>> read_address("draw", "seed=x&key=abc")
    (AddressAsks(key='abc', seed=None, opponent=''), ["The address's seed 'x' is not a whole \
number from 0 to 2**63 - 1: a random deal instead."])
    """
    notices: list[str] = []
    seed: int | None = None
    asked = query_value("seed", query).strip()
    if asked:
        try:
            seed = check_seed(int(asked[:20]), "the address's seed")
        except (ValueError, WppError):
            notices.append(f"The address's seed {asked[:20]!r} is not a whole number from 0 "
                           "to 2**63 - 1: a random deal instead.")
    opponent = query_value("opponent", query).strip()[:60]
    named = ""
    if opponent:
        choices = [value for _label, value in opponent_choices(game)
                   if opponent in (value, value.partition(":")[2])]
        if choices:
            named = choices[0]
        else:
            notices.append(f"The address names an opponent this game does not have "
                           f"({opponent[:30]!r}): the usual one plays.")
    key = query_value("key", query).strip()[:80]
    return AddressAsks(key=key, seed=seed, opponent=named), notices


def serve(game: str, build: Callable[..., P], settings: dict[str, Any],
          fixed: Collection[str] = ()) -> P:
    """The page ``build(**settings)`` makes, as Voilà serves it: built at once with what the
    server gives (:func:`served_settings`), then given its address (:meth:`GamePage.arrive`).

    In a pre-heated kernel the notebook runs before anyone asks for the page: building it
    first means its few hundred widgets are made while the kernel waits in the pool, and a
    visitor's request costs only what the address changes (a class opening a page together
    no longer has every page's widgets pass through the server at once). ``fixed``: what the
    caller chose that the address does not change (``"seed"``, ``"seats"``; set in
    ``settings``, they are fixed anyway)."""
    fixed = set(fixed) | {name for name in ("seed", "seats") if name in settings}
    trouble = served_settings(settings)
    page = build(query=None, **settings)
    if page.game_name != game:
        raise WppError(f"this page plays {page.game_name!r:.30}, not {game!r:.30}")
    page.arrive(page_query(), trouble, fixed=fixed)
    return page


class GamePage(Generic[B]):
    """A game of ``board.game`` on ``board`` (see the module docs).

    ``players``: seats (the game's default if ``None``); ``seats``: who plays each seat
    (seat → ``"person"``, an agent name, ``"agent:NAME"`` or ``"level:KEY"``; by default seat
    0 is the person's and every other seat the game's default agent); ``budgets``: a budget
    for an agent seat; ``seed``: the first deal (random if ``None``); ``flags``: the game's
    rule variations; ``ai_delay``: seconds before each computer action when an event loop
    runs; ``store`` and ``query``: where the game is kept and the address's query string (a
    reload; ``None``: not known yet, and nothing is kept until :meth:`arrive`);
    ``review_budget``: the budget of "Review with the computer"; ``public``: the public form
    of the computer's reasons (the game's ``PUBLIC_REASONS`` by default); ``why``: why the
    first deal is practice (e.g. :data:`CHOSEN`: a seed from the page's address).
    """

    def __init__(self, board: B, *, players: int | None = None, seed: int | None = None,
                 seats: Mapping[int, str] | None = None,
                 budgets: Mapping[int, float] | None = None,
                 flags: Mapping[str, Any] | None = None, practice: bool = False,
                 ai_delay: float = 0.0, store: GameStore | None = None,
                 query: str | None = "",
                 review_budget: Mapping[str, int] | None = None,
                 public: PublicReasons | None = None, title: str | None = None,
                 rules: Any = None, why: str = "") -> None:
        self.board = board
        self.game_name = board.game
        self.definition = game_def(self.game_name)
        self.flags = dict(flags or {})
        self.review_budget = dict(review_budget or {})
        self.public = public if public is not None else public_form(self.game_name)
        self.keeper = Keeper(self.game_name, store, query)
        found = self.keeper.found
        first: History[Any, Any]
        if found is not None:
            first, settings = found
            players = first.players
            seats, budgets, practice = _read_settings(settings)
        else:
            first_seed = fresh_seed() if seed is None else check_seed(seed)
            first = new_game(self.game_name, seed=first_seed, players=players, **self.flags)
            if rules is not None:  # rules given as the game's own object
                first = type(first).create(self.definition, first_seed, first.players, rules)
        self.players = first.players
        chosen = dict(seats) if seats is not None else {
            s: default_opponent(self.game_name) for s in range(1, self.players)}
        self.pacer = ComputerPacer(ai_delay)
        # The turns and the review are parts of their own; the page offers their methods.
        self.turns, self.review = Turns(self), Review(self)
        self._after_move = self.turns._after_move
        self._computer_step = self.turns._computer_step
        self._history_step = self.turns._history_step
        self.advance = self.turns.advance
        self.auto_decision = self.turns.auto_decision
        self.redo = self.turns.redo
        self.request = self.turns.request
        self.reset_turn = self.turns.reset_turn
        self.undo = self.turns.undo
        self._draw_at = self.review._draw_at
        self._review_text = self.review._review_text
        self._show_review_row = self.review._show_review_row
        self.review_step = self.review.review_step
        self.review_with_computer = self.review.review_with_computer
        self.show_review = self.review.show_review
        self.review_game = self.review.review_game
        self.person_moves = 0
        self.score = SessionScore()
        #: The match the page's games make (the game's declared rule), kept with the score.
        self.match = Match(match_rule(self.game_name), self.players)
        #: The last finished scored games told to the browser's record (see _tell_stats).
        self._told: list[dict[str, str]] = []
        #: Why the game on the page is practice ("": a scored game); see :attr:`practice`.
        self.practice_why = OPEN_HANDS if practice else ""
        self.game_id = ""
        self._waiting = False  # followed a game at the computer's turn (see follow)
        self.reviewing: int | None = None
        self._last_person = 0
        self._build(title or self.definition.title, chosen)
        self.practice_box.value = bool(practice)
        for seat, budget in (budgets or {}).items():
            if 0 <= seat < self.players:
                self.chooser.set(seat, self.chooser.choice(seat), budget)
        self.session = Session(first, {})
        self.session.set_computer(self._agents())
        self.applied = {s: (self.chooser.choice(s), self.chooser.budget(s))
                        for s in range(self.players)}
        self._wire()
        self.fault_panel = install_fault_panel(self)
        self.start(first, notice=self.keeper.notice, why="" if found is not None else why)
        self._poll_later()

    # ------------------------------------------------------------------ construction
    @classmethod
    def for_game(cls, game: str, *, board: B, **settings: Any) -> GamePage[B]:
        """The page of ``game`` on ``board`` (``settings``: as :class:`GamePage`'s)."""
        if board.game != game:
            raise WppError(f"this board draws {board.game!r:.30}, not {game!r:.30}")
        return cls(board, **settings)

    @classmethod
    def from_env(cls, game: str, *, board: B, **settings: Any) -> GamePage[B]:
        """The page as Voilà serves it (:func:`serve`: the store, ``WPP_SEED`` and
        ``WPP_AI_DELAY``, then its address)."""
        return serve(game, lambda **s: cls.for_game(game, board=board, **s), settings)

    def arrive(self, query: str, notices: Sequence[str] = (), *,
               fixed: Collection[str] = ()) -> None:
        """The page's address has come (:func:`serve` built the page before it): a reload's
        key continues the kept game; else a seed deals that game (practice: a known deal)
        and an opponent takes every other seat, each starting a new game only if it changes
        something; the page keeps its game from now on. ``fixed``: settings the page's
        maker chose, which the address does not change. What cannot be used is said."""
        asks, said = read_address(self.game_name, query)
        said = list(notices) + said
        self.keeper.release()
        if asks.key and self.keeper.store is not None:
            found = self.keeper.take(asks.key)
            if found is not None and self._take_kept(*found, show_practice=True):
                self.start(found[0])
                self.tell(said)
                return
            if self.keeper.notice:
                said.insert(0, self.keeper.notice)
        seed = None if "seed" in fixed else asks.seed
        changed = seed is not None
        if asks.opponent and "seats" not in fixed:
            moved = False
            for seat in range(1, self.players):
                if self.chooser.choice(seat) != asks.opponent:
                    self.chooser.set(seat, asks.opponent)
                    moved = True
            if moved:
                self.session.set_computer(self._agents())
                self.applied = {s: (self.chooser.choice(s), self.chooser.budget(s))
                                for s in range(self.players)}
            changed = changed or moved
        if changed:
            self.start(self._deal(fresh_seed() if seed is None else seed),
                       why="" if seed is None else CHOSEN)
        else:
            self.refresh()  # kept from now on, under the page's own key
        self.tell(said)

    def _take_kept(self, history: History[Any, Any], settings: Mapping[str, Any],
                   refusal: str = "cannot continue the kept game", *,
                   show_practice: bool = False) -> bool:
        """Seat the people and agents kept with ``history`` (read from the store); whether
        it can be played here (if not, the page says ``refusal`` and why, and keeps its own
        game). ``show_practice``: the practice box shows the kept setting too."""
        try:
            seats, budgets, practice = _read_settings(settings)
            if history.players != self.players:
                raise WppError("the kept game has another number of players")
            for seat in range(self.players):
                self.chooser.set(seat, seats.get(seat, PERSON), budgets.get(seat))
            agents = self._agents()
        except WppError as err:
            self.notes.refuse(f"{refusal}: {err}")
            self._show_seats()
            return False
        self.session.set_computer(agents)
        self.applied = {s: (self.chooser.choice(s), self.chooser.budget(s))
                        for s in range(self.players)}
        if show_practice:
            # The box shows what the kept game was set to, with no question (nothing is
            # at stake on this page yet: the kept game is only now taken up).
            self.practice_box.unobserve(self._practice_changed, names="value")
            self.practice_box.value = practice
            self.practice_box.observe(self._practice_changed, names="value")
        return True

    def tell(self, notices: Sequence[str]) -> None:
        """Say ``notices`` on the page (what the address or the store could not give)."""
        if notices:
            self.notes.say(" ".join(notices), info=True)
            self.notes.render()

    def _button(self, label: str, tip: str, cls: str) -> w.Button:
        b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
        b.add_class("wpp-option")
        b.add_class(cls)
        return b

    def _build(self, title: str, chosen: Mapping[int, str]) -> None:
        self.header = PageHeader(title)
        self.status, self.mode_mark = self.header.status, self.header.mode_mark
        # The options.
        self.seed_box = w.Text(value="", placeholder="random", description="Seed",
                               tooltip="a seed deals a chosen game; empty: a random one",
                               layout=w.Layout(width="100%"))
        self.seed_box.add_class("wpp-seed")
        self.new_button = self._button("New game", "deal a new game (Shift+N)", "wpp-opt-new")
        self.replay_button = self._button("Replay this deal", "the same deal from the start",
                                          "wpp-opt-replay")
        self.chooser = SeatChooser(self.game_name, self.players, chosen)
        self.practice_box = w.Checkbox(value=False, description="Practice: open hands",
                                       tooltip="every hand face up and the computer's full "
                                               "reasoning (the game counts as practice)",
                                       indent=False, layout=w.Layout(width="100%"))
        self.practice_box.add_class("wpp-opt-practice")
        self.undo_button = self._button("Undo", "take back your last move (Shift+U)",
                                        "wpp-opt-undo")
        self.redo_button = self._button("Redo", "play again the move taken back (Shift+Y)",
                                        "wpp-opt-redo")
        self.rules_button = self._button("Rules & keys", "the rules and the keys",
                                         "wpp-opt-rules")
        self.save_button = self._button("Save", "download this game's save file",
                                        "wpp-opt-save")
        self.save_link = w.HTML("")
        self.save_link.add_class("wpp-save")
        self.open_file = w.FileUpload(accept=".json,application/json", multiple=False,
                                      description="Open saved game",
                                      tooltip="open a save file (JSON)",
                                      layout=w.Layout(width="auto"))
        self.open_file.add_class("wpp-opt-open")
        # The player's record in this browser (drawn there by the stats script) and the
        # hidden element that tells the script each finished scored game.
        self.stats_box = w.HTML(stats_html(self.game_name))
        self.stats_box.add_class("wpp-stats-box")
        self.stats_feed = w.HTML("", layout=w.Layout(display="none"))
        self.stats_feed.add_class("wpp-stats-feed")
        # The record's script travels in the page's own widgets (an output the browser
        # runs), not in the notebook's saved output beside them.
        self.stats_script = w.Output(layout=w.Layout(display="none"))
        self.stats_script.outputs = ({"output_type": "display_data", "metadata": {},
                                      "data": {"text/html": stats_script_html(),
                                               "text/plain": ""}},)
        extra = getattr(self.board, "options", None)
        self.menu = w.VBox([
            w.HTML('<div class="wpp-menu-title">Options</div>'), self.seed_box,
            w.HBox([self.new_button, self.replay_button], layout=w.Layout(flex_flow="row wrap")),
            self.chooser.box, self.practice_box,
            *([extra] if isinstance(extra, w.Widget) else []),
            w.HBox([self.undo_button, self.redo_button], layout=w.Layout(flex_flow="row wrap")),
            self.rules_button,
            w.HBox([self.save_button, self.open_file], layout=w.Layout(flex_flow="row wrap")),
            self.save_link, self.stats_box])
        self.menu.add_class("wpp-menu")
        # The centre: banner, board, messages and questions.
        self.notes = MessageLine(self.moment)
        self.confirm = ConfirmBar()
        # One review button (there were two, "Review" and "Review with the computer", and a
        # newcomer could not tell them apart): it steps through the moves and has the
        # computer grade the person's decisions beside them.
        self.end = GameOverBanner((("new", "New game"), ("replay", "Replay this deal"),
                                   ("review", "Review this game")))
        self.dock = w.VBox([self.notes.html, self.confirm.box])
        self.dock.add_class("wpp-page-dock")
        self.last_move = LastMoveLine()
        self.match_line = MatchLine()
        center = w.VBox([self.match_line.html, self.end.box, self.last_move.html,
                         self.board.root, self.dock])
        center.add_class("wpp-center")
        # The side: Why?, Hint and its AI, the panel, the review, the log.
        self.side = ExplainPanel()
        self.why_button, self.hint_button = self.side.why_button, self.side.hint_button
        # Hint asks the AI the review compares with (the registration's HINT)
        self.hints = HintChooser(self.game_name, fallback=None, default=hint_agent(
            self.game_name), labels=hint_choices(self.game_name))    # the opponent list's words
        self.hints.dropdown.description = "Hint from"
        self.hints.dropdown.tooltip = "the AI that Hint asks"
        self.computer_review = ComputerReview(self._show_review_row, self.board.describe)
        self.game_log = GameLogView(14)
        side = w.VBox([w.HBox([self.why_button, self.hint_button, self.hints.dropdown],
                              layout=w.Layout(flex_flow="row wrap")),
                       self.side.review_nav, self.side.view.html, self.computer_review.box,
                       self.game_log.html])
        side.add_class("wpp-side")
        body = w.HBox([self.menu, center, side])
        body.add_class("wpp-body")
        self.keys = PageKeys()
        self.address = w.HTML("")
        self.address.add_class("wpp-page-address")
        self.root = w.VBox([w.HTML(STYLE_HTML + PAGE_STYLE + f"<style>{STATS_CSS}</style>"),
                            self.header.box, body, self.keys.box, self.address,
                            self.stats_feed, self.stats_script])
        self.root.add_class("wpp-app")
        self.root.add_class("wpp-page")

    def _wire(self) -> None:
        self.board.on_choose(self.request)
        # Optional hooks a board may offer: the hint's AI making a decision for the person
        # (WarPairsPoker's auto-mulligan), and a click that changes the person's choice
        # (which makes a refusal stale).
        on_auto = getattr(self.board, "on_auto", None)
        if callable(on_auto):
            on_auto(self.auto_decision)
        on_touch = getattr(self.board, "on_touch", None)
        if callable(on_touch):
            on_touch(self.notes.drop_refusal)
        self.new_button.on_click(lambda _b: self.ask_new_game())
        self.replay_button.on_click(lambda _b: self.ask(self.replay, "Start this deal again?"))
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())
        self.rules_button.on_click(lambda _b: self._toggle("rules"))
        self.save_button.on_click(lambda _b: self.save())
        self.open_file.observe(self._file, names="value")
        self.practice_box.observe(self._practice_changed, names="value")
        self.chooser.on_change(self._seat_changed)
        self.chooser.on_refuse(self.notes.refuse)
        self.why_button.on_click(lambda _b: self.show_why())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.hints.dropdown.observe(lambda _c: self.side.forget_hint(), names="value")
        self.side.review_prev.on_click(lambda _b: self.review_step(-1))
        self.side.review_next.on_click(lambda _b: self.review_step(1))
        self.confirm.on_answer(self._answered)
        self.end.on("new", self.new_game)
        self.end.on("replay", self.replay)
        self.end.on("review", self.review_game)
        self.keys.on_key(self._key)
        self.keys.on_blocked(self._key_blocked)

    # ------------------------------------------------------------------ display
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.root._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = f"{self.definition.title} page"
        return bundle

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(self._repr_mimebundle_(), raw=True)  # type: ignore[no-untyped-call]
        display(HTML(hotkeys_html() + address_script_html()))  # type: ignore[no-untyped-call]

    # ------------------------------------------------------------------ seats
    @property
    def history(self) -> History[Any, Any]:
        """The game on the page (the session's)."""
        return self.session.history

    def people(self) -> list[int]:
        """The seats people play on this page."""
        return [s for s in range(self.players) if not self.session.is_computer(s)]

    def viewer(self) -> int:
        """The seat whose view the board shows: the person's (with several people, the one
        to act, else the last one who acted)."""
        people = self.people()
        to_act = self.session.human_to_act
        if to_act is not None:
            self._last_person = to_act
        elif self._last_person not in people:
            self._last_person = people[0] if people else 0
        return self._last_person

    def open_hands(self) -> bool:
        """May every hand be shown now (the game is over, or practice)?"""
        return self.practice or self.history.is_over

    @property
    def practice(self) -> bool:
        """Whether the game on the page is practice (not counted; every hand shown)."""
        return bool(self.practice_why)

    @practice.setter
    def practice(self, value: bool) -> None:
        if not value:
            self.practice_why = ""
        elif not self.practice_why:
            self.practice_why = OPEN_HANDS

    def at_stake(self) -> bool:
        """A scored game against the computer, dealt and not over: leaving it (a new deal,
        practice, Undo) counts as a loss — the person has seen their cards."""
        return (not self.history.is_over and not self.practice
                and bool(self.session.computer_seats))

    def make_practice(self, why: str) -> None:
        """Turn the game on the page into practice, ``why`` shown in the mode mark and kept
        with the game (a reload or another tab on this address sees it too). A scored game
        against the computer turned into practice before its end counts as a forfeit."""
        if self.practice:
            return
        if self.at_stake():
            self._forfeit()
        self.practice_why = why[:200]
        self.refresh()

    def _agents(self) -> dict[int, Any]:
        agents: dict[int, Any] = {}
        for seat in range(self.players):
            choice = self.chooser.choice(seat)
            if choice != PERSON:
                agents[seat] = make_opponent(self.game_name, choice,
                                             self.chooser.budget(seat), seed=seat)
        return agents

    def settings(self) -> dict[str, Any]:
        """What the store keeps beside the game: who plays each seat, budgets, practice."""
        budgets = {str(s): b for s in range(self.players)
                   if (b := self.chooser.budget(s)) is not None}
        return {"seats": {str(s): self.chooser.choice(s) for s in range(self.players)},
                "budgets": budgets, "practice": self.practice,
                "practice_why": self.practice_why, "game_id": self.game_id,
                "score": self.score.dump(), "match": self.match.dump()}

    def _seat_changed(self, seat: int) -> None:
        if not [s for s in range(self.players) if self.chooser.choice(s) == PERSON]:
            self.chooser.set(seat, PERSON)
            self.notes.refuse("at least one seat is played by a person on this page")
            return
        if self.in_progress() and not self.practice:
            self.confirm.ask("Change who plays in the middle of a game?", self._apply_seats,
                             note="Every hand turns face up and this game becomes practice"
                                  + ("; it counts as a loss (a forfeit)."
                                     if self.at_stake() else "."))
            self.refresh()
            return
        self._apply_seats()

    def _apply_seats(self) -> None:
        try:
            agents = self._agents()
        except WppError as err:
            self.notes.refuse(str(err))
            self._show_seats()
            return
        if self.in_progress() and not self.practice:
            if self.at_stake():
                self._forfeit()
            self.practice_why = SEATS_CHANGED
        if self.match.played and any(self.applied[s] != (self.chooser.choice(s),
                                                         self.chooser.budget(s))
                                     for s in range(self.players)):
            self.match = self.match.next()  # a match is against the same opponents
        self.session.set_computer(agents)
        self.applied = {s: (self.chooser.choice(s), self.chooser.budget(s))
                        for s in range(self.players)}
        self.pacer.cancel()
        self.reset_turn()
        self.refresh()
        self.advance()

    def _show_seats(self) -> None:
        """Put the seat choosers back to who plays now (a change was cancelled)."""
        for seat, (choice, budget) in self.applied.items():
            self.chooser.set(seat, choice, budget)

    # ------------------------------------------------------------------ game lifecycle
    def moment(self) -> tuple[int, int]:
        """(a person's moves, the game's actions): when a message was said."""
        return self.person_moves, len(self.history.actions)

    def in_progress(self) -> bool:
        """A game a person has played into and not finished (leaving it asks first)."""
        h = self.history
        return not h.is_over and len(h.actions) > 0

    def ask(self, action: Any, question: str) -> None:
        """Do ``action`` at once when no game is in progress, else after a yes. A scored
        game against the computer is at stake from its deal (the person has seen their
        cards): leaving it counts as a loss, a forfeit — said in the question — so that
        dealing again until a hand suits is no way to a better score."""
        if self.at_stake():
            def forfeit_then() -> None:
                self._forfeit()
                action()

            self.confirm.ask(question, forfeit_then, note=FORFEIT_NOTE)
            self.refresh()
            return
        if not self.in_progress():
            action()
            return
        self.confirm.ask(question, action, note="The game in progress ends.")
        self.refresh()

    def _answered(self, yes: bool, action: Any) -> None:
        if yes and action is not None:
            action()
        else:
            self._show_seats()
            self.refresh()

    def start(self, history: History[Any, Any], notice: str = "", why: str = "", *,
              advance: bool = True) -> None:
        """Play ``history`` from now on: reset everything per game, keep the settings.
        ``why``: the game is practice, and why; a game just read from the store (a reload,
        another tab) is practice if it was kept as practice, and goes on with the score kept
        with it; otherwise the game is practice if "Practice: open hands" is ticked.
        ``advance``: let the computer act now if it is its turn (not when following another
        tab's game: that tab moves for the computer, :meth:`follow`)."""
        self.pacer.cancel()
        self.session.start(history)
        self.game_id = game_id(history)
        kept = self.keeper.settings if self.keeper.settings.get("game_id") in (
            self.game_id, None) and self.keeper.fresh else {}
        self.keeper.fresh = False
        if "score" in kept:
            self.score = SessionScore.load(kept["score"])
        if "match" in kept:
            self.match = Match.load(kept["match"], self.match.rule, self.players)
        if self.match.over and not self.match.counted(self.game_id):
            self.match = self.match.next()  # a new deal after a finished match: the next one
        self.practice_why = (why or practice_why(kept)
                             or (OPEN_HANDS if self.practice_box.value else ""))
        self.confirm.cancel()
        self.reset_turn()
        self.review.leave()
        self.computer_review.hide()
        self.save_link.value = ""
        self.notes.say(notice, info=True)
        self.refresh()
        if advance:
            self.advance()

    def new_game(self, seed: int | None = None) -> None:
        """A new deal: ``seed``, else the seed typed, else a random one."""
        try:
            typed = parse_seed(self.seed_box.value) if seed is None else check_seed(seed)
        except WppError as err:
            self.notes.refuse(str(err))
            return
        self.start(self._deal(fresh_seed() if typed is None else typed),
                   why="" if typed is None else CHOSEN)

    def ask_new_game(self) -> None:
        """New game (the button, Shift+N): the typed seed is checked first — a bad one is
        refused at once, with no question and nothing changed — then asked about if a game
        is at stake."""
        try:
            typed = parse_seed(self.seed_box.value)
        except WppError as err:
            self.notes.refuse(str(err))
            return
        self.ask(lambda: self.new_game(typed), "Deal a new game?")

    def _deal(self, seed: int) -> History[Any, Any]:
        """A new game dealt from ``seed``, with this page's players and rules."""
        h = self.history
        return type(h).create(self.definition, seed, self.players, h.rules)

    def replay(self) -> None:
        """The same deal again from the start — practice: its cards are known (the end
        showed them; during the game, the person's own draws)."""
        self.start(self.history.replay(), why=REPLAYED)

    def open_saved(self, text: str | bytes) -> None:
        """Open a save file of this game (refused with the kit's reason otherwise; nothing
        changes then)."""
        try:
            game = open_save(text, self.game_name, self.definition.title)
            if game.players != self.players:
                raise WppError(f"this save file has {game.players} players; this page has "
                               f"{self.players}")
        except WppError as err:
            self.notes.refuse(f"cannot open this file: {err}")
            return
        self.start(game, notice="Opened a saved game (practice: a save file holds the whole "
                                "deal).", why=OPENED)

    def _file(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0] if isinstance(files, list | tuple) else next(iter(files.values()))
        content = item.get("content", b"") if isinstance(item, dict) else b""
        try:
            raw = bytes(content)
        except (TypeError, ValueError):
            raw = b""
        self.open_file.value = ()  # no copy kept (and the same file may come again)
        if len(raw) > _MAX_FILE:
            self.notes.refuse("this file is too large to be a save file")
            return
        text = raw.decode("utf-8", errors="replace")
        self.ask(lambda: self.open_saved(text), "Open the saved game?")

    def save(self) -> None:
        """Offer the game's save file to download — only when it tells no secret: the file
        holds the whole deal, so during a game against the computer it waits for the end
        (the game meanwhile survives a reload from this page's address)."""
        h = self.history
        if not h.is_over and not self.practice and self.session.computer_seats:
            self.notes.refuse("the save file holds the whole deal (the computer's cards): "
                              "save when the game is over or in practice — this page's "
                              "address keeps the game meanwhile")
            return
        self.save_link.value = save_link(self.game_name, h.to_json(), len(h.actions))

    def _key(self, name: str) -> None:
        if name == "new":
            self.ask_new_game()
            return
        {"hint": self.show_hint, "why": self.show_why, "undo": self.undo,
         "redo": self.redo}[name]()

    def page_keys(self) -> list[Key]:
        """The board's keys as the key script gets them; once the game is over, Enter is
        the banner's first button (Next hand, New game, New match): one obvious key to go
        on with, where the board's Enter could only say the game is over."""
        keys = list(self.board.keys())
        if not self.history.is_over:
            return keys
        return [*(k for k in keys if k.key != "Enter"),
                Key("Enter", "wpp-banner-new", f"{self.next_label()} (the game is over)")]

    def _key_blocked(self, key: Key) -> None:
        """A key the page lists whose control cannot act now (the key script clicked its
        "why not" button): say why in the message line, never nothing. The page knows the
        shared reasons (a past position, the game over, not your turn); the board its own
        (its optional ``why_not(key)``: "2 cards still to place")."""
        if self.reviewing is not None or self.side.open == "review-row":
            why = "the board shows a past position (the review)"
        elif self.history.is_over:
            why = f"the game is over ({self.next_label()}: Enter)"
        elif self.session.human_to_act is None:
            why = "it is not your turn"
        else:
            why_not = getattr(self.board, "why_not", None)
            why = (str(why_not(key.key)) if callable(why_not) else "") or \
                f"{key.does[:1].lower()}{key.does[1:]} is not possible now"
        self.notes.say(f"{key_name(key.key)}: {why}.", info=True)
        self.notes.render()

    def _practice_changed(self, change: dict[str, Any]) -> None:
        if change["new"] and not self.practice:
            if self.at_stake() or self.in_progress():
                self.confirm.ask("Turn this game into practice?", self._start_practice,
                                 note="Every hand turns face up"
                                      + ("; this scored game counts as a loss (a forfeit)."
                                         if self.at_stake() else "."))
                self.refresh()
                return
            self._start_practice()
        elif not change["new"] and self.practice:
            # Hands once shown stay shown: this game stays practice whatever its stage.
            self.notes.say("Practice stays on for this game; the next game is a real one.",
                           info=True)
            self.refresh()

    def _start_practice(self) -> None:
        if not self.practice_box.value:
            self.practice_box.value = True  # (no question: the game is made practice next)
        self.make_practice(OPEN_HANDS)

    # ------------------------------------------------------------------ Hint and Why?
    def show_hint(self) -> None:
        """Ask the chosen AI what it would do in the person's place (from their own view),
        show its reasons and select its move on the board."""
        if self.side.open == "hint":
            self._toggle("hint")
            return
        seat = self.session.human_to_act
        if seat is None or self.reviewing is not None:
            self.notes.refuse("a hint is for the player to act, on their turn")
            return
        try:
            decision = self.session.decide_for(seat, self.hints.agent())
        except Exception as err:  # an agent's bug must not break the page
            self.notes.refuse(f"the hint failed ({type(err).__name__})")
            return
        self.side.keep_hint(Hint(len(self.history.actions), seat_name(seat), self.hints.label(),
                                 decision.explanation))
        self.refresh()
        self.board.select(decision.action)
        self.notes.say(f"Hint: {self.board.describe(decision.action)} — selected for you.",
                       info=True)
        self.notes.render()

    def show_why(self) -> None:
        """Open or close the computer's reasons for its last turn."""
        self._toggle("why")

    def _why(self) -> PanelText:
        viewer = self.viewer()
        full = self.open_hands()
        items = why_items(self.session, viewer, open_hands=full, public=self.public)
        note = "" if full else (LIVE_NOTE if self.public is not None else MOVE_ONLY_NOTE)
        return PanelText("Why the computer did that", items, note=note,
                         empty="The computer has not moved yet." if self.session.computer_seats
                         else "Nobody plays by computer in this game.")

    def _toggle(self, name: str) -> None:
        self.side.toggle(name)
        if name == "review" or self.side.open != "review":
            self.reviewing = None
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def seat_labels(self) -> list[str]:
        """How the page names each seat: "You (P1)", "Computer (P2)", or "P1" when several
        people share the screen."""
        people = self.people()
        return [(seat_name(s) if len(people) > 1 else f"You ({seat_name(s)})")
                if s in people else f"Computer ({seat_name(s)})" for s in range(self.players)]

    def refresh(self) -> None:
        """Bring every part in line with the game (only changed values reach the page). The
        game is kept first: if another tab on this address wrote meanwhile, the store refuses
        this page's write and the page shows the kept game instead — before anything of its
        own stale position reaches a widget."""
        self._count_result()
        if not self._keep():
            return
        if self.fault_panel.layout.display != "none":  # a fault is old news after a move
            self.fault_panel.layout.display = "none"
        h = self.history
        viewer = self.viewer()
        acting = self.session.human_to_act
        label = getattr(self.board, "label_seats", None)
        if callable(label):
            label(self.seat_labels(), self.people())
        if self.reviewing is not None and self.side.open == "review":
            self._draw_at(self.reviewing, before=False)
        elif self.side.open != "review-row":
            view = h.view(viewer)
            legal = list(view.legal_actions()) if acting is not None else []
            others = ({s: h.view(s) for s in range(self.players)}
                      if self.open_hands() or not self.session.computer_seats else None)
            read = getattr(self.board, "read_history", None)
            if callable(read):
                read(h, viewer, len(h.actions))
            self.board.draw(view, legal=legal, last=h.actions[-1] if h.actions else None,
                            others=others, active=acting is not None)
        self.undo_button.disabled = not h.can_undo or h.is_over
        self.redo_button.disabled = not h.can_redo
        self.why_button.layout.display = "" if self.session.computer_seats else "none"
        self.notes.render()
        if self.side.open != "review-row":
            self.side.render(why=self._why, review=self._review_text if self.open_hands()
                             else None, moves=len(h.actions),
                             rules=self._rules_html())
        self.confirm.render()
        self.header.show(self._status(viewer, acting),
                         practice_mark(self.practice_why) if self.practice else "")
        self._banner()
        self.match_line.show(self.match, self.match_labels(),
                             current=not self.match.counted(self.game_id),
                             practice=self.practice)
        self.game_log.show(h.events, lambda e: e.text_for(None if self.open_hands()
                                                          else viewer))
        if self.reviewing is None and self.side.open != "review-row":
            self.last_move.show(h.events, lambda e: e.text_for(None if self.open_hands()
                                                               else viewer))
        else:  # a position shown for reading: the review says its move
            self.last_move.hide()
        self.keys.show(self.page_keys())
        query = self.keeper.query()
        if query:
            value = address_html(query)
            if self.address.value != value:
                self.address.value = value
        set_class(self.root, "wpp-live", self.in_progress())
        set_class(self.root, "wpp-practice", self.practice)

    def _rules_html(self) -> str:
        rules = getattr(self.board, "rules_html", "")
        return (str(rules) if rules else
                f"<p>The rules of {escape(self.definition.title)}: see its lesson.</p>") + \
            keys_html(self.board.keys())

    def _outcome(self) -> str:
        """The finished game's result for the banner and the status line: the board's
        one-glance words when it has them (``outcome(view)``), else the game's own."""
        short = getattr(self.board, "outcome", None)
        text = short(self.history.view(self.viewer())) if callable(short) else ""
        return str(text) if text else self.history.outcome

    def _status(self, viewer: int, acting: int | None) -> str:
        h = self.history
        people = self.people()
        if h.is_over:
            head = result_head(h.returns(), people)
            return (f"<b>{escape(head)}</b> — {escape(plain(self._outcome()).rstrip('.'))}. "
                    f"<span class='wpp-seed-shown'>Seed {h.seed}</span> (type it in Seed "
                    "to deal this game again).")
        if acting is not None:
            who = "Your turn" if len(people) == 1 else f"{seat_name(acting)} to act"
            # No count of legal moves: a newcomer reads the board, not the engine's list.
            return f"<b>{who}</b> ({seat_name(acting)}): choose on the board."
        seat = h.to_act
        label = opponent_label(self.game_name, self.chooser.choice(seat))
        return f"{seat_name(seat)} (the computer: {escape(label)}) is thinking…"

    def _count_result(self) -> None:
        """A finished game into the session's score and the match (practice: into neither),
        once by its identity, and told to the browser's record."""
        h = self.history
        if not h.is_over or self.score.counted(self.game_id):
            return
        returns = h.returns()
        self.score.record(self.game_id, returns, people=self.people(), practice=self.practice)
        if not self.practice:
            self.match.record(self.game_id, returns)
            top = winners(returns)
            me = self.people()[0] if len(self.people()) == 1 else -1
            self._tell_stats("win" if top == [me] else "draw" if me in top else "loss")

    def _forfeit(self) -> None:
        """The scored game on the page is left before its end: a loss for the person in the
        score, the match and the browser's record, each counted once."""
        counted = self.score.counted(self.game_id)
        people = self.people()
        self.score.forfeit(self.game_id, people=people)
        if len(people) == 1:
            self.match.forfeit(self.game_id, person=people[0], practice=self.practice)
            if not counted:
                self._tell_stats("loss")

    def _tell_stats(self, result: str) -> None:
        """Tell the browser's record (:mod:`widgets.parts.browser_record`) a finished scored game
        against the computer; the kernel never reads that record back."""
        people = self.people()
        if len(people) != 1 or not self.session.computer_seats or self.practice:
            return
        labels = sorted({opponent_label(self.game_name, self.chooser.choice(s))
                         for s in self.session.computer_seats})
        self._told = [*self._told[-4:], {"game": self.game_name,
                                         "opponent": " & ".join(labels)[:80],
                                         "id": f"{self.game_name}:{self.game_id}",
                                         "result": result}]
        value = feed_html(self._told)
        if self.stats_feed.value != value:
            self.stats_feed.value = value

    def match_labels(self) -> list[str]:
        """How the match names each seat: "You" and "Computer" (else the seats' names)."""
        people = self.people()
        computers = [s for s in range(self.players) if s not in people]
        return [("You" if len(people) == 1 else seat_name(s)) if s in people
                else ("Computer" if len(computers) == 1 else seat_name(s))
                for s in range(self.players)]

    def next_label(self) -> str:
        """What the banner's first button starts: "New match" once the match is over,
        "Next hand" (or "Next game") after a game the match counted, else "New game"."""
        if self.match.over:
            return "New match"
        if self.history.is_over and self.match.counted(self.game_id):
            return f"Next {self.match.rule.unit}"
        return "New game"

    def _banner(self) -> None:
        h = self.history
        new = self.next_label()
        if self.end.buttons["new"].description != new:
            self.end.buttons["new"].description = new
        if not h.is_over:
            self.end.hide()
            return
        counted = self.match.counted(self.game_id)
        match = self.match.over and counted
        labels = self.match_labels()
        won_match = match and [labels[s] for s in self.match.winners()] == ["You"]
        # A points match under way: the running total after this game, in the banner itself
        # (the hand's end says where the match stands, not only who won the hand).
        rule = self.match.rule
        total = (f"Running total after {rule.unit} {self.match.played} of {rule.hands}: "
                 f"{tally_text(self.match, labels)}"
                 if counted and not match and rule.count == "points" else "")
        self.end.show(result_head(h.returns(), self.people()), self._outcome(),
                      self.score.text(),
                      won=person_won(h.returns(), self.people()) or won_match,
                      match=result_text(self.match, labels) if match else total)

    # ------------------------------------------------------------------ two tabs, one game
    def _keep(self) -> bool:
        """Keep the game in the store; ``False`` when another tab had written first and the
        page now shows that tab's game (:meth:`follow`)."""
        try:
            self.keeper.write(self.history, self.settings())
        except StaleGame:
            # Followed: the kept game is drawn (by start()); not followed (the store could
            # not be read back): play on with this page's game, unkept.
            return not self.follow(FOLLOWED, force=True)
        except WppError as err:  # the file failed: play on, and say the game is not kept
            self.notes.say(f"This game is not kept for a reload now: {err}", info=True)
        return True

    def follow(self, notice: str = FOLLOWED, *, force: bool = False) -> bool:
        """Show the game kept under this page's address if another tab changed it (who
        plays, practice, the score come with it); whether it did. ``force``: this page's
        own write was refused, so its game is stale whatever the store says."""
        found = self.keeper.news()
        if found is None:
            if force:  # the store could not be read: the page plays on, unkept
                self.notes.say("Another tab changed this game and it could not be read "
                               "back.", info=True)
            return False
        history, settings = found
        if not self._take_kept(history, settings, "cannot follow the other tab's game"):
            return False
        # The tab that wrote moves for the computer: two kernels racing the computer's
        # turn would make each follow the other (every follow resets the panels). If that
        # tab is gone, the next poll that finds nothing new lets this one move.
        self.start(history, notice=notice, advance=False)
        self._waiting = self.session.computer_to_act
        return True

    def _poll_later(self) -> None:
        """Look at the store every few seconds while an event loop runs (Voilà), so a tab
        follows the other tab's moves without waiting for its own next action."""
        if self.keeper.store is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def poll() -> None:
            with guard(self):
                if not self.follow() and self._waiting:
                    self._waiting = False
                    self.advance()
            loop.call_later(_POLL, poll)

        loop.call_later(_POLL, poll)

    def explanation_for(self, k: int) -> Explanation | None:
        """The computer's full reasons for move ``k`` when the page may show them."""
        return full_reasons(self.session, k) if self.open_hands() else None
