"""The side panel of a game's page: the computer's reasons ("Why?"), a hint from a chosen AI,
the rules, or the review of a finished game, one at a time — for any game.

The panel keeps which of them is open, the hint last asked (with the moment it belongs to)
and the review's cursor; the page supplies the words: what "Why?" shows now
(:class:`PanelText`, from what the viewer may know) and what the review shows at move ``k``.
Cards the viewer must not know are passed as ``hidden`` and drawn face down
(:class:`~widgets.parts.explain_view.ExplanationView`).

>>> p = ExplainPanel()
>>> p.toggle("why"); p.open
'why'
>>> p.render(why=lambda: PanelText("Why the computer did that", empty="Not yet."))
>>> "Not yet." in p.view.html.value, p.review_nav.layout.display
(True, 'none')
>>> p.toggle("why"); p.render(); p.open, p.view.html.layout.display
('', 'none')
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

import ipywidgets as w

from widgets.parts.explain_view import ExplanationView
from widgets.parts.faces import AnyCard
from wpp.core.explain import Explanation

__all__ = ["ExplainPanel", "Hint", "PanelText"]

#: The panels: nothing, the computer's reasons, a hint, the rules, the review.
PANELS = ("", "why", "hint", "rules", "review")


@dataclass(frozen=True)
class PanelText:
    """What a panel shows: a title, (heading, explanation) items, cards to draw face down, a
    note under the title, and the words shown when there are no items."""

    title: str
    items: Sequence[tuple[str, Explanation]] = ()
    hidden: Collection[AnyCard] = frozenset()
    note: str = ""
    empty: str = ""


@dataclass(frozen=True)
class Hint:
    """A hint asked at ``moment`` (the count of actions then) for ``who`` by ``agent``."""

    moment: int
    who: str
    agent: str
    explanation: Explanation = field(repr=False)


class ExplainPanel:
    """The "Why?" and "Hint" buttons (``why_button``, ``hint_button``), the explanation
    view (``view``) and the review's "previous/next move" row (``review_nav``)."""

    def __init__(self, why_label: str = "Why? (computer's last move)") -> None:
        self.why_button = w.Button(description=why_label,
                                   tooltip="how the computer chose its last move (Shift+W)")
        self.hint_button = w.Button(description="Hint",
                                    tooltip="what the chosen AI would do in your place "
                                            "(Shift+H)")
        for button, cls in ((self.why_button, "wpp-why"), (self.hint_button, "wpp-hint")):
            button.add_class("wpp-side-button")
            button.add_class(cls)
        self.review_prev = w.Button(description="◀ Previous move")
        self.review_prev.add_class("wpp-review-prev")
        self.review_next = w.Button(description="Next move ▶")
        self.review_next.add_class("wpp-review-next")
        self.review_nav = w.HBox([self.review_prev, self.review_next],
                                 layout=w.Layout(display="none"))
        self.view = ExplanationView()
        self.open = ""
        self.hint: Hint | None = None
        self.review_at = 0

    # --- which panel is open ------------------------------------------------------------
    def toggle(self, name: str) -> None:
        """Open ``name``, or close it if it is open."""
        assert name in PANELS
        self.open = "" if self.open == name else name

    def close(self, *names: str) -> None:
        """Close the panel if it is one of ``names`` (e.g. after a move made it stale)."""
        if self.open in names:
            self.open = ""

    def keep_hint(self, hint: Hint) -> None:
        """Show ``hint``."""
        self.hint = hint
        self.open = "hint"

    def forget_hint(self) -> None:
        """A move made the hint stale."""
        self.hint = None
        self.close("hint")

    def start_review(self) -> None:
        """Open the review at the first move."""
        self.review_at = 0
        self.open = "review"

    def step_review(self, step: int, moves: int) -> bool:
        """Move the review's cursor by ``step`` within ``moves`` (``False``: not reviewing)."""
        if self.open != "review":
            return False
        self.review_at = max(0, min(moves - 1, self.review_at + step))
        return True

    # --- drawing ------------------------------------------------------------------------
    def render(self, *, why: Callable[[], PanelText] | None = None,
               review: Callable[[int], PanelText] | None = None, moves: int = 0,
               rules: str = "") -> None:
        """Draw the open panel: ``why()``; the hint; ``rules`` (HTML); ``review(k)`` for
        move ``k`` of ``moves`` (``review`` is ``None`` while there is nothing to review)."""
        nav = "none"
        if self.open == "rules":
            self.view.set_html(rules)
        elif self.open == "why" and why is not None:
            self._show(why())
        elif self.open == "hint" and self.hint is not None:
            self.view.show(f"Hint for {self.hint.who} from {self.hint.agent}: its reasoning",
                           [("", self.hint.explanation)])
        elif self.open == "review" and review is not None and moves > 0:
            nav = "flex"
            k = min(self.review_at, moves - 1)
            self._show(review(k))
            self.review_prev.disabled = k == 0
            self.review_next.disabled = k == moves - 1
        else:
            self.view.clear()
        if self.review_nav.layout.display != nav:
            self.review_nav.layout.display = nav

    def _show(self, text: PanelText) -> None:
        self.view.show(text.title, text.items, text.hidden, empty=text.empty, note=text.note)
