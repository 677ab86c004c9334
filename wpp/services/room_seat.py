"""A seat of a room, as the page that claimed it holds it (:class:`Seat`): its view of the
stored game, its actions, its heartbeat, and what it may do for a seat whose person has gone.
The store (:class:`wpp.services.rooms.RoomStore`) makes seats (``join``, ``rejoin``); a seat
sees it as :class:`SeatStore`, the few calls a seat makes, so this module does not import the
store.

* :meth:`Seat.submit` sends an action for that seat, made on the version of the game the
  seat last read (:attr:`Seat.version`) or the one it names. The engine judges it against the
  game as stored now: an off-turn or illegal action is refused with the kit's error
  (:class:`~wpp.core.errors.IllegalAction`, naming the rule), and so is an action made on a
  version that is no longer the stored one (:class:`StaleRoom`) — nothing is written. So one
  click sent twice counts once: the second names a version the first one ended.
* **The computer's turns** are played by whichever page is open: :meth:`Seat.play_computer`
  asks the seat's agent for its decision — from the computer seat's view only, the agent made
  afresh with a seed drawn from the room's own secret salt, the seat and the move number
  (:func:`~wpp.services.computer_seats.computer_seed`), so the decision is the same whichever
  page makes it — and sends
  it through the same version-checked write. Two pages racing on one computer turn write it
  once: the later one is :class:`StaleRoom`. A budget measured in time (``seconds``,
  ``move_time``…) is refused when the room is made: it would depend on the page's machine.
* :meth:`Seat.refresh` re-reads the stored game when its version moved (a page polls it) and
  says the seat is still there (a heartbeat, at most every :data:`HEARTBEAT` seconds).
  A seat not heard from for :data:`ABSENT_AFTER` seconds is *gone* (:meth:`Seat.gone`); when
  a gone person's seat is to act and has been silent for :data:`CLAIM_AFTER` seconds, any
  other seated player may :meth:`Seat.claim` it. In a game with a Concede action
  (WarPairsPoker) the engine's own Concede is played for the absent seat, so the outcome and
  returns are the engine's. In a game without one (5-card draw, Pairs, OFC, Pokeros) the
  computer takes the absent seat over, with the game's default agent, and plays its turns
  until that seat's page is heard from again (its next heartbeat, or a rejoin, gives the
  seat back to its person): the others are not held up, and nobody loses a seat for a
  dropped connection.
* **A rematch** (:meth:`Seat.ask_rematch`): once the game is over, any seated player may ask
  to play again; the new game starts in the same room, with the same seats, the same
  computer players and the same rules, when *every person's seat* has asked (the computer's
  seats agree by themselves) — nobody is dealt into a game they did not ask for, and each
  page keeps its seat and its secret (a reload still takes the seat back). It is dealt from
  a fresh secret seed, and the computer's decisions from a fresh salt. The seats the
  computer had taken over (a student who left or was gone) are the students' again, so a
  student who left must ask too; until everyone has asked, the pages say who is awaited
  (:meth:`Seat.rematch_asked`), and a new room is always there instead.
* :meth:`Seat.concede` is always open to a seated player. In a game with Concede it is the
  engine's Concede on the seat's turn; off turn it is recorded and played the moment that
  seat is to act. In a game without one it means *leave*: the computer plays the seat, with
  the game's default agent, for the rest of the game (a heartbeat does not undo it).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any, Final, Protocol

from wpp.core.agents import Decision
from wpp.core.errors import WppError
from wpp.core.history import History, seat_name
from wpp.core.matches import Match
from wpp.core.registry import make_agent
from wpp.core.session import Session
from wpp.services.computer_seats import (
    CLAIMED,
    HOST,
    LEFT,
    Computer,
    computer_seed,
    concede_of,
    has_concede,
)
from wpp.services.room_file import StaleRoom

__all__ = ["ABSENT_AFTER", "CLAIM_AFTER", "HEARTBEAT", "LEFT_ROOM", "Seat", "SeatStore",
           "StaleRoom"]

#: A seat says it is still there at most this often (seconds), when its page polls.
HEARTBEAT: Final = 5.0
#: The last-seen time of a seat whose person left the room (:meth:`Seat.leave`): never, so
#: the seat is gone at once, and the others' pages can tell a departure from a silence.
LEFT_ROOM: Final = float("-inf")
#: A seat not heard from for this long (seconds) is gone: the other page says so.
ABSENT_AFTER: Final = 30.0
#: A gone seat to act, silent this long (seconds), lets the others claim it.
CLAIM_AFTER: Final = 60.0


class SeatStore(Protocol):
    """The store as a seat sees it (:class:`wpp.services.rooms.RoomStore` is one): each call
    reads or writes one room, the seat's token checked in the same transaction as its write."""

    clock: Callable[[], float]

    def read(self, code: object) -> tuple[int, History[Any, Any]]: ...
    def version(self, code: object) -> int: ...
    def salt(self, code: object) -> str: ...
    def computers(self, code: object) -> dict[int, Computer]: ...
    def seats(self, code: object) -> dict[int, tuple[float, bool]]: ...
    def seats_taken(self, code: object) -> frozenset[int]: ...
    def rematch_asked(self, code: object, version: int) -> frozenset[int]: ...

    def put(self, code: object, history: History[Any, Any], expected: int, *,
            seat: int | None = None, token: str | None = None,
            computer: int | None = None) -> int: ...

    def ask_rematch(self, code: object, finished: History[Any, Any], version: int, *,
                    seat: int, token: str) -> bool: ...

    def heard_from(self, code: str, seat: int, token: str, now: float) -> None: ...
    def resign(self, code: str, seat: int, token: str) -> None: ...
    def leave(self, code: str, seat: int, token: str) -> None: ...
    def take_over(self, code: str, absent: int, why: str, *, seat: int, token: str) -> None: ...
    def match(self, code: object, game: str, players: int) -> Match: ...


