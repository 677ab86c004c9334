"""The room page: WarPairsPoker between two students in two browsers, through a room code.

One student clicks "Create a room" and tells the other the code; the other types it and
clicks "Join". Each page runs in its own kernel and holds a :class:`wpp.core.rooms.Seat`: the game
itself is in the shared store (:mod:`wpp.core.rooms`), and the page draws only that seat's view —
its own hand face up, the other hand as backs, the public table, pile and narration. Clicks
are requests: the store's engine judges them, and a refusal is shown with its reason. The
page polls the store (every second, on the kernel's event loop) to show the other student's
moves.

The page keeps its seat's secret in its own address (``?room=CODE&seat=N&key=SECRET``, set by
a small script, :func:`room_script_html`): a reload opens the same address, and
:meth:`RoomPage.from_env` takes the seat back (:meth:`wpp.core.rooms.RoomStore.rejoin`) and
continues the game. The same script asks before the page is left during a game. When the
other student has gone (nothing heard for :data:`~wpp.core.rooms.ABSENT_AFTER` seconds) the page
says so, and once they have been gone for :data:`~wpp.core.rooms.CLAIM_AFTER` seconds on their
turn it offers to claim the game; Concede is always offered while the game goes on.

Layout and wiring only; the shared widgets are the app's (hand, pile, table, action bar), the
words the presenter's.

>>> import os, tempfile
>>> from wpp.core.rooms import RoomStore
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
"""

from __future__ import annotations

import asyncio
import os
import urllib.parse
from html import escape
from typing import Any, Final

import ipywidgets as w

from widgets.games.warpairs.action_bar import ACTION_OF, ActionBar
from widgets.games.warpairs.board import legal_for_bar
from widgets.games.warpairs.pile import PileView
from widgets.games.warpairs.table import TableView
from widgets.parts.hand import HandView
from widgets.parts.theme import STYLE_HTML
from wpp.core.errors import WppError
from wpp.core.rooms import ABSENT_AFTER, CLAIM_AFTER, RoomStore, Seat, StaleRoom, normalize_code
from wpp.core.standard_deck import Card
from wpp.warpairs.actions import Action, Concede, Mulligan, PlayCards, TakeFromPile
from wpp.warpairs.phases import Phase, player_name
from wpp.warpairs.presenter import instructions_html, selection_text
from wpp.warpairs.rules import DEFAULT_RULES

__all__ = ["RoomPage", "room_script_html"]

