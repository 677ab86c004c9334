"""How Voilà serves a game page, and what the page's address asks of it.

A served page is built at once with what its server gives (:func:`served_settings`: the store
``WPP_ROOMS`` where the game survives a reload, ``WPP_SEED`` and ``WPP_AI_DELAY``), then given
its address (:func:`read_address`: a reload's key, a teacher's seed, an opponent), so a
pre-heated kernel makes the page's widgets before its visitor comes (:func:`serve`). Kept
apart from the page's class: the address and the server are the page's surroundings, not
its game. :class:`~widgets.page.game_page.GamePage` calls these; WarPairsPoker's app serves
its own page class with :func:`serve`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from widgets.page.deals import check_seed, fresh_seed
from widgets.page.keeper import Keeper, default_store
from widgets.page.practice import CHOSEN
from widgets.page.seats import SeatChooser, opponent_choices
from widgets.parts.address import page_query, query_value
from wpp.core.errors import WppError
from wpp.core.history import History

__all__ = ["AddressAsks", "ArrivingPage", "ServedPage", "arrive", "read_address", "serve",
           "served_settings"]


class ServedPage(Protocol):
    """A page :func:`serve` can serve: it names its game and takes its address later."""

    @property
    def game_name(self) -> str: ...

    def arrive(self, query: str, notices: Sequence[str] = (), *,
               fixed: Collection[str] = ()) -> None:
        """The page's address has come: act on what it asks."""


#: A page :func:`serve` builds (any game page).
P = TypeVar("P", bound=ServedPage)


def served_settings(settings: dict[str, Any]) -> list[str]:
    """Fill ``settings`` (a game page's keyword arguments) from what a served page's server
    gives it, keeping what the caller set; return what the page should say about it:

    - the store (``WPP_ROOMS``): where the game survives a reload;
    - ``WPP_SEED`` (a fixed first deal) and ``WPP_AI_DELAY`` (the computer's pause), for
      tests and benchmarks.

    The page's address comes after (the page's ``arrive``): a pre-heated kernel builds the
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
    server gives (:func:`served_settings`), then given its address (the page's ``arrive``,
    :meth:`~widgets.page.game_page.GamePage.arrive`).

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


class ArrivingPage(ServedPage, Protocol):
    """A page as its address's arrival sees it (:func:`arrive`)."""

    @property
    def players(self) -> int: ...

    @property
    def keeper(self) -> Keeper: ...

    @property
    def chooser(self) -> SeatChooser: ...

    def agents(self) -> dict[int, Any]:
        """The agents of the seats the chooser gives to the computer."""

    def seat_agents(self, agents: dict[int, Any]) -> None:
        """Give the computer's seats ``agents``, remembering who plays as applied."""

    def take_kept(self, history: History[Any, Any], settings: Mapping[str, Any],
                  refusal: str = ..., *, show_practice: bool = False) -> bool:
        """Seat who plays as kept with ``history``; whether it can be played here."""

    def start(self, history: History[Any, Any], notice: str = "", why: str = "", *,
              advance: bool = True) -> None:
        """Play ``history`` from now on."""

    def deal(self, seed: int) -> History[Any, Any]:
        """A new game dealt from ``seed``, with the page's players and rules."""

    def refresh(self) -> None:
        """Draw the page anew (and keep its game)."""

    def tell(self, notices: Sequence[str]) -> None:
        """Say ``notices`` on the page."""


def arrive(page: ArrivingPage, query: str, notices: Sequence[str] = (), *,
           fixed: Collection[str] = ()) -> None:
    """``page``'s address has come (:func:`serve` built the page before it): a reload's
    key continues the kept game; else a seed deals that game (practice: a known deal)
    and an opponent takes every other seat, each starting a new game only if it changes
    something; the page keeps its game from now on. ``fixed``: settings the page's
    maker chose, which the address does not change. What cannot be used is said."""
    asks, said = read_address(page.game_name, query)
    said = list(notices) + said
    keeper = page.keeper
    keeper.release()
    if asks.key and keeper.store is not None:
        found = keeper.take(asks.key)
        if found is not None and page.take_kept(*found, show_practice=True):
            page.start(found[0])
            page.tell(said)
            return
        if keeper.notice:
            said.insert(0, keeper.notice)
    seed = None if "seed" in fixed else asks.seed
    changed = seed is not None
    if asks.opponent and "seats" not in fixed:
        moved = False
        for seat in range(1, page.players):
            if page.chooser.choice(seat) != asks.opponent:
                page.chooser.set(seat, asks.opponent)
                moved = True
        if moved:
            page.seat_agents(page.agents())
        changed = changed or moved
    if changed:
        page.start(page.deal(fresh_seed() if seed is None else seed),
                   why="" if seed is None else CHOSEN)
    else:
        page.refresh()  # kept from now on, under the page's own key
    page.tell(said)