class Seat:
    """One seat of one room, as the page that claimed it holds it: its view of the stored
    game, and its actions. The game object stays in this kernel; only :meth:`view` (and the
    narration as this seat may read it) is meant for the page."""

    def __init__(self, store: SeatStore, code: str, seat: int, token: str) -> None:
        self.store = store
        self.code = code
        self.seat = seat
        self._token = token
        self._beat = float("-inf")
        self._version, self._history = store.read(code)

    def __repr__(self) -> str:
        return f"Seat(room={self.code!r}, seat={self.seat}, version={self._version})"

    @property
    def version(self) -> int:
        """The version of the game this handle last read."""
        return self._version

    @property
    def secret(self) -> str:
        """The seat's secret: whoever holds it holds the seat (the page keeps it in its own
        address, to take the seat back after a reload —
        :meth:`wpp.services.rooms.RoomStore.rejoin`)."""
        return self._token

    def beat(self, *, force: bool = False) -> None:
        """Tell the store this seat is still here (at most every :data:`HEARTBEAT` s). A seat
        the computer took over while its person was gone (:data:`CLAIMED`) is theirs again."""
        now = self.store.clock()
        if not (force or now - self._beat >= HEARTBEAT):
            return
        self.store.heard_from(self.code, self.seat, self._token, now)
        self._beat = now

    def refresh(self) -> bool:
        """Re-read the stored game if another kernel changed it; whether it changed. Also
        the seat's heartbeat."""
        self.beat()
        if self.store.version(self.code) == self._version:
            return False
        self._version, self._history = self.store.read(self.code)
        return True

    # ------------------------------------------------------------------ what the seat knows
    def view(self) -> Any:
        """This seat's view of the game (the engine's ``view``: what this player may know)."""
        return self._history.view(self.seat)

    def log(self) -> list[str]:
        """The narration as this seat may read it."""
        return self._history.log(self.seat)

    @property
    def game(self) -> str:
        """The room's game (its registered name)."""
        return self._history.name

    @property
    def players(self) -> int:
        """How many seats the room's game has."""
        return self._history.players

    @property
    def to_act(self) -> int:
        """The seat to act in the game this handle holds (public in every game)."""
        return self._history.to_act

    @property
    def is_over(self) -> bool:
        return self._history.is_over

    @property
    def outcome(self) -> str:
        """How the game ended, in words ("" while it goes on)."""
        return self._history.outcome

    def returns(self) -> tuple[float, ...]:
        return self._history.returns()

    def match(self) -> Match:
        """The room's running match over its rematches, on the rule the game's own page
        plays (read from the store: every page of the room, and a reload, see the same)."""
        return self.store.match(self.code, self.game, self.players)

    def computers(self) -> dict[int, Computer]:
        """The seats the computer plays now (read from the store)."""
        return self.store.computers(self.code)

    def public_table(self) -> Session:
        """The game this handle holds as a :class:`~wpp.core.session.Session` whose computer
        seats are the room's now, for the kit's public form of the computer's reasons ("Why?"
        in a room, read for this seat). It holds no agent — each computer seat maps to its
        :class:`~wpp.services.computer_seats.Computer` record — so the computer's own
        reasoning, read from its hidden hand, cannot be asked through it. It stays in this
        kernel, like the game."""
        return Session(self._history, dict(self.computers()))

    @property
    def has_concede(self) -> bool:
        """Whether the game has a Concede action (else :meth:`concede` leaves the game to
        the computer)."""
        return has_concede(self._history)

    @property
    def last_action(self) -> Any:
        """The last action played, if it was this seat's own (another seat's may hide cards
        from this one: its narration in :meth:`log` is what this seat may read of it)."""
        h = self._history
        if not h.actions or h.game.to_act(h.states[-2]) != self.seat:
            return None
        return h.actions[-1]

    @property
    def computer_to_act(self) -> bool:
        """Whether the game this handle holds goes on with a computer's seat to act (then
        any seated page may :meth:`play_computer`)."""
        return not self._history.is_over and self._history.to_act in self.computers()

    def everyone_joined(self) -> bool:
        """Whether every seat of the room is a person's who joined, or the computer's."""
        taken = self.store.seats_taken(self.code)
        host = {s for s, m in self.computers().items() if m.why == HOST}
        return len(taken | host) == self._history.players

    opponent_joined = everyone_joined   # the two-seat room page's word for it

    def gone(self) -> dict[int, float]:
        """The other people's seats not heard from for :data:`ABSENT_AFTER` seconds, with how
        long (infinite for a seat that conceded or left)."""
        now = self.store.clock()
        out = {}
        for s, (seen, resigned) in self.store.seats(self.code).items():
            silent = float("inf") if resigned else now - seen
            if s != self.seat and silent >= ABSENT_AFTER:
                out[s] = silent
        return out

    def left(self) -> frozenset[int]:
        """The other seats whose person left the room (:meth:`leave`): gone for good, unlike
        a silence, until that seat's secret takes it back."""
        return frozenset(s for s, (seen, _) in self.store.seats(self.code).items()
                         if s != self.seat and seen == LEFT_ROOM)

    def _resigned(self) -> bool:
        return self.store.seats(self.code).get(self.seat, (0.0, False))[1]

    def can_claim(self) -> bool:
        """Whether :meth:`claim` would be accepted now (on the game this handle holds)."""
        h = self._history
        if h.is_over or h.to_act == self.seat or h.to_act in self.computers():
            return False
        return not self._resigned() and self.gone().get(h.to_act, 0.0) >= CLAIM_AFTER

    def rematch_asked(self) -> frozenset[int]:
        """The seats that asked for a rematch of the finished game this handle holds (none
        while it goes on)."""
        if not self._history.is_over:
            return frozenset()
        return self.store.rematch_asked(self.code, self._version)

    def rematch_needed(self) -> frozenset[int]:
        """The seats whose request a rematch needs: every seat but the host's computer
        players (a seat the computer took over is its student's again in the rematch)."""
        host = {s for s, m in self.computers().items() if m.why == HOST}
        return frozenset(range(self.players)) - host

    # ------------------------------------------------------------------ acting
    def ask_rematch(self) -> str:
        """Ask to play again once the game is over (see the module docs): the same seats,
        computer players and rules, a new deal; it starts when every person's seat has asked.
        The words for the page. The kit's error while the game goes on."""
        self.refresh()
        if not self._history.is_over:
            raise WppError("the game is not over: a rematch is asked once it ends")
        try:
            started = self.store.ask_rematch(self.code, self._history, self._version,
                                             seat=self.seat, token=self._token)
        except StaleRoom:
            self.refresh()
            if not self._history.is_over:
                return "The rematch has started."
            raise
        self.refresh()
        if started:
            return "The rematch has started."
        waiting = sorted(self.rematch_needed() - self.rematch_asked())
        return ("You asked for a rematch: it starts when "
                + " and ".join(seat_name(s) for s in waiting) + " asks too.")

    def submit(self, action: Any, version: int | None = None) -> str:
        """Play ``action`` for this seat, made on ``version`` of the game (``None``: the
        version this handle last read); the event as this seat reads it.

        Judged by the engine against the game as stored now: refused (the kit's error,
        nothing written) when the game is over, when it is not this seat's turn
        (:class:`~wpp.core.errors.IllegalAction`), when the action is illegal, and when the game
        is no longer at ``version`` (:class:`StaleRoom`: another kernel wrote, or this very
        click was already counted). After a refusal the handle holds the stored game.

        A seat that left the game is refused (the computer plays it); a seat the computer
        took over while its person was gone is theirs again with this action."""
        basis = self._basis(version)
        machine = self.computers().get(self.seat)
        if machine is not None and machine.why != CLAIMED:
            raise WppError(f"the computer plays {seat_name(self.seat)} now: you left the game")
        if machine is not None:
            self.beat(force=True)   # back: the seat is the person's again
        return self._write(basis, lambda h: h.apply(action, player=self.seat))

    def _basis(self, version: object) -> int:
        basis = self._version if version is None else version
        if not isinstance(basis, int) or isinstance(basis, bool):
            raise WppError(f"a room's version is a whole number, not {basis!r:.20}")
        return basis

    def hint(self, agent: Any) -> Decision:
        """What ``agent`` would do in this seat's place now (the page's Hint), asked with
        this seat's view alone — the agent is handed nothing else of the game, so a hint
        can know no card the seat cannot see. Nothing is written. The kit's error, saying
        why, when the seat has no move to make: the game over, another seat's turn, or the
        seat left to the computer."""
        h = self._history
        if h.is_over:
            raise WppError("the game is over: a hint is for a move still to make")
        if h.to_act != self.seat:
            raise WppError(f"it is {seat_name(h.to_act)}'s turn: a hint is for your own turn")
        machine = self.computers().get(self.seat)
        if machine is not None and machine.why != CLAIMED:
            raise WppError("you left the game: the computer plays your seat, with no hint")
        decision: Decision = agent.decide(self.view())
        return decision

    def decide_computer(self) -> tuple[int, Decision]:
        """The computer's decision for the seat to act in the game this handle holds (the
        agent made afresh, seeded by :func:`computer_seed`, given that seat's view only):
        the seat and the decision. Nothing is written. The kit's error if the seat to act
        is not the computer's."""
        h = self._history
        if h.is_over:
            raise WppError("the game is over: ask for a rematch, or create a new room")
        seat = h.to_act
        machine = self.computers().get(seat)
        if machine is None:
            raise WppError(f"it is {seat_name(seat)}'s turn, a person's: the computer plays "
                           "only its own seats")
        seed = computer_seed(self.store.salt(self.code), seat, len(h.actions))
        agent = make_agent(h.name, machine.agent, seed, **machine.options)
        decision: Decision = agent.decide(h.view(seat))
        return seat, decision

    def play_computer(self, version: int | None = None) -> str:
        """Play the computer's turn for the seat to act, made on ``version`` of the game
        (``None``: the version this handle last read); the event as this seat reads it.
        Any seated page may: the decision is the same whichever page makes it
        (:meth:`decide_computer`). Refused like :meth:`submit` — the game over, not the
        computer's turn, or the game no longer at ``version`` (:class:`StaleRoom`: another
        page played it first) — with nothing written."""
        basis = self._basis(version)
        seat: list[int] = []

        def play(h: History[Any, Any]) -> Any:
            who, decision = self.decide_computer()
            seat.append(who)
            return h.apply(decision.action, player=who)

        return self._write(basis, play, computer=seat)

    def concede(self) -> str:
        """Concede the game (always open to a seated player while the game goes on).

        In a game with a Concede action: the engine's Concede on this seat's turn; off turn,
        recorded in the store and played the moment this seat is to act. In a game without
        one: the seat *leaves* — the computer plays it (the game's default agent) to the end,
        and the others play on."""
        self.refresh()
        if self._history.is_over:
            raise WppError("the game is over: ask for a rematch, or create a new room")
        mine = self._history.to_act == self.seat
        concede = concede_of(self._history)
        if mine and concede is not None:
            return self.submit(concede)
        if concede is not None:
            self.store.resign(self.code, self.seat, self._token)
            return (f"{seat_name(self.seat)} conceded; the game ends when it is "
                    f"{seat_name(self.seat)}'s turn")
        self.store.take_over(self.code, self.seat, LEFT, seat=self.seat, token=self._token)
        text = (f"{seat_name(self.seat)} left the game: the computer plays "
                f"{seat_name(self.seat)}'s seat from now on")
        if mine:
            with suppress(StaleRoom):   # another page played the turn first
                self.play_computer()
        return text

    def leave(self) -> str:
        """Leave the room (the page goes back to the lobby): the seat is marked as never
        heard from, so the others' pages find it gone at once — what they find of a closed
        tab after :data:`ABSENT_AFTER` seconds — and may claim its turns while the game goes
        on (:meth:`claim`); a rematch, which needs every person's seat, is not dealt. The
        page that leaves stops using this handle."""
        self.store.leave(self.code, self.seat, self._token)
        return f"{seat_name(self.seat)} left the room"

    def claim(self) -> str:
        """Claim the turn of a person who has gone: allowed when the seat to act is another
        person's and has not been heard from for :data:`CLAIM_AFTER` seconds (or conceded
        off turn). In a game with a Concede action the engine's Concede is then played for
        it; in a game without one the computer takes the seat over (the game's default
        agent) and plays this turn, until that seat's page is heard from again. The kit's
        error otherwise."""
        self.refresh()
        history = self._history
        if history.is_over:
            raise WppError("the game is over: ask for a rematch, or create a new room")
        absent = history.to_act
        if absent == self.seat:
            raise WppError("it is your turn: play, or concede")
        if absent in self.computers():
            raise WppError(f"the computer plays {seat_name(absent)}: its move comes without "
                           "a claim")
        if self._resigned():
            raise WppError("you have conceded this game: it ends on your turn")
        silent = self.gone().get(absent, 0.0)
        if silent < CLAIM_AFTER:
            raise WppError(f"{seat_name(absent)} was here {silent:.0f} s ago: the game can be "
                           f"claimed once they have been gone for {CLAIM_AFTER:.0f} s")
        if concede_of(history) is not None:
            def play(h: History[Any, Any]) -> Any:
                if h.is_over or h.to_act != absent:
                    raise StaleRoom(f"the game in room {self.code} moved on: look at it again")
                return h.apply(concede_of(h), player=absent)

            return self._write(self._version, play)
        self.store.take_over(self.code, absent, CLAIMED, seat=self.seat, token=self._token)
        text = (f"the computer plays for {seat_name(absent)}, who has gone, until they are "
                "back")
        with suppress(StaleRoom):     # another page played the turn first: taken over all the same
            return f"{text}: {self.play_computer()}"
        return text

    def _write(self, basis: int, play: Callable[[History[Any, Any]], Any],
               computer: list[int] | None = None) -> str:
        """Apply ``play`` to the stored game if it is still at ``basis``, play the Concede
        of any seat that conceded off turn and is now to act, and store it (the token
        checked in the same transaction; ``computer``: the seat whose computer moved, which
        must still be the computer's); the event as this seat reads it."""
        version, history = self.store.read(self.code)
        self._version, self._history = version, history
        if history.is_over:
            raise WppError("the game is over: ask for a rematch, or create a new room")
        if version != basis:
            raise StaleRoom(f"the game in room {self.code} moved on since version {basis}: "
                            "look at it again")
        event = play(history)      # the engine judges (raises, nothing written)
        resigned = {s for s, (_, r) in self.store.seats(self.code).items() if r}
        while not history.is_over and history.to_act in resigned:
            concede = concede_of(history)
            if concede is None:
                break      # a seat that left a game without Concede: the computer's
            history.apply(concede, player=history.to_act)
        try:
            self._version = self.store.put(self.code, history, version, seat=self.seat,
                                           token=self._token,
                                           computer=computer[0] if computer else None)
        except WppError:
            self._version, self._history = self.store.read(self.code)  # not written
            raise
        self._beat = float("-inf")
        self.beat()
        return str(event.text_for(self.seat))