_LOG_LINES = 14

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
      '.wpp-room .wpp-room-concede, .wpp-room .wpp-room-claim');
    if (!el) { return; }
    if (el.dataset.wppClicked) { e.preventDefault(); e.stopPropagation(); return; }
    el.dataset.wppClicked = '1';
    setTimeout(function () { delete el.dataset.wppClicked; }, 500);
  }, true);
  // Leaving the page during a game asks first (the other student would be left waiting).
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
    seat in the address, and asks before the page is left mid-game."""
    return f"<script>{_SCRIPT}</script>"


class RoomPage:
    """One student's page of a room (see the module docs). ``poll`` is the pause between
    two reads of the store, in seconds (0: only when :meth:`poll` is called, for tests)."""

    def __init__(self, store: RoomStore | None = None, *, poll: float = 1.0,
                 code: str = "", query: str = "") -> None:
        self.store = store if store is not None else RoomStore()
        self.interval = poll
        self.seat: Seat | None = None
        self.selected: set[Card] = set()
        self._message = ""
        self._concede_armed = False
        self._opponent_here = False
        self._gone: dict[int, float] = {}
        self._claimable = False
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
        return cls(poll=poll, query=os.environ.get("QUERY_STRING", "")[:400])

    # ------------------------------------------------------------------ widgets
    def _build(self, code: str) -> None:
        self.status = w.HTML("Create a room, or type the code another student gave you.")
        self.status.add_class("wpp-status")
        brand = w.HTML('<span class="wpp-brand">WarPairsPoker — two browsers</span>')
        header = w.HBox([brand, self.status])
        header.add_class("wpp-header")
        self.code = w.Text(value=code, placeholder="room code, e.g. K7QPM",
                           continuous_update=False, layout=w.Layout(width="180px"))
        self.code.add_class("wpp-room-code")
        self.join_button = w.Button(description="Join")
        self.join_button.add_class("wpp-room-join")
        self.create_button = w.Button(description="Create a room")
        self.create_button.add_class("wpp-room-create")
        self.lobby_message = w.HTML("")
        self.lobby_message.add_class("wpp-msg")
        self.lobby = w.VBox([w.HBox([self.code, self.join_button, self.create_button]),
                             self.lobby_message])
        self.lobby.add_class("wpp-room-lobby")

        self.room_line = w.HTML("")
        self.room_line.add_class("wpp-room-line")
        self.address = w.HTML("", layout=w.Layout(display="none"))
        self.address.add_class("wpp-room-address")
        self.concede_button = w.Button(description="Concede")
        self.concede_button.add_class("wpp-room-concede")
        self.claim_button = w.Button(description="Claim the game",
                                     layout=w.Layout(display="none"))
        self.claim_button.add_class("wpp-room-claim")
        room_bar = w.HBox([self.room_line, self.concede_button, self.claim_button])
        room_bar.add_class("wpp-room-bar")
        self.top = HandView("P2")
        self.bottom = HandView("P1")
        self.table = TableView()
        self.pile = PileView()
        self.bar = ActionBar()
        self.selection_info = w.HTML("")
        self.selection_info.add_class("wpp-selinfo")
        self.message = w.HTML("")
        self.message.add_class("wpp-msg")
        self.log = w.HTML("")
        self.log.add_class("wpp-log")
        dock = w.VBox([self.bar.box, self.selection_info, self.message])
        dock.add_class("wpp-dock")
        center = w.VBox([room_bar, self.top.box, self.table.html, self.bottom.box, dock])
        center.add_class("wpp-center")
        side = w.VBox([self.pile.box, self.log])
        side.add_class("wpp-side")
        self.board = w.HBox([center, side], layout=w.Layout(display="none"))
        self.board.add_class("wpp-body")
        self.root = w.VBox([w.HTML(STYLE_HTML), header, self.lobby, self.board, self.address])
        self.root.add_class("wpp-app")
        self.root.add_class("wpp-room")

    def _wire(self) -> None:
        self.join_button.on_click(lambda _b: self.join())
        self.create_button.on_click(lambda _b: self.create())
        self.concede_button.on_click(lambda _b: self.concede())
        self.claim_button.on_click(lambda _b: self.claim())
        self.code.observe(self._on_enter, names="value")
        self.bottom.on_toggle(self._toggle)
        self.pile.on_take(lambda c: self._submit(TakeFromPile(c)))
        self.bar.on_action(self._on_action)

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
        bundle["text/plain"] = "WarPairsPoker room page"
        return bundle

    def _ipython_display_(self) -> None:
        from IPython.display import HTML, display

        display(self._repr_mimebundle_(), raw=True)  # type: ignore[no-untyped-call]
        display(HTML(room_script_html()))  # type: ignore[no-untyped-call]

    def address_query(self) -> str:
        """The query the page's address carries now: the room, and once seated the seat and
        its secret (what a reload needs to take the seat back)."""
        if self.seat is None:
            return ""
        return urllib.parse.urlencode({"room": self.seat.code, "seat": self.seat.seat,
                                       "key": self.seat.secret})

    # ------------------------------------------------------------------ the lobby
    def create(self) -> None:
        """Create a room and take its first seat."""
        if self.seat is not None and not self.seat.is_over:
            return
        try:
            code = self.store.create("warpairs")
        except WppError as err:
            self._lobby_error(str(err))
            return
        self.code.value = code
        self.join()

    def join(self) -> None:
        """Join the room whose code is typed (the first free seat); once a game is over,
        another room."""
        if self.seat is not None and not self.seat.is_over:
            return
        try:
            seat = self.store.join(self.code.value)
        except WppError as err:
            self._lobby_error(str(err))
            return
        self._seated(seat)

    def rejoin(self, seat: str, secret: str) -> None:
        """Take back the seat whose secret the page's address kept (after a reload)."""
        try:
            handle = self.store.rejoin(self.code.value, seat, secret)
        except WppError as err:
            self._lobby_error(str(err))
            return
        self._seated(handle)

    def _seated(self, seat: Seat) -> None:
        self.seat = seat
        self.selected.clear()
        self._concede_armed = False
        self._set_message("")
        self.lobby_message.value = ""
        self.code.value = self.seat.code
        self.lobby.layout.display = "none"
        self.board.layout.display = None
        self._opponent_here = self.seat.opponent_joined()
        self._read_presence()
        self.address.value = f'<span data-query="{escape(self.address_query())}"></span>'
        self.refresh()
        self._schedule()

    def _lobby_error(self, text: str) -> None:
        self.lobby_message.value = f'<span class="wpp-refusal">{escape(text)}</span>'

    # ------------------------------------------------------------------ polling
    def poll(self) -> bool:
        """Read the store once; whether anything new was drawn (a move or the other
        student's arrival)."""
        if self.seat is None:
            return False
        try:
            changed = self.seat.refresh()
            here = self._opponent_here or self.seat.opponent_joined()
            presence = (set(self._gone), self._claimable)
            self._read_presence()
        except WppError as err:
            self._set_message(f"cannot read the room: {err}")
            return False
        changed = (changed or here != self._opponent_here
                   or presence != (set(self._gone), self._claimable))
        self._opponent_here = here
        if changed:
            self.selected &= set(self.seat.view().hand)
            self.refresh()
        return changed

    def _read_presence(self) -> None:
        """Who has gone, and whether the game can be claimed (read from the store)."""
        assert self.seat is not None
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
        if self.seat is not None and not self.seat.is_over:
            self._schedule()

    # ------------------------------------------------------------------ actions
    def _toggle(self, card: Card) -> None:
        if self.seat is None or not self.seat.view().my_turn or card not in self.seat.view().hand:
            return
        self.selected ^= {card}
        self._concede_armed = False
        self.refresh()

    def _on_action(self, kind: str) -> None:
        if self.seat is None:
            return
        make = ACTION_OF.get(kind)
        if make is None:
            self._set_message(f"unknown action {kind[:20]!r}")
            return
        if make is Concede and not self._concede_armed:
            self._concede_armed = True
            self._set_message("Concede this game? Click Concede again to confirm.")
            self.refresh()
            return
        self._concede_armed = False
        action: Action
        if make in (Mulligan, PlayCards):
            cards = sorted(self.selected)
            action = (Mulligan(cards) if self.seat.view().phase is Phase.MULLIGAN
                      or make is Mulligan else PlayCards(cards))
        else:
            action = make()
        self._submit(action)

    def _submit(self, action: Action) -> None:
        """Send ``action`` to the room, made on the version the page holds; the engine's
        refusal, if any, is shown (a click on a game that has moved on is refused too)."""
        if self.seat is None:
            return
        self._send(lambda seat: seat.submit(action, self.seat_version))

    @property
    def seat_version(self) -> int:
        """The version of the game the page has drawn (what its clicks are made on)."""
        return -1 if self.seat is None else self.seat.version

    def concede(self) -> None:
        """The room's Concede (two clicks: the first asks): open whenever the game goes on;
        off turn it takes effect when this seat is to act."""
        if self.seat is None or self.seat.is_over:
            return
        if not self._concede_armed:
            self._concede_armed = True
            self._set_message("Concede this game? Click Concede again to confirm.")
            self.refresh()
            return
        self._concede_armed = False
        self._send(lambda seat: seat.concede())

    def claim(self) -> None:
        """Claim the game from the other student, who has gone (see :meth:`Seat.claim`)."""
        if self.seat is not None:
            self._send(lambda seat: seat.claim())

    def _send(self, act: Any) -> None:
        assert self.seat is not None
        try:
            text = act(self.seat)
        except StaleRoom:
            self.selected &= set(self.seat.view().hand)
            self._set_message("The game moved on before that click arrived: look again.")
            self._read_presence()
            self.refresh()
            return
        except WppError as err:
            self._set_message(str(err))
            self.refresh()
            return
        self.selected.clear()
        self._set_message(text if "conceded;" in text else "")
        self._read_presence()
        self.refresh()

    def _set_message(self, text: str) -> None:
        self._message = text
        value = f'<span class="wpp-refusal">{escape(text)}</span>' if text else ""
        if self.message.value != value:
            self.message.value = value

    # ------------------------------------------------------------------ drawing
    def names(self) -> tuple[str, str]:
        me = 0 if self.seat is None else self.seat.seat
        return tuple(f"You ({player_name(p)})" if p == me else  # type: ignore[return-value]
                     f"The other student ({player_name(p)})" for p in (0, 1))

    def refresh(self) -> None:
        """Draw the board from this seat's view alone (nothing else reaches the page)."""
        if self.seat is None:
            return
        seat = self.seat
        view = seat.view()
        names = self.names()
        me = seat.seat
        mine = view.my_turn and not seat.is_over
        if not self._opponent_here:
            presence = ("Waiting for the other student: tell them the code "
                        f"<b>{escape(seat.code)}</b>.")
        elif self._gone and not seat.is_over and max(self._gone.values()) == float("inf"):
            presence = "The other student has conceded: the game ends on their turn."
        elif self._gone and not seat.is_over:
            presence = (f"The other student seems to have gone (nothing heard for "
                        f"{ABSENT_AFTER:.0f} s). "
                        + ("You may claim the game." if self._claimable else
                           f"If they are still gone on their turn after {CLAIM_AFTER:.0f} s, "
                           "you may claim the game."))
        else:
            presence = "The other student has joined."
        line = f"Room <b>{escape(seat.code)}</b> — you are <b>{player_name(me)}</b>. {presence}"
        if self.room_line.value != line:
            self.room_line.value = line
        live = not seat.is_over
        # the action bar has Concede on this seat's turn; off turn the room line has it
        self.concede_button.layout.display = None if live and not mine else "none"
        self.concede_button.description = "Really concede?" if self._concede_armed else "Concede"
        self.claim_button.layout.display = None if live and self._claimable else "none"
        if live:
            self.root.add_class("wpp-live")
        else:
            self.root.remove_class("wpp-live")
        self.table.show(view, names=names, bottom=me)
        self.bottom.show(view.hand, selected=self.selected if mine else (), clickable=mine,
                         new=view.drawn if mine else ())
        self.bottom.set_active(mine)
        self.bottom.set_title(f"{escape(names[me])}: {len(view.hand)} cards")
        self.top.show_backs(view.opponent_hand_size)
        self.top.set_title(f"{escape(names[1 - me])}: {view.opponent_hand_size} cards")
        legal = legal_for_bar(view) if mine else []
        can_take = any(isinstance(a, TakeFromPile) for a in legal)
        self.pile.show(view.pile, clickable=can_take)
        self.bar.show(legal, view.phase, enabled=mine,
                      note="or take a card from the pile →" if can_take else "")
        self.bar.set_label("concede", "Really concede?" if self._concede_armed else "Concede")
        selection = escape(selection_text(view, self.selected, DEFAULT_RULES)) if mine else ""
        if self.selection_info.value != selection:
            self.selection_info.value = selection
        if seat.is_over:
            status = (f"<b>Game over</b> — {escape(seat.outcome)}. To play again, create a "
                      "new room (or join the one the other student creates).")
            self.lobby.layout.display = None
        elif not self._opponent_here:
            status = "Waiting for the other student to join…"
        elif mine:
            status = instructions_html(view, two_people=False)
        else:
            status = f"<b>{escape(names[1 - me])}</b> is thinking…"
        if self.status.value != status:
            self.status.value = status
        lines = seat.log()
        start = len(lines) - len(lines[-_LOG_LINES:])
        items = "".join(f"<li value={start + i + 1}>{escape(t)}</li>"
                        for i, t in enumerate(lines[-_LOG_LINES:]))
        log = f'<div class="wpp-panel-title">Game log</div><ol>{items}</ol>' if items else ""
        if self.log.value != log:
            self.log.value = log
