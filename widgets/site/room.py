"""The room page: any of the kit's games between students in their own browsers, through a
room code, with the computer in the seats nobody takes if the host wants.

One student picks a game, how many seats and who plays each other seat (another student, or
one of the game's computer players), clicks "Create a room" and tells the others the code; they
type it and click "Join". Each page runs in its own kernel and holds a
:class:`wpp.services.room_seat.Seat`: the game itself is in the shared store
(:mod:`wpp.services.rooms`), and the page draws only that seat's view, on the game's own board
(:class:`~widgets.page.board.Board`, found by :func:`board_for`). Clicks are requests: the
store's engine judges them, and a refusal is shown with its reason. The page polls the store
(every second, on the kernel's event loop) to show the others' moves, and plays the computer's
turns: the page of the lowest seat heard from recently at once, the others after a few polls
(any open page may; the decision is the same whichever does, and the store counts it once).

This module is glue: the lobby, the room's line (who sits where, who has gone), Concede or
"Let the computer play", Claim, Leave the room, the status and the log; the board and its
input are the game's. The room shows what the game page shows, with the page's own parts:
the last move in one line above the board
(:class:`~widgets.parts.last_move.LastMoveLine`), **How to play** — the board's rules, the
plain words with the numbered rules one click away
(:func:`~widgets.parts.how_to_play.how_to_play_html`) — and **Why?** in the side panel
(:class:`~widgets.parts.explain_panel.ExplainPanel`): the computer's last turn in the game's
*public* form of its reasons only (the game page's own panel,
:func:`~widgets.page.hint_why.why_panel`, with the game's ``PUBLIC_REASONS``, else the move as
this seat's narration tells it, and the room's notes) — never its own
reasoning, which reads its hidden hand, not even once the game is over: the others at the
table may not have seen those cards. At the end a banner says who won and each player's
points, and offers a **Rematch**: the same seats in a new game of the same room, which starts
once every student has clicked it (:meth:`wpp.services.room_seat.Seat.ask_rematch`); each page
says who is still awaited; **Leave the room** beside it goes back to the lobby, for a new
room (the lobby's form is not shown under the result: a joined student read it as part of
the end). While the room's
match goes on (OFC's 3 hands, WarPairsPoker's first to 2 wins) the button is **Next hand**
(or Next game), asked by everyone in the same way, the banner says the hand's result and where
the match stands, and the lobby stays hidden until the match is over.

The page keeps its seat's secret in its own address (``?room=CODE&seat=N&key=SECRET``, set by
a small script, :func:`room_script_html`): a reload opens the same address, and
:meth:`RoomPage.from_env` takes the seat back (:meth:`wpp.services.rooms.RoomStore.rejoin`) and
continues the game. The same script asks before the page is left during a game. When another
student has gone (nothing heard for :data:`~wpp.services.room_seat.ABSENT_AFTER` seconds)
the page says so, and once they have been gone for
:data:`~wpp.services.room_seat.CLAIM_AFTER` seconds on their turn it offers to claim it: the
game (WarPairsPoker's Concede) or, in a game without Concede, the computer plays for them
until they are back. Concede (or "Let the computer play", handing the seat to the computer)
is always offered while the game goes on, and so is **Leave the room** (two clicks during a
game or a match: the first asks): the seat is freed as a closed tab's is, at once
(:meth:`wpp.services.room_seat.Seat.leave`) — the others read "The other student left the
room" and may claim its turns — and the page is back in the lobby, its address without the
seat. The page names nobody by the engine's seat names ("P2"): "You", "The other student"
(or "Student 2", "Student 3" in a larger room) and "The computer" (or "Computer 1"…) on the
board, in the log, the result, the match line and the AI's reasons, the engine's words
translated as the game page translates them (:func:`~widgets.page.names.room_names`,
:func:`~widgets.page.game_end.in_page_names`); the room line numbers the seats.

>>> import os, tempfile
>>> from wpp.services.rooms import RoomStore
>>> store = RoomStore(os.path.join(tempfile.mkdtemp(), "r.sqlite3"))
>>> alice, bob = RoomPage(store, poll=0), RoomPage(store, poll=0)
>>> alice.create_button.click()
>>> bob.code.value = alice.seat.code.lower()
>>> bob.join_button.click()
>>> (alice.seat.seat, bob.seat.seat), alice.poll()     # Alice's page sees Bob arrive
((0, 1), True)
>>> "joined" in alice.room_line.value
True
>>> again = RoomPage(store, poll=0, query=alice.address_query())   # Alice reloads her page
>>> again.seat.seat, again.seat.version == alice.seat.version
(0, True)
>>> host = RoomPage(store, poll=0)                    # one student and the computer
>>> host.chooser.set(1, "agent:counting")
>>> host.create_button.click()
>>> host.seat.computers()[1].agent, "2 The computer (a card counter)" in host.room_line.value
('counting', True)
>>> _ = host.seat.submit(host.seat.view().legal_actions()[0]) if host.seat.view().my_turn else 0
>>> before = host.seat.version
>>> host.poll(), host.seat.version == before + 1     # the page played the computer's turn
(True, True)
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import urllib.parse
from collections.abc import Callable
from html import escape
from importlib import import_module
from typing import Any, Final

import ipywidgets as w

from widgets.page.board import Board
from widgets.page.game_end import in_page_names
from widgets.page.hint_why import why_panel
from widgets.page.names import room_names
from widgets.page.reasons import public_form
from widgets.page.results import winners
from widgets.page.seat_words import in_sentence, renamed
from widgets.page.seats import PERSON, SeatChooser, budget_option, computer_name, hint_choices
from widgets.parts.address import page_query
from widgets.parts.banner import GameOverBanner
from widgets.parts.explain_panel import ExplainPanel, Hint, PanelText
from widgets.parts.game_log import GameLogView
from widgets.parts.hotkeys import hotkeys_html
from widgets.parts.last_move import LastMoveLine
from widgets.parts.match_line import MatchLine, progress_text, result_text
from widgets.parts.plain_words import plain
from widgets.parts.theme import STYLE_HTML
from wpp.core.errors import WppError
from wpp.core.history import seat_name
from wpp.core.matches import Match
from wpp.core.registry import game_def, hint_agent, make_agent, registered_games
from wpp.services.computer_seats import HOST, LEFT, Computer
from wpp.services.room_seat import ABSENT_AFTER, CLAIM_AFTER, Seat, StaleRoom
from wpp.services.rooms import RoomStore, normalize_code

__all__ = ["RoomPage", "board_for", "hint_for", "room_script_html"]

#: Polls a page waits on a computer's turn before playing it when another page, heard from
#: recently, leads (plays them at once): the computer's decision is then made once, not by
#: every page, and still made if the leading page has just gone.
COMPUTER_GRACE: Final = 3

#: What Why? says of its words in a room (the game page's note speaks of its practice mode
#: and review, which a room has not).
PUBLIC_NOTE: Final = ("In a room the computer's moves are explained in public terms only: "
                      "what every player at the table may know, never a hidden card.")
MOVE_NOTE: Final = ("In a room the page shows only what the computer did: its reasoning reads "
                    "its own hidden cards.")

#: The room bar's button in a game without Concede: the computer plays this seat to the end
#: (the student stays to watch; "Leave the room" goes back to the lobby).
HAND_OVER: Final = "Let the computer play"
#: The button that leaves the room, at any time (during a game it asks first).
LEAVE_ROOM: Final = "Leave the room"
#: Leave's second click (the first asks, during a game): short, so that it fits a phone's
#: button (a walk-through's 390-px screen cut "Really leave the room?" to "Really leave the
#: roo…").
LEAVE_ARMED: Final = "Really leave?"

#: The room's own look: the players' results at the end; on a phone, the title wraps and
#: every control is a tap target of at least 44 px.
_ROOM_CSS: Final = """<style>
.wpp-room .wpp-room-results table { border-collapse: collapse; margin: 4px 0; }
.wpp-room .wpp-room-results td, .wpp-room .wpp-room-results th { padding: 2px 10px;
  border-bottom: 1px solid #d9d2bd; text-align: left; }
.wpp-room .wpp-room-results tr.wpp-room-winner { font-weight: bold; background: #fff3c4; }
@media (max-width: 600px) {
  /* a phone: the title wraps (it was cut: "Open Face Chinese Poker — a r"), and the room's
     buttons, selects and inputs are tap targets of at least 44 px (they were 26 px) */
  .wpp-room .wpp-brand { white-space: normal; overflow-wrap: anywhere; }
  .wpp-room button:not(.wpp-card), .wpp-room select, .wpp-room input,
  .wpp-room .widget-dropdown, .wpp-room .widget-text { min-height: 44px; height: auto; }
}
</style>"""

_SCRIPT: Final = """
(function () {
  if (window.wppRoomScript) { return; }
  window.wppRoomScript = true;
  // The page's address follows its seat (room, seat and the seat's secret), so that a reload
  // takes the seat back; nobody else is given the secret.
  setInterval(function () {
    var el = document.querySelector('.wpp-room-address [data-query]');
    if (!el) { return; }
    var q = el.getAttribute('data-query');
    var want = q ? '?' + q : '';
    if (location.search !== want) {
      history.replaceState(null, '', location.pathname + want + location.hash);
    }
  }, 200);
  // A second click on the same button within half a second is the same click sent twice:
  // it is dropped here (the kernel refuses a click made on a game that has moved on, but an
  // ipywidgets click carries no data, so a double click that reaches it after the first has
  // been counted would be judged as a new one).
  document.addEventListener('click', function (e) {
    var el = e.target.closest && e.target.closest(
      '.wpp-room .wpp-action, .wpp-room .wpp-pile .wpp-card, ' +
      '.wpp-room .wpp-room-concede, .wpp-room .wpp-room-claim, .wpp-room .wpp-room-leave, ' +
      '.wpp-room .wpp-room-board button:not(.wpp-card)');
    if (!el) { return; }
    if (el.dataset.wppClicked) { e.preventDefault(); e.stopPropagation(); return; }
    el.dataset.wppClicked = '1';
    setTimeout(function () { delete el.dataset.wppClicked; }, 500);
  }, true);
  // Leaving the page during a game asks first (the others would be left waiting).
  window.addEventListener('beforeunload', function (e) {
    if (document.querySelector('.wpp-room.wpp-live')) {
      e.preventDefault();
      e.returnValue = '';
      return '';
    }
  });
})();
"""


def room_script_html() -> str:
    """The room page's script as an HTML snippet (shown once, after the page): keeps the
    seat in the address (the teacher's page: its class and key; a lesson's class box: its
    class, name and page secret, :mod:`widgets.lessons.shared.classroom`), and asks before the page
    is left mid-game."""
    return f"<script>{_SCRIPT}</script>"


def board_for(game: str) -> Board:
    """A new board of ``game`` for the room page: the game's own, the one its page uses
    (``widgets.games.<game>.board``: a class named in its ``__all__`` whose ``game`` is
    ``game`` and which meets :class:`~widgets.page.board.Board`). A registered game without
    one is the kit's error naming what the game must export — not a plain board in its place,
    which would hide the omission from the game's author.

    >>> type(board_for("warpairs")).__name__, type(board_for("pairs")).__name__
    ('WarPairsBoard', 'PairsBoard')
    """
    game_def(game)      # an unknown game is the kit's error
    where = f"widgets.games.{game}.board"
    duty = (f"the game {game!r} has no board for its pages and rooms: the module {where} must "
            f"name in its __all__ a board class whose game is {game!r}")
    try:
        module = import_module(where)
    except ModuleNotFoundError as err:
        if err.name is None or not where.startswith(err.name):
            raise
        raise WppError(f"{duty} (there is no such module)") from None
    for name in getattr(module, "__all__", ()):
        cls = getattr(module, name, None)
        if isinstance(cls, type) and getattr(cls, "game", None) == game:
            board = cls()
            if isinstance(board, Board):
                return board
            raise WppError(f"{duty}; {name} does not meet the board contract "
                           "(widgets.page.board.Board)")
    raise WppError(duty)


def hint_for(game: str) -> tuple[str, Any]:
    """The AI a room's Hint asks for ``game`` — the one the game's own page asks by default
    (its registration's ``HINT``) — as (its name, a new agent of it)."""
    name = hint_agent(game)
    words = dict((n, label) for label, n in hint_choices(game)).get(name, name)
    return words.split(" — ")[0], make_agent(game, name, seed=0)


class RoomPage:
    """One student's page of a room (see the module docs). ``poll`` is the pause between
    two reads of the store, in seconds (0: only when :meth:`poll` is called, for tests);
    the page that leads plays the computer's turns (see :meth:`poll`);
    ``boards`` makes a game's board (:func:`board_for` by default); ``hints`` the AI Hint
    asks (:func:`hint_for` by default), once per game."""

    def __init__(self, store: RoomStore | None = None, *, poll: float = 1.0,
                 code: str = "", query: str = "",
                 boards: Callable[[str], Board] = board_for,
                 hints: Callable[[str], tuple[str, Any]] = hint_for) -> None:
        self.store = store if store is not None else RoomStore()
        self.interval = poll
        self.boards = boards
        self.hints = hints
        self._hint_agents: dict[str, tuple[str, Any]] = {}
        self.seat: Seat | None = None
        self.board: Board | None = None
        self._message = ""
        self._concede_armed = False
        self._leave_armed = False
        self._left: frozenset[int] = frozenset()   # the other seats whose person left
        self._everyone_here = False
        self._gone: dict[int, float] = {}
        self._machines: dict[int, Computer] = {}
        self._claimable = False
        self._waited = (-1, 0)   # (version, polls) waited on a computer's turn
        self._rematch: frozenset[int] = frozenset()   # the seats that asked for one
        self._generation = 0  # one polling chain per joined room
        fields = urllib.parse.parse_qs(query)
        code = code or fields.get("room", [""])[0][:12]
        self._build(code)
        self._wire()
        if "key" in fields:
            self.rejoin(fields.get("seat", [""])[0][:4], fields["key"][0][:80])

    @classmethod
    def from_env(cls) -> RoomPage:
        """The page as Voilà serves it: ``?room=CODE`` in the address fills the code in,
        ``&seat=N&key=SECRET`` (the page's own, after a reload) takes that seat back;
        ``WPP_ROOMS`` names the store, ``WPP_ROOM_POLL`` the pause between reads."""
        poll_text = os.environ.get("WPP_ROOM_POLL", "").strip()
        try:
            poll = float(poll_text) if poll_text else 1.0
        except ValueError:
            poll = 1.0
        return cls(poll=poll, query=page_query())

    # ------------------------------------------------------------------ widgets
    def _build(self, code: str) -> None:
        self.status = w.HTML("Create a room, or type the code another student gave you.")
        self.status.add_class("wpp-status")
        self.brand = w.HTML('<span class="wpp-brand">Play together — a room</span>')
        header = w.HBox([self.brand, self.status])
        header.add_class("wpp-header")
        self.code = w.Text(value=code, placeholder="room code, e.g. K7QPM",
                           continuous_update=False, layout=w.Layout(width="180px"),
                           description="Room code")
        self.code.add_class("wpp-room-code")
        self.join_button = w.Button(description="Join", tooltip="join the room of this code")
        self.join_button.add_class("wpp-room-join")
        games = [(game_def(g).title, g) for g in registered_games()]
        self.game = w.Dropdown(options=games, value=games[0][1], description="Game")
        self.game.add_class("wpp-room-game")
        self.players = w.Dropdown(options=[2], value=2, description="Seats")
        self.players.add_class("wpp-room-players")
        self.chooser: SeatChooser | None = None
        self.seats_box = w.VBox([], layout=w.Layout(max_width="460px"))
        self.seats_box.add_class("wpp-room-seats")
        self.create_button = w.Button(description="Create a room",
                                      tooltip="create a room of this game and take seat 1")
        self.create_button.add_class("wpp-room-create")
        self.lobby_message = w.HTML("")
        self.lobby_message.add_class("wpp-msg")
        join_row = w.HBox([self.code, self.join_button],
                          layout=w.Layout(flex_flow="row wrap"))
        create_row = w.HBox([self.game, self.players, self.create_button],
                            layout=w.Layout(flex_flow="row wrap"))
        self.lobby = w.VBox([join_row, create_row, self.seats_box, self.lobby_message])
        self.lobby.add_class("wpp-room-lobby")
        self._game_chosen()

        self.room_line = w.HTML("")
        self.room_line.add_class("wpp-room-line")
        self.address = w.HTML("", layout=w.Layout(display="none"))
        # the keys the key script sends to the board (see key_map)
        self.keys = w.HTML("", layout=w.Layout(display="none"))
        self.keys.add_class("wpp-room-keys")
        self.address.add_class("wpp-room-address")
        self.concede_button = w.Button(description="Concede")
        self.concede_button.add_class("wpp-room-concede")
        self.claim_button = w.Button(description="Claim the game",
                                     layout=w.Layout(display="none"))
        self.claim_button.add_class("wpp-room-claim")
        self.leave_button = w.Button(description=LEAVE_ROOM,
                                     tooltip="leave this room and go back to the lobby")
        self.leave_button.add_class("wpp-room-leave")
        room_bar = w.HBox([self.room_line, self.concede_button, self.claim_button,
                           self.leave_button],
                          layout=w.Layout(flex_flow="row wrap"))
        room_bar.add_class("wpp-room-bar")
        self.board_box = w.Box([])
        self.board_box.add_class("wpp-room-board")
        self.message = w.HTML("")
        self.message.add_class("wpp-msg")
        self.message.add_class("wpp-room-message")
        self.game_log = GameLogView(None)  # the whole log, its newest line in view
        self.log = self.game_log.html
        # the game page's parts: the last move, the end's banner, Why? and the rules
        self.last_move = LastMoveLine()
        self.end = GameOverBanner((("rematch", "Rematch"), ("leave", LEAVE_ROOM)))
        self.rematch_button = self.end.buttons["rematch"]
        self.end.buttons["leave"].tooltip = "leave this room and go back to the lobby"
        self.rematch_button.tooltip = ("play again in this room, the same players: it starts "
                                       "when everyone has clicked Rematch")
        self.results = w.HTML("", layout=w.Layout(display="none"))
        self.results.add_class("wpp-room-results")
        self.side = ExplainPanel()
        self.why_button = self.side.why_button
        self.hint_button = self.side.hint_button
        self.hint_button.tooltip = ("what the computer's best advice would be in your place, "
                                    "from your own cards only (on your turn)")
        self.match_line = MatchLine()   # the running match over the room's rematches
        self.rules_button = w.Button(description="How to play",
                                     tooltip="the rules in plain words, every numbered rule "
                                             "one click away")
        self.rules_button.add_class("wpp-side-button")
        self.rules_button.add_class("wpp-room-rules")
        side_bar = w.HBox([self.rules_button, self.why_button, self.hint_button],
                          layout=w.Layout(flex_flow="row wrap"))
        self.body = w.VBox([room_bar, self.match_line.html, self.end.box, self.results,
                            self.last_move.html, self.board_box, self.message, side_bar,
                            self.side.view.html, self.log],
                           layout=w.Layout(display="none"))
        self.body.add_class("wpp-room-body")
        self.root = w.VBox([w.HTML(STYLE_HTML + _ROOM_CSS), header, self.lobby, self.body,
                            self.address, self.keys])
        self.root.add_class("wpp-app")
        self.root.add_class("wpp-room")

    def _wire(self) -> None:
        self.join_button.on_click(lambda _b: self.join())
        self.create_button.on_click(lambda _b: self.create())
        self.concede_button.on_click(lambda _b: self.concede())
        self.claim_button.on_click(lambda _b: self.claim())
        self.end.on("rematch", self.rematch)
        self.end.on("leave", self.leave)
        self.leave_button.on_click(lambda _b: self.leave())
        self.why_button.on_click(lambda _b: self._toggle("why"))
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.rules_button.on_click(lambda _b: self._toggle("rules"))
        self.code.observe(self._on_enter, names="value")
        self.game.observe(lambda _c: self._game_chosen(), names="value")
        self.players.observe(lambda _c: self._seats_chosen(), names="value")

    def _game_chosen(self) -> None:
        """The seat counts of the chosen game (its default selected), and its seats."""
        rule = game_def(self.game.value)
        counts = list(range(rule.min_players, rule.max_players + 1))
        keep = self.players.value if self.players.value in counts else rule.default_players
        self.players.options = counts
        self.players.value = keep
        self._seats_chosen()

    def _seats_chosen(self) -> None:
        """Who plays each seat but the host's (seat 1): another student, or a computer player
        with its budget — the shared page's seat chooser, kept across a change of seats."""
        game, n = self.game.value, self.players.value or 2
        old = self.chooser
        kept = {s: old.choice(s) for s in range(1, min(n, old.players))} \
            if old is not None and old.game == game else {}
        chooser = SeatChooser(game, n, {0: PERSON, **kept})
        for seat, dropdown in chooser.dropdowns.items():
            dropdown.options = [("another student", PERSON),   # agents only: a room
                                *[o for o in dropdown.options    # stores an agent's name
                                  if str(o[1]).startswith("agent:")]]
            if old is not None and old.game == game and seat in kept:
                chooser.set(seat, kept[seat], old.budget(seat))
        chooser.dropdowns[0].layout.display = "none"   # the host's own seat
        chooser.box.children[0].value = ('<span class="wpp-menu-label">Who plays with you '
                                         '(you take seat 1)</span>')
        self.chooser = chooser
        self.seats_box.children = (chooser.box,)

    def computer_seats(self) -> dict[int, tuple[str, dict[str, Any]]]:
        """The computer's seats chosen in the lobby: seat → (agent, options with its
        budget)."""
        out: dict[int, tuple[str, dict[str, Any]]] = {}
        chooser = self.chooser
        if chooser is None:
            return out
        for seat in range(1, chooser.players):
            choice = chooser.choice(seat)
            if choice == PERSON:
                continue
            kind, _, name = choice.partition(":")
            if kind != "agent":
                raise WppError(f"a room's computer plays one of the game's agents, not "
                               f"{choice!r:.40}")
            options: dict[str, Any] = {}
            option, budget = budget_option(chooser.game, choice), chooser.budget(seat)
            if option is not None and budget is not None:
                key, default = option
                options[key] = int(budget) if isinstance(default, int) else float(budget)
            out[seat] = (name, options)
        return out

    def _on_enter(self, change: dict[str, Any]) -> None:
        """Enter in the code field joins, once the code is complete (a half-typed code,
        sent when the field loses focus, is not a request)."""
        try:
            normalize_code(change["new"])
        except WppError:
            return
        self.join()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.root._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = "Room page"
        return bundle

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(self._repr_mimebundle_(), raw=True)  # type: ignore[no-untyped-call]
        # the kit's key script, as on the game page: the board's keys (Enter plays the
        # selection, the hinted move too, even with the Hint button focused)
        display(HTML(room_script_html() + hotkeys_html()))  # type: ignore[no-untyped-call]

    def address_query(self) -> str:
        """The query the page's address carries now: the room, and once seated the seat and
        its secret (what a reload needs to take the seat back)."""
        if self.seat is None:
            return ""
        return urllib.parse.urlencode({"room": self.seat.code, "seat": self.seat.seat,
                                       "key": self.seat.secret})

    # ------------------------------------------------------------------ the lobby
    def create(self) -> None:
        """Create a room of the chosen game, seats and computer players, and take seat 1 (not
        while this page's room plays a game or a match that goes on)."""
        if not self.lobby_open():
            return
        try:
            computer = self.computer_seats()
            self.boards(self.game.value)      # a game without a board is refused first
            code = self.store.create(self.game.value, players=self.players.value,
                                     computer=computer)
        except WppError as err:
            self._lobby_error(str(err))
            return
        self.code.value = code
        self.join()

    def join(self) -> None:
        """Join the room whose code is typed (the first free seat); once a game is over,
        another room."""
        if not self.lobby_open():
            return
        try:
            seat = self.store.join(self.code.value)
        except WppError as err:
            self._lobby_error(str(err))
            return
        self._seated(seat)

    def lobby_open(self) -> bool:
        """Whether the lobby is open: before a room, and once its game is over and its match
        with it (between two hands of a match the room is still on: Next hand)."""
        return self.seat is None or (self.seat.is_over and self.seat.match().over)

    def rejoin(self, seat: str, secret: str) -> None:
        """Take back the seat whose secret the page's address kept (after a reload)."""
        try:
            handle = self.store.rejoin(self.code.value, seat, secret)
        except WppError as err:
            self._lobby_error(str(err))
            return
        self._seated(handle)

    def _seated(self, seat: Seat) -> None:
        try:
            board = self.boards(seat.game)
        except WppError as err:
            self._lobby_error(str(err))
            return
        self.seat = seat
        self.board = board
        board.on_choose(self.choose)
        self.board_box.children = (board.root,)
        self.brand.value = (f'<span class="wpp-brand">{escape(game_def(seat.game).title)} '
                            "— a room</span>")
        self._concede_armed = False
        self._set_message("")
        self.lobby_message.value = ""
        self.code.value = self.seat.code
        self.lobby.layout.display = "none"
        self.body.layout.display = ""
        self._everyone_here = self.seat.everyone_joined()
        self._read_presence()
        self.address.value = f'<span data-query="{escape(self.address_query())}"></span>'
        self.refresh()
        self._schedule()

    def _lobby_error(self, text: str) -> None:
        self.lobby_message.value = f'<span class="wpp-refusal">{escape(text)}</span>'

    # ------------------------------------------------------------------ polling
    def poll(self) -> bool:
        """Read the store once, and play the computer's turn if it is one; whether anything
        new was drawn (a move, or another student's arrival or absence)."""
        if self.seat is None:
            return False
        try:
            was_over = self.seat.is_over
            changed = self.seat.refresh()
            if was_over and not self.seat.is_over:    # a rematch started on another page
                self._concede_armed = False
                self._set_message("")
                self.side.close("why")
            here = self.everyone_here()
            # The computer waits until every person's seat has joined: a student who joins
            # finds the game at its start, not the computer's moves made before they came.
            if here and self.seat.computer_to_act and self._my_computer_turn():
                changed = self._play_computer() or changed
            presence = (set(self._gone), dict(self._machines), self._claimable,
                        self._rematch, self._left)
            self._read_presence()
        except WppError as err:
            self._set_message(f"cannot read the room: {err}")
            return False
        changed = (changed or here != self._everyone_here
                   or presence != (set(self._gone), self._machines, self._claimable,
                                   self._rematch, self._left))
        self._everyone_here = here
        if changed:
            self.refresh()
        return changed

    def everyone_here(self) -> bool:
        """Whether every person's seat of the room has joined (the computer's are there
        from the start): until then nobody moves, the computer neither. Once seen it stays
        so (a seat, once joined, is never given back), so the store is read only until
        then; :meth:`poll` notices the change by comparing with what it last drew."""
        if self._everyone_here:
            return True
        return self.seat is not None and self.seat.everyone_joined()

    def _my_computer_turn(self) -> bool:
        """Whether this page plays the computer's turn now: at once if it leads (its seat is
        the lowest of the pages heard from recently), else after :data:`COMPUTER_GRACE`
        polls on the same version (the leading page may have just gone)."""
        assert self.seat is not None
        me = self.seat.seat
        here = [s for s in self.store.seats(self.seat.code) if s == me or s not in self._gone]
        if min(here, default=me) == me:
            return True
        version, polls = self._waited
        polls = polls + 1 if version == self.seat.version else 1
        self._waited = (self.seat.version, polls)
        return polls > COMPUTER_GRACE

    def _play_computer(self) -> bool:
        """Play the computer's turn (another page may have played it first: then it is
        refused as stale and this page just reads the game again)."""
        assert self.seat is not None
        try:
            self.seat.play_computer()
        except StaleRoom:
            self.seat.refresh()
        return True

    def _read_presence(self) -> None:
        """Who has gone, who the computer plays, and whether a turn can be claimed."""
        assert self.seat is not None
        self._machines = self.seat.computers()
        self._rematch = self.seat.rematch_asked()
        self._left = self.seat.left()
        if self.seat.is_over:
            self._gone, self._claimable = {}, False
            return
        self._gone = self.seat.gone()
        self._claimable = self.seat.can_claim()

    def _schedule(self) -> None:
        if self.interval <= 0:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._generation += 1
        loop.call_later(self.interval, self._tick, self._generation)

    def _tick(self, generation: int) -> None:
        if generation != self._generation:
            return  # a chain of an earlier room
        self.poll()
        if self.seat is not None:   # after the end too: a rematch may start
            self._schedule()

    # ------------------------------------------------------------------ actions
    def choose(self, action: Any) -> None:
        """Send ``action``, made on the board (the board's callback; a board with its own
        Concede asks before it sends one)."""
        if self.seat is None:
            return
        if not self.everyone_here():
            self._set_message("Wait for everyone to join: the game starts when they are here.")
            self.refresh()
            return
        self._concede_armed = self._leave_armed = False
        self._send(lambda seat: seat.submit(action, self.seat_version))

    @property
    def seat_version(self) -> int:
        """The version of the game the page has drawn (what its clicks are made on)."""
        return -1 if self.seat is None else self.seat.version

    def _arm_concede(self) -> None:
        assert self.seat is not None
        self._concede_armed = True
        word = "Concede" if self.seat.has_concede else HAND_OVER
        what = "this game" if self.seat.has_concede else "your seat"
        self._set_message(f"{word} {what}? Click {word} again to confirm.")
        self.refresh()

    def concede(self) -> None:
        """The room's Concede (Leave in a game without one; two clicks: the first asks):
        open whenever the game goes on; off turn it takes effect when this seat is to act."""
        if self.seat is None or self.seat.is_over:
            return
        self._leave_armed = False
        if not self._concede_armed:
            self._arm_concede()
            return
        self._concede_armed = False
        self._send(lambda seat: seat.concede())

    def leave(self) -> None:
        """Leave the room ("Leave the room", open at any time; during a game two clicks, the
        first asks): the seat is freed as a closed tab's is — the others' pages find it gone
        at once, say so, and may claim its turns (:meth:`Seat.leave`) — and this page goes
        back to the lobby, its address no longer holding the seat."""
        seat = self.seat
        if seat is None:
            return
        playing = not seat.is_over or not seat.match().over    # a game, or a match, goes on
        if playing and self.everyone_here() and not self._leave_armed:
            self._leave_armed, self._concede_armed = True, False
            what = "game" if not seat.is_over else "match"
            others = ("The other student" if self._people() == 2 else "The others")
            then = (f"{others} may then let the computer play your seat." if not seat.is_over
                    else f"{others} cannot play the next {seat.match().rule.unit} without you.")
            self._set_message(f"Leave the room in the middle of the {what}? {then} Click "
                              f"“{LEAVE_ARMED}” to confirm.")
            self.refresh()
            return
        try:
            seat.leave()
        except WppError as err:
            self._leave_armed = False
            self._set_message(str(err))
            self.refresh()
            return
        self._back_to_lobby(seat)

    def _back_to_lobby(self, left: Seat) -> None:
        """The page as before a room, after leaving ``left``'s room: its polling stops, the
        lobby shows (a new room of the same game by default) and nothing of the room stays."""
        self.seat, self.board = None, None
        self._generation += 1                  # the room's polling chain ends
        self._leave_armed = self._concede_armed = self._claimable = False
        self._everyone_here = False
        self._gone, self._machines, self._left, self._rematch = {}, {}, frozenset(), frozenset()
        self.side.forget_hint()
        self.side.close("why", "rules", "hint")
        self.board_box.children = ()
        self._set_message("")
        self.end.hide()
        self.body.layout.display = "none"
        self.root.remove_class("wpp-live")
        self.address.value = '<span data-query=""></span>'   # the script forgets the seat
        self.keys.value = ""
        self.brand.value = '<span class="wpp-brand">Play together — a room</span>'
        if self.game.value != left.game:       # a new room starts as the last one's game
            self.game.value = left.game
        self.code.value = ""
        self.lobby_message.value = ""
        self.lobby.layout.display = ""
        self.status.value = (f"You left room <b>{escape(left.code)}</b>. Create a room, or type "
                             "the code another student gave you.")

    def rematch(self) -> None:
        """Ask for a rematch (the banner's button, once the game is over): it starts when
        every student of the room has asked (see the module docs)."""
        if self.seat is None or not self.seat.is_over:
            return
        words = _what(self.seat.match())      # "the next hand" while the match goes on

        def ask(seat: Seat) -> str:
            text = seat.ask_rematch()
            text = text.replace("a rematch", words).replace("The rematch",
                                                            words[:1].upper() + words[1:])
            return self.in_names(text)      # "when the other student asks too", not "P2"
        self._send(ask, keep=True)
        if self.seat is not None and not self.seat.is_over:   # it started: a fresh page
            self._started()

    def _started(self) -> None:
        """A new game of the room (a rematch) is on: nothing of the last one stays."""
        self._concede_armed = self._leave_armed = False
        self._set_message("")
        self.side.close("why")
        self.refresh()

    def show_hint(self) -> None:
        """Hint (a second click closes it): what the game's hint AI would do in this seat's
        place, asked with this seat's view alone (:meth:`Seat.hint`); its reasons in the
        side panel and its move selected on the board, not sent. When there is no move to
        hint, the page says why."""
        if self.seat is None:
            return
        if self.side.open == "hint":
            self._toggle("hint")
            return
        if not self.everyone_here():
            self._set_message("Wait for everyone to join: a hint is for your turn, once "
                              "the game has started.")
            return
        seat = self.seat
        if seat.game not in self._hint_agents:
            self._hint_agents[seat.game] = self.hints(seat.game)
        name, agent = self._hint_agents[seat.game]
        try:
            decision = seat.hint(agent)
        except WppError as err:
            self._set_message(str(err)[:1].upper() + str(err)[1:] + ".")
            self.refresh()
            return
        except Exception as err:  # an agent's bug must not break the page
            self._set_message(f"The hint failed ({type(err).__name__}).")
            return
        # the AI's reasons name seats as the page does ("your mulligan", not "P1's")
        self.side.keep_hint(Hint(seat.version, "you", name,
                                 renamed(decision.explanation, self._word)))
        self.refresh()
        assert self.board is not None
        self.board.select(decision.action)
        self._set_message(f"Hint: {self.board.describe(decision.action)} — selected for you.",
                          info=True)

    def _toggle(self, name: str) -> None:
        """Open or close the side panel ``name`` ("why", "rules")."""
        self.side.toggle(name)
        self.refresh()

    def claim(self) -> None:
        """Claim the turn of a student who has gone (see :meth:`Seat.claim`)."""
        if self.seat is not None:
            self._send(lambda seat: seat.claim())

    def _send(self, act: Callable[[Seat], str], *, keep: bool = False) -> None:
        assert self.seat is not None
        try:
            text = act(self.seat)
        except StaleRoom:
            self._set_message("The game moved on before that click arrived: look again.")
            self._read_presence()
            self.refresh()
            return
        except WppError as err:
            self._set_message(self.in_names(str(err)))     # "the other student's turn"
            self.refresh()
            return
        keep = keep or ("conceded;" in text or "left the game" in text
                        or "computer plays for" in text or "rematch" in text)
        self._set_message(self.in_names(text) if keep else "")
        self._read_presence()
        self.refresh()

    def _set_message(self, text: str, *, info: bool = False) -> None:
        """The line under the board: a refusal, or (``info``) a plain note such as Hint's."""
        self._message = text
        kind = "wpp-info" if info else "wpp-refusal"
        value = f'<span class="{kind}">{escape(text)}</span>' if text else ""
        if self.message.value != value:
            self.message.value = value

    # ------------------------------------------------------------------ drawing
    def names(self) -> list[str]:
        """Each seat's name as this page shows it on the board: :meth:`labels`."""
        return self.labels()

    def labels(self) -> list[str]:
        """Each seat's name, the same on the board, in the log, the result and the match
        line, in a room of any size and never the engine's "P2"
        (:func:`~widgets.page.names.room_names`): "You", "The other student" (or "Student
        2", "Student 3" when several), "The computer" (or "Computer 1", "Computer 2")."""
        if self.seat is None:
            return []
        host = [p for p, m in self._machines.items() if m.why == HOST]
        return room_names(self.seat.seat, host, self.seat.players)

    def _word(self, seat: int) -> str:
        """``seat`` inside a sentence of the side panel: "you", "the other student"."""
        labels = self.labels()
        return in_sentence(labels[seat]) if 0 <= seat < len(labels) else f"player {seat + 1}"

    def in_names(self, text: str) -> str:
        """The engine's words (seats "P1", "P2") in this page's names: in a room of two "You"
        (the verb agreeing: "You discard", "your stack") and "the other student" or "the
        computer", through the game page's own translation
        (:func:`~widgets.page.game_end.in_page_names`); a larger room alike ("Student 3",
        "Computer 2", :meth:`labels`)."""
        seat = self.seat
        if seat is None:
            return text
        mine = seat_name(seat.seat)
        text = re.sub(rf"(^|[.!?;:] )\b{mine}'s\b", r"\1Your", text)
        text = re.sub(rf"\b{mine}'s\b", "your", text)
        text = re.sub(rf"\b{mine}(?: \(you\))? ([a-z]+)\b", _you_verb, text)
        # the same clause goes on: "You fold and take … from your own stack", "You
        # emptied your hand"
        text = re.sub(r"(\bYou [^.;:]*?\band )([a-z]+)\b",
                      lambda m: m.group(1) + _you_verb(m).removeprefix("You "), text)
        text = re.sub(r"(\bYou [^.;:()]*?)\btheir\b", r"\1your", text)
        return _mid_sentence(in_page_names(text, self.labels(), seat.match().rule.unit))

    def _people(self) -> int:
        """How many seats of the room are people's (the host's computer seats aside)."""
        assert self.seat is not None
        return self.seat.players - sum(m.why == HOST for m in self._machines.values())

    def _who(self, p: int, taken: frozenset[int]) -> str:
        """Who plays seat ``p`` (``taken``: the seats people have joined), in words for the
        room line."""
        assert self.seat is not None
        machine = self._machines.get(p)
        if machine is not None:
            why = {HOST: "", LEFT: ", who left"}.get(machine.why, ", who has gone")
            name = computer_name(self.seat.game, machine.agent, machine.options)
            who = self.labels()[p] if machine.why == HOST else "the computer"
            return f"{escape(who)} ({escape(name)}{why})"
        who = self.labels()[p]
        return who if p in taken or p == self.seat.seat else f"{who}, not here yet"

    def _presence(self) -> str:
        """The room line's words on the others: waiting, joined, gone, conceded."""
        seat = self.seat
        assert seat is not None
        if not self._everyone_here:
            missing = self._people() - len(self.store.seats_taken(seat.code))
            who = "the other student" if missing == 1 else f"{missing} more students"
            return f"Waiting for {who}: tell them the code <b>{escape(seat.code)}</b>."
        parts = [self._left_words()] if self._left else []
        if self._gone and not seat.is_over:
            for s, silent in sorted(self._gone.items()):
                if s in self._left:
                    continue
                name = self.labels()[s]
                if s in self._machines:
                    parts.append(f"{name} has gone: the computer plays for them.")
                elif silent == float("inf"):
                    parts.append(f"{name} has conceded: the game ends on their turn.")
                else:
                    parts.append(
                        f"{name} seems to have gone (nothing heard for "
                        f"{ABSENT_AFTER:.0f} s). "
                        + ("You may claim their turn." if self._claimable
                           and seat.to_act == s else
                           f"If they are still gone on their turn after {CLAIM_AFTER:.0f} s, "
                           "you may claim it."))
        if parts:
            return " ".join(parts)
        return ("The other student has joined." if self._people() == 2
                else "Everyone has joined.")

    def _left_words(self) -> str:
        """What the page says of the students who left the room: who, and what the others
        may do now (claim their turns while the game goes on, else a new room)."""
        seat = self.seat
        assert seat is not None
        labels = self.labels()
        text = " and ".join(labels[s] for s in sorted(self._left)) + " left the room."
        if seat.is_over:
            return text + f" A rematch needs every player: {LEAVE_ROOM} to play in a new one."
        if all(s in self._machines for s in self._left):
            return text + " The computer plays for them."
        if self._claimable and seat.to_act in self._left:
            return text + " You may claim their turn."
        return text + " You may claim their turn when it comes."

    def refresh(self) -> None:
        """Draw the page from this seat's view alone (nothing else reaches the page)."""
        if self.seat is None or self.board is None:
            return
        seat = self.seat
        view = seat.view()
        names = self.names()
        me = seat.seat
        live = not seat.is_over
        left = self._machines.get(me) is not None
        # Nobody moves before every person's seat has joined (the computer waits too, see
        # poll): the board is drawn inactive meanwhile, as the line says "Waiting…".
        here = self.everyone_here()
        mine = bool(view.my_turn) and live and not left and here
        taken = self.store.seats_taken(seat.code)
        seats = " · ".join(f"{p + 1} {self._who(p, taken)}" for p in range(seat.players))
        line = f"Room <b>{escape(seat.code)}</b>. {self._presence()}"
        if seat.players > 2 or self._machines:
            line += f' <span class="wpp-room-seats-line">Seats: {seats}.</span>'
        if self.room_line.value != line:
            self.room_line.value = line
        # a board with its own Concede (WarPairsPoker's bar) has it on this seat's turn; the
        # room bar has it otherwise, and Leave in a game without Concede
        own = seat.has_concede and mine
        word = "Concede" if seat.has_concede or not live else HAND_OVER
        self.concede_button.layout.display = "" if live and not own and not left else "none"
        self.concede_button.description = f"Really {word[:1].lower()}{word[1:]}?" \
            if self._concede_armed else word
        self.concede_button.tooltip = ("concede the game" if word == "Concede" else
                                       "leave the game: the computer plays your seat")
        self.claim_button.layout.display = "" if live and self._claimable else "none"
        # Leave the room: in the bar while the game goes on, in the end's banner after it
        self.leave_button.layout.display = "" if live else "none"
        self.leave_button.description = LEAVE_ARMED if self._leave_armed \
            else LEAVE_ROOM
        self.claim_button.description = ("Claim the game" if seat.has_concede else
                                         "Let the computer play for them")
        if live:
            self.root.add_class("wpp-live")
        else:
            self.root.remove_class("wpp-live")
        label = getattr(self.board, "label_seats", None)
        if callable(label):            # the optional hook the shared page uses too
            label(names, [me])
        elif hasattr(self.board, "names"):
            self.board.names = names
        legal = view.legal_actions() if mine else []
        self.board.draw(view, legal=legal, last=seat.last_action, active=live)
        self.status.value = self._status(view, names, mine, left)
        log = seat.log()
        self.game_log.show(log, self.in_names)
        self.last_move.show(log, self.in_names)
        match = seat.match()
        labels = self.labels()         # "You", "The other student": no seat numbers
        self.match_line.show(match, labels, current=live, practice=False,
                             after="a rematch starts the next one")
        self._end(names, match, labels)
        if self.side.hint is not None and self.side.hint.moment != seat.version:
            self.side.forget_hint()     # a move, or a rematch, made it stale
        self._hint_state(mine, names, left)
        keys = (f"<span data-wpp-keys='{escape(json.dumps(self.key_map()), quote=True)}'>"
                "</span>")
        if self.keys.value != keys:
            self.keys.value = keys
        self.why_button.layout.display = "" if self._machines else "none"
        if not self._machines:
            self.side.close("why")
        rules = getattr(self.board, "rules_html", "")   # the page's "Rules & keys" words
        self.side.render(why=self._why, rules=str(rules) if rules else "")

    def key_map(self) -> dict[str, str]:
        """The keys the page's key script (the game page's) clicks for: key → the CSS class
        of the element. The board's own keys — Enter plays the selection, so a hinted move
        is played by Enter as on the game page, the focused Hint button notwithstanding —
        and Shift+H, Shift+W for Hint and Why?; once the game is over Enter is the end's
        button (Next hand or Rematch)."""
        if self.board is None or self.seat is None:
            return {}
        board_keys = self.board.keys()
        keys = {k.key: k.css_class for k in board_keys}
        keys.update({"H": "wpp-hint", "W": "wpp-why"})
        if self.seat.is_over:
            keys["Enter"] = "wpp-banner-rematch"
        return keys

    def _hint_state(self, mine: bool, names: list[str], left: bool) -> None:
        """Hint is for this seat's own turn: greyed out otherwise, its tooltip saying why
        (the walk-through pressed it on the other's turn and was answered in red)."""
        seat = self.seat
        assert seat is not None
        if mine:
            why = ""
        elif seat.is_over:
            why = "the game is over"
        elif not self.everyone_here():
            why = "the game starts when everyone has joined"
        elif left:
            why = "the computer plays your seat"
        else:
            who = names[seat.to_act] if 0 <= seat.to_act < len(names) else "another player"
            why = f"it is {who[:1].lower()}{who[1:]}'s turn"
        off = bool(why) and self.side.open != "hint"      # an open hint can still be closed
        if self.hint_button.disabled != off:
            self.hint_button.disabled = off
        tip = (f"Hint is for your turn: {why}" if why else
               "what the computer's best advice would be in your place, from your own cards "
               "only")
        if self.hint_button.tooltip != tip:
            self.hint_button.tooltip = tip

    def _why(self) -> PanelText:
        """Why? in a room: the game page's panel (:func:`~widgets.page.hint_why.why_panel`)
        on the computer's last turn, in public terms for this seat, never opened in full,
        with the room's notes."""
        assert self.seat is not None
        return why_panel(self.seat.public_table(), self.seat.seat, open_hands=False,
                         public=public_form(self.seat.game), notes=(PUBLIC_NOTE, MOVE_NOTE))

    def _end(self, names: list[str], match: Match, labels: list[str]) -> None:
        """The end's banner — who won (and the match, if this game ended it), each player's
        points, the Rematch and who it awaits — or nothing while the game goes on."""
        seat = self.seat
        assert seat is not None
        if not seat.is_over:
            self.end.hide()
            self.results.value = ""
            self.results.layout.display = "none"
            return
        returns = seat.returns()
        top = winners(returns)
        me = seat.seat
        who = self.labels()         # "The other student", no seat number
        head = self._head()
        needed = seat.rematch_needed()
        waiting = sorted(needed - self._rematch)
        go_on = _next_label(match)        # "Rematch", or "Next hand" while the match goes on
        if me in self._rematch:
            ask = _mid_sentence(f"You asked for {_what(match)}: waiting for "
                   + " and ".join(who[p] for p in waiting) + ".") if waiting else ""
        elif self._rematch & needed:
            ask = (" and ".join(who[p] for p in sorted(self._rematch & needed))
                   + f" asked for {_what(match)}: click {go_on} to play on.")
        elif match.over:
            ask = "Rematch: the same players, a new deal, in this room."
        else:
            ask = (f"{go_on}: it is dealt when everyone has clicked {go_on} "
                   "(the same players, in this room).")
        if self._left:                    # a rematch needs them: none is dealt
            ask = self._left_words()
        standing = result_text(match, labels) if match.over else \
            f"The match goes on — {progress_text(match, labels, current=False)}"
        # The hand that ends the match: the match's result is the large line (game page alike)
        self.end.show(head, self._outcome(), ask,
                      won=match.winners() == [me] if match.over else top == [me],
                      match=standing, final=match.rule.unit if match.over else "")
        self.rematch_button.disabled = me in self._rematch or bool(self._left)
        self.end.buttons["leave"].description = LEAVE_ARMED \
            if self._leave_armed else LEAVE_ROOM
        self.rematch_button.description = f"{go_on} asked" if me in self._rematch else go_on
        self.rematch_button.tooltip = (
            f"play on in this room, the same players: it starts when everyone has clicked "
            f"{go_on}")
        rows = "".join(
            f'<tr class="{"wpp-room-winner" if p in top else ""}"><td>{escape(names[p])}</td>'
            f"<td>{_points(returns[p])}</td><td>{'winner' if p in top else ''}</td></tr>"
            for p in range(seat.players))
        value = ("<table><thead><tr><th>Player</th><th>Points</th><th></th></tr></thead>"
                 f"<tbody>{rows}</tbody></table>")
        if self.results.value != value:
            self.results.value = value
        self.results.layout.display = ""

    def _status(self, view: Any, names: list[str], mine: bool, left: bool) -> str:
        seat = self.seat
        assert seat is not None
        if seat.is_over:
            match = seat.match()
            if not match.over:      # a hand of a match that goes on: no lobby, Next hand
                self.lobby.layout.display = "none"
                unit, hands = match.rule.unit, match.rule.hands
                of = f" of {hands}" if hands else ""
                then = (escape(self._left_words()) if self._left else
                        f"The match goes on: click {_next_label(match)} for {unit} "
                        f"{match.played + 1}.")
                return (f"<b>{unit.capitalize()} {match.played}{of} over</b> — "
                        f"{escape(self._short())}. {then}")
            # the end, clear: the result, Rematch and Leave the room (the lobby's form is
            # behind Leave the room; shown here it read as part of the end)
            self.lobby.layout.display = "none"
            then = (escape(self._left_words()) if self._left else
                    f"To play again, click Rematch; {LEAVE_ROOM} to create or join another "
                    "room.")
            return f"<b>Game over</b> — {escape(self._short())}. {then}"
        self.lobby.layout.display = "none"     # a rematch: the lobby of the last game goes
        if not self._everyone_here:
            return "Waiting for the other students to join…" if self._people() > 2 else \
                "Waiting for the other student to join…"
        if left:
            return "You left the game: the computer plays your seat."
        if mine:
            # No count of legal moves (as on the game page): a newcomer reads the board.
            return "<b>Your turn</b> — choose on the board."
        # who is to act, in the room's names, and nothing of their turn's own prompt (the
        # discard's "You may discard…" is for the player who discards)
        return f"<b>{escape(self.labels()[seat.to_act])}</b> is thinking…"

    def _head(self) -> str:
        """Who won the finished game, in a few words: "You win!", "The other student wins",
        "A draw: you share the best result"."""
        seat = self.seat
        assert seat is not None
        top, me, who = winners(seat.returns()), seat.seat, self.labels()
        if top == [me]:
            return "You win!"
        if me in top:
            return "A draw: you share the best result"
        if len(top) == 1:
            return f"{who[top[0]]} wins"
        return "A draw between " + " and ".join(who[p] for p in top)

    def _short(self) -> str:
        """The headline's result: the board's one-glance ``outcome(view)`` when it has one
        (the game page's short words), else who won — never the engine's long line of every
        hand ("The other student wins (the other student One Pair, Kings…)"): the hands are
        on the board and in the banner."""
        seat = self.seat
        assert seat is not None
        short = getattr(self.board, "outcome", None)
        text = str(short(seat.view())) if callable(short) else ""
        return plain(self.in_names(text)).rstrip(".!") if text else self._head().rstrip("!")

    def _outcome(self) -> str:
        """The finished game's result in the game page's words and the page's names: the
        board's one-glance ``outcome(view)`` from this seat's view when it has one, else the
        game's own, its seats named as this page names them ("You win this hand", "The
        other student wins", "The computer wins" — not "P1 wins")."""
        seat = self.seat
        assert seat is not None
        short = getattr(self.board, "outcome", None)
        text = short(seat.view()) if callable(short) else ""
        return self.in_names(str(text) if text else seat.outcome)


def _you_verb(m: re.Match[str]) -> str:
    """"You" and the engine's verb, agreeing: "P1 discards" is "You discard", "P1 has" "You
    have", "P1 reaches" "You reach"; a past tense or another word stays."""
    word = m.groups()[-1]
    if word in ("its", "this", "his", "hers", "less", "plus", "thus", "yours", "theirs"):
        pass
    elif word == "has":
        word = "have"
    elif word == "is":
        word = "are"
    elif word == "was":
        word = "were"
    elif word.endswith(("ches", "shes", "sses", "xes")):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    return f"You {word}"


def _mid_sentence(text: str) -> str:
    """"The other student" and "The computer" in lower case inside a sentence (the page's
    names are capitalised to start one): "You High Card; the other student One Pair"."""
    return re.sub(r"(?:(?<=[^.!?]\s)|(?<=\())The (other student|computer)\b", r"the \1",
                  text)


def _next_label(match: Match) -> str:
    """What the end's button starts: the match's next hand (or game) while the match goes
    on, else a rematch (a new match). Either way every student clicks it, as for a rematch:
    nobody is dealt into a hand they did not ask for."""
    return "Rematch" if match.over else f"Next {match.rule.unit}"


def _what(match: Match) -> str:
    """What the students ask for with the end's button, in words: "a rematch", "the next
    hand"."""
    return "a rematch" if match.over else f"the next {match.rule.unit}"


def _points(value: float) -> str:
    """A player's points as the game's returns give them: ``+1``, ``−6``, ``0.5``."""
    text = f"{value:+g}" if value else "0"
    return text.replace("-", "−")
