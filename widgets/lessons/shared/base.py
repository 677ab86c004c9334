"""What every lesson widget shares, whatever its game: the stylesheet, the lesson frame, a
seed field, navigation buttons and the page's address. (WarPairsPoker's lesson board — a
state drawn whole, rule badges, a recorded game to move through — is
:mod:`widgets.lessons.warpairs.board`.)

Lesson widgets are plain Python objects holding ipywidgets (like
:class:`~widgets.games.warpairs.app.App`):
each has a ``root`` widget to place and shows itself when it is a cell's last line. Its plain
text form (``text/plain``, what nbval compares and a terminal prints) is a one-line summary of
what it shows, so a change of behaviour shows up as a changed cell output.

>>> nav_button("Next ▶", "the next move").description
'Next ▶'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final

import ipywidgets as w

from widgets.lessons.shared.classroom import CLASS_CSS, class_box, report_answer
from widgets.parts.address import address_or_later, query_value
from widgets.parts.explain_view import table_html  # re-exported: the lessons' tables
from widgets.parts.shown import Shown
from widgets.parts.theme import STYLE_HTML

__all__ = [
    "LESSON_CSS",
    "LESSON_STYLE",
    "Lesson",
    "SeedField",
    "lesson_root",
    "plain_words",
    "present_toggle",
    "query_int",
    "report_answer",
    "table_html",
]

#: Styles the lessons add to the app's theme (everything under ``.wpp-lesson``).
LESSON_CSS: Final = """
.wpp-lesson { max-width: 1100px; }
.wpp-lesson .wpp-lesson-title { font-weight: bold; color: #0d2b45; font-size: 15px; }
.wpp-lesson .wpp-nav { align-items: center; gap: 6px; flex-wrap: wrap; margin: 4px 0; }
.wpp-lesson .widget-button.wpp-nav-button { background: #111; color: #d4a017;
  border: 2px solid #d4a017; border-radius: 6px; font-weight: bold; width: auto;
  padding: 0 12px; height: 30px; }
.wpp-lesson .widget-button.wpp-nav-button:disabled { opacity: .35; }
.wpp-lesson .wpp-nav-label { font-weight: bold; color: #0d2b45; min-width: 90px; }
.wpp-lesson .wpp-panel { border: 1px solid #d9d2bd; border-radius: 8px; padding: 6px 10px;
  background: #fffdf6; }
.wpp-lesson .wpp-panel .widget-html-content { line-height: 1.4; white-space: normal; }
.wpp-lesson .wpp-step-head { font-weight: bold; font-size: 15px; color: #0d2b45;
  margin-bottom: 4px; }
.wpp-lesson .wpp-step-cards { margin: 4px 0; }
.wpp-lesson .wpp-verdict { font-size: 14px; margin-top: 4px; }
.wpp-lesson .wpp-cands { overflow-x: auto; max-width: 100%; }
.wpp-lesson .wpp-cands table { font-size: 13px; }
.wpp-lesson .wpp-cands td .wpp-row { flex-wrap: nowrap; }
.wpp-lesson .wpp-facts td { padding: 2px 8px 2px 0; vertical-align: top; }
.wpp-lesson .wpp-facts td:first-child { color: #555; white-space: nowrap; }
.wpp-lesson .wpp-ok { color: #0d5c2e; font-weight: bold; }
.wpp-lesson .wpp-no { color: #a11; font-weight: bold; }
.wpp-lesson tr.wpp-legal td { background: #e8f3ec; }
.wpp-lesson .wpp-badge { display: inline-block; background: #0d2b45; color: #fff;
  border-radius: 4px; padding: 0 5px; margin-right: 3px; font-size: 12px; font-weight: bold; }
.wpp-lesson .wpp-board { background: #2e7d4f; color: #fff; border-radius: 10px;
  padding: 6px 10px; }
.wpp-lesson .wpp-board .wpp-seat { margin: 2px 0; }
.wpp-lesson .wpp-board .wpp-seat-name { font-weight: bold; display: inline-block;
  min-width: 120px; vertical-align: middle; }
.wpp-lesson .wpp-board .wpp-seat.wpp-acting .wpp-seat-name { color: #ffe08a; }
.wpp-lesson .wpp-board .wpp-mid { background: #e8f3ec; color: #1b1b1b; border-radius: 8px;
  padding: 4px 8px; margin: 4px 0; }
.wpp-lesson .wpp-narration { font-size: 15px; margin: 4px 0; }
.wpp-lesson .wpp-feedback { font-size: 15px; min-height: 22px; }
.wpp-lesson .wpp-choice .widget-dropdown, .wpp-lesson .wpp-choice select { width: auto;
  max-width: 560px; }
.wpp-lesson .widget-button.wpp-answer { width: auto; padding: 0 14px; height: 32px;
  font-weight: bold; }
.wpp-lesson .wpp-picker-row { gap: 3px; margin-bottom: 4px; flex-wrap: nowrap; }
.wpp-lesson .wpp-picker { overflow-x: auto; padding: 2px; }
.wpp-app.wpp-lesson .wpp-picker .widget-button.wpp-card.wpp-selected { transform: none;
  background-color: #fff3c4; border: 3px solid #d4a017; box-shadow: 0 0 4px #d4a017; }
.wpp-lesson .wpp-inline { display: flex; align-items: center; gap: 6px; flex-wrap: wrap;
  margin: 2px 0; }
.wpp-lesson .wpp-scroll { max-height: 420px; overflow-y: auto; }
.wpp-lesson .wpp-changed { background: #fff3c4; border-left: 4px solid #d4a017;
  padding: 2px 8px; margin: 3px 0; }
.wpp-lesson .wpp-question { border: 2px solid #d4a017; border-radius: 8px; padding: 6px 10px;
  background: #fffaf0; margin: 4px 0; }
.wpp-lesson .wpp-question .widget-button.wpp-answer { height: 28px; padding: 0 8px;
  font-weight: normal; }
.wpp-lesson .wpp-question .widget-radio-box label { font-size: 14px; }
.wpp-lesson .wpp-reveal { border-top: 3px solid #0d2b45; margin-top: 6px; padding-top: 4px; }
.wpp-lesson .wpp-thresholds { margin: 4px 0; font-size: 13px; }
.wpp-lesson .widget-html-content { white-space: normal; overflow-x: auto; text-overflow: clip; }
.wpp-lesson .wpp-strip { display: flex; gap: 8px; flex-wrap: wrap; }
.wpp-lesson .wpp-strip-frame { flex: 1 1 240px; max-width: 270px; }
.wpp-lesson .wpp-strip-frame .wpp-board .wpp-seat-name { min-width: 60px; }
.wpp-present-bar { justify-content: space-between; align-items: center; margin: 0;
  gap: 8px; flex-wrap: wrap; }
.wpp-present-bar .widget-toggle-button { height: 24px; font-size: 12px; }
/* Present: the page shows this widget alone, in its own flow (the page scrolls as any page:
   wheel, PageDown, scroll bar), everything in it enlarged together by one zoom (cards, text
   and buttons are all sized in px under it; --wpp-zoom, set by screen size, is the only
   factor), and the switch in a bar stuck to the top of the window, across its width: the
   content starts under the bar and scrolls out of sight at the bar's lower edge, so the bar
   covers nothing on screen and the switch is always there (a rules card opened elsewhere is
   hidden). scroll-padding keeps what the keyboard or a link scrolls to below the bar. */
body:has(.wpp-present) .jp-Cell:not(:has(.wpp-present)),
body:has(.wpp-present) .jp-OutputArea-child:not(:has(.wpp-present)),
body:has(.wpp-present) .jp-OutputArea-output >
  .widget-vbox:not(.wpp-present):not(:has(.wpp-present)) {
  display: none !important; }
html:has(.wpp-present) { --wpp-zoom: 1.1; --wpp-bar: 36px; height: auto !important;
  overflow: auto !important; position: static !important;
  scroll-padding-top: calc((var(--wpp-bar) + 6px) * var(--wpp-zoom)); }
@media (min-width: 1340px) { html:has(.wpp-present) { --wpp-zoom: 1.2; } }
@media (min-width: 1600px) { html:has(.wpp-present) { --wpp-zoom: 1.4; } }
body:has(.wpp-present) { height: auto !important; overflow: visible !important;
  position: static !important; }
body:has(.wpp-present) :has(.wpp-present) { padding-top: 0 !important;
  margin-top: 0 !important; }
.wpp-app.wpp-present { max-width: none; background: #fff; padding: 0 12px 24px;
  zoom: var(--wpp-zoom); overflow: visible; flex-shrink: 0; }
.wpp-app.wpp-present .widget-vbox > * { flex-shrink: 0; }
.wpp-app.wpp-present > .widget-html:first-child { display: none; }  /* the <style> box: no room */
body:has(.wpp-present) .jp-LabShell, body:has(.wpp-present) .jp-LabShell .lm-BoxPanel,
body:has(.wpp-present) .jp-LabShell .lm-BoxPanel-child { position: static !important;
  height: auto !important; width: auto !important; overflow: visible !important;
  contain: none !important; }
.wpp-app.wpp-present .widget-hbox, .wpp-app.wpp-present .widget-box { overflow: visible; }
.wpp-app.wpp-present > .wpp-present-bar { position: sticky; top: 0; z-index: 100000;
  box-sizing: border-box; min-height: var(--wpp-bar); margin: 0 -12px 6px;
  padding: 4px 12px; background: #fff; border-bottom: 1px solid #d9d2bd;
  box-shadow: 0 2px 4px -2px rgba(0, 0, 0, .2); }
.wpp-card-root { max-width: 1100px; }
.wpp-card-root .widget-html-content { white-space: normal; text-overflow: clip; }
.wpp-rules-card { border: 1px solid #d9d2bd; border-radius: 8px;
  padding: 4px 10px; background: #fffdf6; margin: 2px 0; line-height: 1.4; }
.wpp-rules-card summary { cursor: pointer; }
.wpp-rules-card .wpp-card-groups { display: flex; flex-wrap: wrap; gap: 6px 18px; }
.wpp-rules-card .wpp-card-group { flex: 1 1 300px; }
.wpp-rules-card .wpp-badge { display: inline-block; background: #0d2b45; color: #fff;
  border-radius: 4px; padding: 0 5px; margin-right: 3px; font-size: 12px; font-weight: bold; }
"""

#: The app's theme and the lessons' styles (and the class box's), ready for an ``HTML`` widget.
LESSON_STYLE: Final = STYLE_HTML + f"<style>{LESSON_CSS}{CLASS_CSS}</style>"


def present_toggle(box: w.Box) -> w.ToggleButton:
    """A "Present" switch for ``box``: on, the widget fills the screen with larger type (a
    presenter mode made of CSS only: it works offline, in Voilà and in JupyterLab)."""
    toggle = w.ToggleButton(value=False, description="Present",
                            tooltip="fill the screen with this part of the lesson (again: back)",
                            layout=w.Layout(width="auto"))
    toggle.add_class("wpp-present-toggle")

    def switch(change: dict[str, object]) -> None:
        if change["new"]:
            box.add_class("wpp-present")
        else:
            box.remove_class("wpp-present")
    toggle.observe(switch, names="value")
    return toggle


def lesson_root(children: Sequence[w.Widget], *classes: str) -> w.VBox:
    """The frame of a lesson widget: the styles, a bar with the class box (the kernel's one
    :func:`~widgets.lessons.shared.classroom.class_box`: join a class once, in any frame) and a
    "Present" switch (:func:`present_toggle`), then ``children``, under the app's and the
    lessons' CSS classes (card buttons and pictures look as in the app)."""
    box = w.VBox([w.HTML(LESSON_STYLE), *children])
    toggle = present_toggle(box)
    bar = w.HBox([class_box().box, toggle])
    bar.add_class("wpp-present-bar")
    box.children = (box.children[0], bar, *box.children[1:])
    for c in ("wpp-app", "wpp-lesson", *classes):
        box.add_class(c)
    return box


_SECTION: Final = re.compile(r" ?\((?:section |sections )?[1-9]\.\d{1,2}(?:, ?[1-9]\.\d{1,2})*\)")
_TOKEN: Final = re.compile(r"\btoken (\d+)")


def plain_words(text: str) -> str:
    """Text for a learner: the game description's section numbers (``(6.31)``), which the
    AI's reasons cite for developers, dropped; the card parser's "token 3" said as "card 3"
    (the third card typed).

    >>> plain_words("The decision list (6.3), following: draw (6.31). Bad text 'X' (token 3)")
    "The decision list, following: draw. Bad text 'X' (card 3)"
    """
    return _TOKEN.sub(r"card \1", _SECTION.sub("", text))


def nav_button(label: str, tooltip: str = "") -> w.Button:
    """A black-and-gold button, as the app's actions."""
    b = w.Button(description=label, tooltip=tooltip or label)
    b.add_class("wpp-nav-button")
    return b


class Lesson(Shown):
    """Base of the lesson widgets: ``root`` is shown in a notebook, ``summary()`` is the plain
    text nbval compares."""


def query_int(name: str, default: int, lo: int = 0, hi: int = 10**9,
              query: str | None = None) -> int:
    """The whole number ``name`` in the page's address (``…/03_the_mulligan.ipynb?seed=7``),
    or ``default``: Voilà hands a page's query string to its kernel (``QUERY_STRING``), so a
    teacher can share a link to a deal. A missing, malformed or out-of-range value is ignored.
    ``query``: the query string to read (default: the page's, :func:`page_query`).

    >>> import os
    >>> os.environ["QUERY_STRING"] = "seed=7&move=x"
    >>> query_int("seed", 1), query_int("move", 3), query_int("seed", 1, hi=5)
    (7, 3, 1)
    >>> del os.environ["QUERY_STRING"]
    """
    text = query_value(name, query)
    if not text:
        return default
    try:
        value = int(text[:20])
    except ValueError:
        return default
    return value if lo <= value <= hi else default


class SeedField:
    """A deal's seed: a number field, "Deal" (deal that seed) and "New deal" (the next one).

    The same seed always gives the same deal, so a teacher can name a deal to a class, or
    share a link: ``?seed=7`` in the page's address starts the field at 7. Enter in the field
    deals the seed typed, as the button does.
    """

    def __init__(self, seed: int, on_deal: Callable[[int], None], label: str = "Deal") -> None:
        # A shared link's ?seed= wins: read now, or (a pre-heated page, built before its
        # visitor came) dealt when the address comes.
        query = address_or_later(self._arrive)
        if query is not None:
            seed = query_int("seed", seed, query=query)
        self.field = w.BoundedIntText(value=seed, min=0, max=10**9, description="seed",
                                      layout=w.Layout(width="170px"))
        self.deal_button = nav_button(label, "deal the cards of this seed")
        self.new_button = nav_button("New deal", "the next seed")
        self._on_deal = on_deal
        self.deal_button.on_click(lambda _b: self._on_deal(int(self.field.value)))
        self.new_button.on_click(lambda _b: self.next())
        # Enter (or leaving the field) deals the seed typed: the field syncs only then.
        self.field.continuous_update = False
        self.field.observe(lambda c: self._on_deal(int(c["new"])), names="value")
        self.box = w.HBox([self.field, self.deal_button, self.new_button])
        self.box.add_class("wpp-nav")

    def _arrive(self, query: str) -> None:
        """The page's address came after the field was built: its seed, if another, is dealt
        (setting the field deals it)."""
        seed = query_int("seed", self.seed, query=query)
        if seed != self.seed:
            self.field.value = seed

    @property
    def seed(self) -> int:
        return int(self.field.value)

    def next(self) -> None:
        """Deal the next seed (setting the field deals it)."""
        before = self.seed
        self.field.value = min(before + 1, 10**9)
        if self.seed == before:  # already the last seed: deal it again
            self._on_deal(self.seed)
