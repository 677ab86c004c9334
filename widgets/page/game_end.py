"""The game's end on the page: its result counted once, a forfeit, the browser's record told,
the match's names for the seats, and the game-over banner.

Kept apart from the page's class because it is one idea — what a finished (or abandoned)
game counts for — and the page only asks it at the right moments:

* a finished game goes into the session's score and the match (practice: into neither),
  each game counted once by its identity (its deal, :func:`~wpp.services.game_store.game_id`);
* **a match** of the game's own shape (its registration's ``MATCH``, :mod:`wpp.core.matches`):
  its progress above the board (:mod:`~widgets.parts.match_line`), its winner named at its
  end, where the banner's Next hand (or Next game) becomes New match;
* a scored game against the computer left before its end (a new deal, practice, Undo) counts
  as a loss (a forfeit), in the score, the match and the record, each once;
* the player's record (matches, wins, best streak, and the hands in them, per opponent)
  is the browser's
  (:mod:`~widgets.parts.browser_record`): the page only tells it each finished scored game,
  and never reads it back;
* the banner gives the result in words, the session's score (:mod:`~widgets.page.results`)
  and, in a points match under way, the running total; its first button says what comes
  next ("Next hand", "New game", "New match").

:class:`GameEnd` sees the page through :class:`EndHost` (what it reads), so it does not import
the page (no import circle).
"""

from __future__ import annotations

from typing import Protocol

import ipywidgets as w

from widgets.page.board import Board
from widgets.page.host import GameHost
from widgets.page.names import in_page_names, page_names
from widgets.page.results import SessionScore, person_won, result_head, winners
from widgets.page.seats import SeatChooser, opponent_label
from widgets.parts.banner import GameOverBanner
from widgets.parts.browser_record import feed_html
from widgets.parts.match_line import result_text, tally_text
from wpp.core.matches import Match

__all__ = ["EndHost", "GameEnd", "in_page_names"]


class EndHost(GameHost, Protocol):
    """The page as its game's end sees it."""

    @property
    def board(self) -> Board: ...

    @property
    def game_name(self) -> str: ...

    @property
    def game_id(self) -> str: ...

    @property
    def score(self) -> SessionScore: ...

    @property
    def match(self) -> Match: ...

    @property
    def practice(self) -> bool: ...

    @property
    def chooser(self) -> SeatChooser: ...

    @property
    def end(self) -> GameOverBanner: ...

    @property
    def stats_feed(self) -> w.HTML: ...

    def people(self) -> list[int]:
        """The seats people play on this page."""

    def viewer(self) -> int:
        """The seat whose view the board shows."""


class GameEnd:
    """What the game on ``page`` counts for once it ends (or is left), and the banner."""

    def __init__(self, page: EndHost) -> None:
        self.page = page
        #: The last finished scored games told to the browser's record (see tell_stats).
        self.told: list[dict[str, str]] = []

    def outcome(self) -> str:
        """The finished game's result for the banner and the status line: the board's
        one-glance words when it has them (``outcome(view)``), else the game's own."""
        page = self.page
        short = getattr(page.board, "outcome", None)
        text = short(page.history.view(page.viewer())) if callable(short) else ""
        return in_page_names(str(text) if text else page.history.outcome,
                             self.match_labels(), page.match.rule.unit)

    def count_result(self) -> None:
        """A finished game into the session's score and the match (practice: into neither),
        once by its identity, and told to the browser's record."""
        page, h = self.page, self.page.history
        if not h.is_over or page.score.counted(page.game_id):
            return
        returns = h.returns()
        page.score.record(page.game_id, returns, people=page.people(), practice=page.practice)
        if not page.practice:
            page.match.record(page.game_id, returns)
            top = winners(returns)
            me = page.people()[0] if len(page.people()) == 1 else -1
            self.tell_stats("win" if top == [me] else "draw" if me in top else "loss")

    def forfeit(self) -> None:
        """The scored game on the page is left before its end: a loss for the person in the
        score, the match and the browser's record, each counted once."""
        page = self.page
        counted = page.score.counted(page.game_id)
        people = page.people()
        page.score.forfeit(page.game_id, people=people)
        if len(people) == 1:
            page.match.forfeit(page.game_id, person=people[0], practice=page.practice)
            if not counted:
                self.tell_stats("loss")

    def tell_stats(self, result: str) -> None:
        """Tell the browser's record (:mod:`widgets.parts.browser_record`) a finished scored game
        against the computer, and the match's result with the game that ended it (the record
        counts matches, and the hands in them); the kernel never reads that record back."""
        page = self.page
        people = page.people()
        if len(people) != 1 or not page.session.computer_seats or page.practice:
            return
        labels = sorted({opponent_label(page.game_name, page.chooser.choice(s))
                         for s in page.session.computer_seats})
        item = {"game": page.game_name, "opponent": " & ".join(labels)[:80],
                "id": f"{page.game_name}:{page.game_id}", "result": result,
                "unit": page.match.rule.unit}
        match = page.match
        if match.over and match.counted(page.game_id):   # this game ended the match
            top = match.winners()
            item["match"] = ("win" if top == people else "draw" if people[0] in top
                             else "loss")
        self.told = [*self.told[-4:], item]
        value = feed_html(self.told)
        if page.stats_feed.value != value:
            page.stats_feed.value = value

    def match_labels(self) -> list[str]:
        """How the match (and every line of the page) names each seat: "You", "Computer",
        "Computer 1"… (:func:`~widgets.page.names.page_names`)."""
        return page_names(self.page.people(), self.page.players)

    def next_label(self) -> str:
        """What the banner's first button starts: "New match" once the match is over,
        "Next hand" (or "Next game") after a game the match counted, else "New game"."""
        match = self.page.match
        if match.over:
            return "New match"
        if self.page.history.is_over and match.counted(self.page.game_id):
            return f"Next {match.rule.unit}"
        return "New game"

    def banner(self) -> None:
        """The game-over banner in line with the game: hidden during it; after it the result,
        the score, the match's winner or running total, and what the first button starts."""
        page, h, end = self.page, self.page.history, self.page.end
        new = self.next_label()
        if end.buttons["new"].description != new:
            end.buttons["new"].description = new
        if not h.is_over:
            end.hide()
            return
        counted = page.match.counted(page.game_id)
        match = page.match.over and counted
        labels = self.match_labels()
        won_match = match and [labels[s] for s in page.match.winners()] == ["You"]
        # A points match under way: the running total after this game, in the banner itself
        # (the hand's end says where the match stands, not only who won the hand).
        rule = page.match.rule
        total = (f"Running total after {rule.unit} {page.match.played} of {rule.hands}: "
                 f"{tally_text(page.match, labels)}"
                 if counted and not match and rule.count == "points" else "")
        # A game that ends the match: the match's result is the banner's large line and
        # only a match won celebrates (a big "You win!" over a lost match misled players).
        end.show(in_page_names(result_head(h.returns(), page.people()), labels),
                 self.outcome(), page.score.text(),
                 won=won_match if match else person_won(h.returns(), page.people()),
                 match=result_text(page.match, labels) if match else total,
                 final=rule.unit if match else "")
