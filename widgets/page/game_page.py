"""The one game page every game is played on: a game's :class:`~widgets.page.board.Board` (how
its board is drawn and how a person chooses) placed in everything the page shares.

How a game's notebook builds its page::

    from widgets.page.game_page import GamePage
    from widgets.games.pairs.board import PairsBoard

    GamePage.for_game("pairs", board=PairsBoard(), players=4)       # in a notebook
    GamePage.from_env("pairs", board=PairsBoard(), players=4)       # as Voilà serves it

``for_game`` takes the same settings as :class:`GamePage`; ``from_env`` adds what a served
page needs (:mod:`~widgets.page.serving`: the store, ``WPP_SEED``, ``WPP_AI_DELAY``, then the
address: a reload's key, ``?seed=``, ``?opponent=``).

What the page does, the same for every game — this module is the page's class and its
wiring; each idea it wires is a module of its own:

* the status says whose turn it is; the board is drawn from the viewer's view with the legal
  actions and the last action (highlighted); a refusal is shown with the engine's reason,
  which names the rule, and changes nothing;
* **Hint** and **Why?** (:mod:`~widgets.page.hint_why`, :mod:`~widgets.page.reasons`);
* **Who plays** each seat: a person, or any registered agent with its budget, or a level of
  the opponent ladder (:mod:`~widgets.page.seats`);
* the seed is random and hidden until the game ends (:mod:`~widgets.page.deals`); then the
  status shows it and the banner offers "Replay this deal";
* the game's end: its result counted once into the session's score and **a match** of the
  game's own shape, a forfeit, the browser's record, the banner
  (:mod:`~widgets.page.game_end`, :mod:`~widgets.page.results`), kept with the game;
* **a scored game stays honest**: what shows what it hides makes it practice, and leaving it
  at stake is a forfeit, after a question (:mod:`~widgets.page.stakes`,
  :mod:`~widgets.page.practice`); Undo after the end is refused;
* two tabs on one address play one game (:mod:`~widgets.page.two_tabs`);
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
>>> page.history.is_over, page.seed_box.placeholder   # the seed once over: the box's hint
(True, 'this game: 4')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from html import escape
from typing import Any, Generic, TypeVar

import ipywidgets as w

from widgets.page.board import Board, Key
from widgets.page.computer_review import ComputerReview
from widgets.page.deals import (
    check_seed,
    fresh_seed,
    parse_seed,
    read_save,
    save_link,
    uploaded_text,
)
from widgets.page.faults import install_fault_panel
from widgets.page.game_end import GameEnd
from widgets.page.hint_why import give_hint, why_panel
from widgets.page.keeper import Keeper, address_html, address_script_html, read_settings
from widgets.page.keys import PageKeys, blocked_reason, key_name, keys_html, keys_now
from widgets.page.layout import PAGE_STYLE
from widgets.page.names import in_page_names
from widgets.page.options import OptionsMenu
from widgets.page.practice import (
    CHOSEN,
    OPEN_HANDS,
    OPENED,
    REPLAYED,
    practice_mark,
    practice_why,
)
from widgets.page.reasons import PublicReasons, full_reasons, public_form
from widgets.page.results import SessionScore
from widgets.page.review import Review
from widgets.page.seats import (
    PERSON,
    SeatChooser,
    default_opponent,
    hint_choices,
    make_opponent,
    opponent_label,
)
from widgets.page.serving import arrive, serve
from widgets.page.stakes import Stakes
from widgets.page.turns import Turns
from widgets.page.two_tabs import TwoTabs
from widgets.parts.banner import GameOverBanner
from widgets.parts.browser_record import STATS_CSS
from widgets.parts.confirm_bar import ConfirmBar
from widgets.parts.explain_panel import ExplainPanel, PanelText
from widgets.parts.game_log import GameLogView
from widgets.parts.hint_chooser import HintChooser
from widgets.parts.hotkeys import hotkeys_html
from widgets.parts.into_view import into_view_html
from widgets.parts.last_move import LastMoveLine
from widgets.parts.match_line import MatchLine
from widgets.parts.message_line import MessageLine
from widgets.parts.pacer import ComputerPacer
from widgets.parts.page_header import PageHeader, set_class
from widgets.parts.theme import STYLE_HTML
from wpp.core.errors import WppError
from wpp.core.explain import Explanation
from wpp.core.history import History, seat_name
from wpp.core.matches import Match
from wpp.core.registry import game_def, hint_agent, match_rule, new_game
from wpp.core.session import Session
from wpp.services.game_store import GameStore, game_id

__all__ = ["GamePage"]

#: The board's own type (a page's ``board`` keeps it, so tests reach its widgets).
B = TypeVar("B", bound=Board)


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
            seats, budgets, practice = read_settings(settings)
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
        # The game's end (score, match, forfeit, the browser's record, the banner) and the
        # two tabs on one address are parts too.
        self.ends = GameEnd(self)
        self.match_labels, self.next_label = self.ends.match_labels, self.ends.next_label
        self.tabs = TwoTabs(self)
        self.follow = self.tabs.follow
        self.stakes = Stakes(self)
        self.at_stake, self.make_practice = self.stakes.at_stake, self.stakes.make_practice
        self.ask = self.stakes.ask
        self.person_moves = 0
        self.score = SessionScore()
        #: The match the page's games make (the game's declared rule), kept with the score.
        self.match = Match(match_rule(self.game_name), self.players)
        #: Why the game on the page is practice ("": a scored game); see :attr:`practice`.
        self.practice_why = OPEN_HANDS if practice else ""
        self.game_id = ""
        self.reviewing: int | None = None
        self._last_person = 0
        self._build(title or self.definition.title, chosen)
        self.practice_box.value = bool(practice)
        for seat, budget in (budgets or {}).items():
            if 0 <= seat < self.players:
                self.chooser.set(seat, self.chooser.choice(seat), budget)
        self.session = Session(first, {})
        #: Who plays each seat, with its budget, as the session has it (see seat_agents).
        self.applied: dict[int, tuple[str, float | None]] = {}
        self.seat_agents(self.agents())
        self._wire()
        self.fault_panel = install_fault_panel(self)
        self.start(first, notice=self.keeper.notice, why="" if found is not None else why)
        self.tabs.poll_later()

    # ------------------------------------------------------------------ construction
    @classmethod
    def for_game(cls, game: str, *, board: B, **settings: Any) -> GamePage[B]:
        """The page of ``game`` on ``board`` (``settings``: as :class:`GamePage`'s)."""
        if board.game != game:
            raise WppError(f"this board draws {board.game!r:.30}, not {game!r:.30}")
        return cls(board, **settings)

    @classmethod
    def from_env(cls, game: str, *, board: B, **settings: Any) -> GamePage[B]:
        """The page as Voilà serves it (:func:`~widgets.page.serving.serve`: the store,
        ``WPP_SEED`` and ``WPP_AI_DELAY``, then its address)."""
        return serve(game, lambda **s: cls.for_game(game, board=board, **s), settings)

    def arrive(self, query: str, notices: Sequence[str] = (), *,
               fixed: Collection[str] = ()) -> None:
        """The page's address has come (:func:`~widgets.page.serving.arrive`)."""
        arrive(self, query, notices, fixed=fixed)

    def take_kept(self, history: History[Any, Any], settings: Mapping[str, Any],
                   refusal: str = "cannot continue the kept game", *,
                   show_practice: bool = False) -> bool:
        """Seat the people and agents kept with ``history`` (read from the store); whether
        it can be played here (if not, the page says ``refusal`` and why, and keeps its own
        game). ``show_practice``: the practice box shows the kept setting too."""
        try:
            seats, budgets, practice = read_settings(settings)
            if history.players != self.players:
                raise WppError("the kept game has another number of players")
            for seat in range(self.players):
                self.chooser.set(seat, seats.get(seat, PERSON), budgets.get(seat))
            agents = self.agents()
        except WppError as err:
            self.notes.refuse(f"{refusal}: {err}")
            self.stakes.show_seats()
            return False
        self.seat_agents(agents)
        if show_practice:
            # The box shows what the kept game was set to, with no question (nothing is
            # at stake on this page yet: the kept game is only now taken up).
            self.practice_box.unobserve(self.stakes.practice_changed, names="value")
            self.practice_box.value = practice
            self.practice_box.observe(self.stakes.practice_changed, names="value")
        return True

    def tell(self, notices: Sequence[str]) -> None:
        """Say ``notices`` on the page (what the address or the store could not give)."""
        if notices:
            self.notes.say(" ".join(notices), info=True)
            self.notes.render()

    def _build(self, title: str, chosen: Mapping[int, str]) -> None:
        self.header = PageHeader(title)
        self.status, self.mode_mark = self.header.status, self.header.mode_mark
        # The options (who plays among them), and the player's record in this browser.
        self.chooser = SeatChooser(self.game_name, self.players, chosen)
        self.options = o = OptionsMenu(self.game_name, self.chooser,
                                       getattr(self.board, "options", None))
        self.menu, self.seed_box, self.practice_box = o.box, o.seed_box, o.practice_box
        self.new_button, self.replay_button = o.new_button, o.replay_button
        self.undo_button, self.redo_button = o.undo_button, o.redo_button
        self.rules_button, self.save_button, self.open_file = (o.rules_button, o.save_button,
                                                                o.open_file)
        self.save_link = o.save_link
        self.stats_box, self.stats_feed, self.stats_script = (o.stats_box, o.stats_feed,
                                                              o.stats_script)
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
                              layout=w.Layout(flex_flow="row wrap")), self.hints.words,
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
        self.practice_box.observe(self.stakes.practice_changed, names="value")
        self.chooser.on_change(self.stakes.seat_changed)
        self.chooser.on_refuse(self.notes.refuse)
        self.why_button.on_click(lambda _b: self.show_why())
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.hints.dropdown.observe(lambda _c: self.side.forget_hint(), names="value")
        self.side.review_prev.on_click(lambda _b: self.review_step(-1))
        self.side.review_next.on_click(lambda _b: self.review_step(1))
        self.confirm.on_answer(self.stakes.answered)
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
        display(HTML(hotkeys_html() + address_script_html()  # type: ignore[no-untyped-call]
                     + into_view_html()))

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

    def agents(self) -> dict[int, Any]:
        agents: dict[int, Any] = {}
        for seat in range(self.players):
            choice = self.chooser.choice(seat)
            if choice != PERSON:
                agents[seat] = make_opponent(self.game_name, choice,
                                             self.chooser.budget(seat), seed=seat)
        return agents

    def seat_agents(self, agents: dict[int, Any]) -> None:
        """Give the computer's seats ``agents`` and remember who plays as applied (a
        cancelled change of who plays goes back to it)."""
        self.session.set_computer(agents)
        self.applied = {s: (self.chooser.choice(s), self.chooser.budget(s))
                        for s in range(self.players)}

    def settings(self) -> dict[str, Any]:
        """What the store keeps beside the game: who plays each seat, budgets, practice."""
        budgets = {str(s): b for s in range(self.players)
                   if (b := self.chooser.budget(s)) is not None}
        return {"seats": {str(s): self.chooser.choice(s) for s in range(self.players)},
                "budgets": budgets, "practice": self.practice,
                "practice_why": self.practice_why, "game_id": self.game_id,
                "score": self.score.dump(), "match": self.match.dump()}

    # ------------------------------------------------------------------ game lifecycle
    def moment(self) -> tuple[int, int]:
        """(a person's moves, the game's actions): when a message was said."""
        return self.person_moves, len(self.history.actions)

    def in_progress(self) -> bool:
        """A game a person has played into and not finished (leaving it asks first)."""
        h = self.history
        return not h.is_over and len(h.actions) > 0

    def start(self, history: History[Any, Any], notice: str = "", why: str = "", *,
              advance: bool = True) -> None:
        """Play ``history`` from now on: reset everything per game, keep the settings.
        ``why``: the game is practice, and why; a game just read from the store (a reload,
        another tab) is practice if it was kept as practice, and goes on with the score kept
        with it; otherwise the game is practice if "Practice: open hands" is ticked.
        ``advance``: let the computer act now if it is its turn (not when following another
        tab's game: that tab moves for the computer, :mod:`~widgets.page.two_tabs`)."""
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
        self.start(self.deal(fresh_seed() if typed is None else typed),
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

    def deal(self, seed: int) -> History[Any, Any]:
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
            game = read_save(text, self.game_name, self.definition.title, self.players)
        except WppError as err:
            self.notes.refuse(f"cannot open this file: {err}")
            return
        self.start(game, notice="Opened a saved game (practice: a save file holds the whole "
                                "deal).", why=OPENED)

    def _file(self, change: dict[str, Any]) -> None:
        if not change["new"]:
            return
        try:
            text = uploaded_text(change["new"])
        except WppError as err:
            self.notes.refuse(str(err))
            return
        finally:
            self.open_file.value = ()  # no copy kept (and the same file may come again)
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
        """The board's keys as the key script gets them (:func:`~widgets.page.keys.keys_now`)."""
        return keys_now(self.board.keys(), self.history.is_over, self.next_label())

    def _key_blocked(self, key: Key) -> None:
        """A key the page lists whose control cannot act now: say why (never nothing)."""
        why = blocked_reason(key, self.board,
                             past=self.reviewing is not None or self.side.open == "review-row",
                             over=self.history.is_over, next_label=self.next_label(),
                             your_turn=self.session.human_to_act is not None)
        self.notes.say(f"{key_name(key.key)}: {why}.", info=True)
        self.notes.render()

    # ------------------------------------------------------------------ Hint and Why?
    def show_hint(self) -> None:
        """Ask the chosen AI what it would do in the person's place (from their own view),
        show its reasons and select its move on the board
        (:func:`~widgets.page.hint_why.give_hint`); pressed again, close its panel."""
        if self.side.open == "hint":
            self._toggle("hint")
            return
        give_hint(self)

    def show_why(self) -> None:
        """Open or close the computer's reasons for its last turn."""
        self._toggle("why")

    def _why(self) -> PanelText:
        return why_panel(self.session, self.viewer(), open_hands=self.open_hands(),
                         public=self.public)

    def _toggle(self, name: str) -> None:
        self.side.toggle(name)
        if name == "review" or self.side.open != "review":
            self.reviewing = None
        self.refresh()

    # ------------------------------------------------------------------ drawing
    def seat_labels(self) -> list[str]:
        """How the board names each seat: the names the log and the banner use ("You",
        "Computer", "Computer 1"… with several computers), no seat number beside them (a
        walk-through's players were put off by "You (P1)" on every board); when several
        people share the screen, each person's seat is "P1", "P2"… (the names they pick
        their seats by) and the computers keep theirs, with their seat number."""
        people = self.people()
        labels = self.ends.match_labels()
        if len(people) <= 1:
            return list(labels)
        return [name if s in people else f"{name} ({seat_name(s)})"
                for s, name in enumerate(labels)]

    def in_names(self, text: str) -> str:
        """The game's words (seats "P1", "P2"…) as this page names the seats ("You",
        "Computer"…): every line of the narration the page shows goes through here."""
        return in_page_names(text, self.ends.match_labels(), self.match.rule.unit)

    def narration(self, event: Any) -> str:
        """``event`` as this page's viewer reads it (every hand once the game is open), in
        the page's names."""
        return self.in_names(event.text_for(None if self.open_hands() else self.viewer()))

    def refresh(self) -> None:
        """Bring every part in line with the game (only changed values reach the page). The
        game is kept first: if another tab on this address wrote meanwhile, the store refuses
        this page's write and the page shows the kept game instead — before anything of its
        own stale position reaches a widget."""
        self.ends.count_result()
        if not self.tabs.keep():
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
            # The position with move ``reviewing`` just made: a board that marks whose turn
            # it is marks who made that move (it read "Computer — to act" under "You:
            # mulligan"); the hook holds for this one draw.
            mover = getattr(self.board, "show_mover", None)
            if callable(mover):
                mover(h.events[self.reviewing].player)
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
        self.ends.banner()
        self.match_line.show(self.match, self.match_labels(),
                             current=not self.match.counted(self.game_id),
                             practice=self.practice)
        self.game_log.show(h.events, self.narration)
        if self.reviewing is None and self.side.open != "review-row":
            self.last_move.show(h.events, self.narration)
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

    def _status(self, viewer: int, acting: int | None) -> str:
        h = self.history
        people = self.people()
        # The game's seed, once it is over, in the Seed box's grey hint (never its value: New
        # game still deals at random); during a game it would tell the deck's order.
        hint = f"this game: {h.seed}" if h.is_over else "random"
        if self.seed_box.placeholder != hint:
            self.seed_box.placeholder = hint
        if h.is_over:
            # Said once, in the banner; the headline only says the game is over (it repeated
            # the result and held a 19-digit seed; "Replay this deal" deals it again).
            return "<b>Game over</b> — the result is just below."
        if acting is not None:
            # No seat number beside "Your turn" (it read "Your turn (P1)"); several people
            # on one screen are told which seat by its name. No count of legal moves: a
            # newcomer reads the board, not the engine's list.
            who = "Your turn" if len(people) == 1 else f"{seat_name(acting)} to act"
            return f"<b>{who}</b>: choose on the board."
        seat = h.to_act
        label = opponent_label(self.game_name, self.chooser.choice(seat))
        return f"{self.ends.match_labels()[seat]} ({escape(label)}) is thinking…"

    def explanation_for(self, k: int) -> Explanation | None:
        """The computer's full reasons for move ``k`` when the page may show them."""
        return full_reasons(self.session, k) if self.open_hands() else None
