"""The game page's Options menu: the seed, New game and Replay this deal, who plays each
seat, "Practice: open hands", Undo and Redo, Rules & keys, Save and Open, and the player's
record in this browser (with the hidden element and script that feed it).

Only the widgets, built and laid out in the menu's order: what they do is wired by the page
(:class:`~widgets.page.game_page.GamePage`), which keeps each under its own name.
"""

from __future__ import annotations

import ipywidgets as w

from widgets.page.seats import SeatChooser
from widgets.parts.browser_record import stats_html, stats_script_html

__all__ = ["OptionsMenu"]


def _button(label: str, tip: str, cls: str) -> w.Button:
    b = w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
    b.add_class("wpp-option")
    b.add_class(cls)
    return b


class OptionsMenu:
    """The Options menu of ``game``'s page: its widgets and ``box``, the menu itself, with
    ``chooser`` (who plays) and the board's own ``extra`` options (a widget, else none)."""

    def __init__(self, game: str, chooser: SeatChooser, extra: object = None) -> None:
        self.seed_box = w.Text(value="", placeholder="random", description="Seed",
                               tooltip="a seed deals a chosen game; empty: a random one",
                               layout=w.Layout(width="100%"))
        self.seed_box.add_class("wpp-seed")
        self.new_button = _button("New game", "deal a new game (Shift+N)", "wpp-opt-new")
        self.replay_button = _button("Replay this deal", "the same deal from the start",
                                     "wpp-opt-replay")
        self.practice_box = w.Checkbox(value=False, description="Practice: open hands",
                                       tooltip="every hand face up and the computer's full "
                                               "reasoning (the game counts as practice)",
                                       indent=False, layout=w.Layout(width="100%"))
        self.practice_box.add_class("wpp-opt-practice")
        self.undo_button = _button("Undo", "take back your last move (Shift+U)", "wpp-opt-undo")
        self.redo_button = _button("Redo", "play again the move taken back (Shift+Y)",
                                   "wpp-opt-redo")
        self.rules_button = _button("Rules & keys", "the rules and the keys", "wpp-opt-rules")
        self.save_button = _button("Save", "download this game's save file", "wpp-opt-save")
        self.save_link = w.HTML("")
        self.save_link.add_class("wpp-save")
        self.open_file = w.FileUpload(accept=".json,application/json", multiple=False,
                                      description="Open saved game",
                                      tooltip="open a save file (JSON)",
                                      layout=w.Layout(width="auto"))
        self.open_file.add_class("wpp-opt-open")
        # The player's record in this browser (drawn there by the stats script) and the
        # hidden element that tells the script each finished scored game.
        self.stats_box = w.HTML(stats_html(game))
        self.stats_box.add_class("wpp-stats-box")
        self.stats_feed = w.HTML("", layout=w.Layout(display="none"))
        self.stats_feed.add_class("wpp-stats-feed")
        # The record's script travels in the page's own widgets (an output the browser
        # runs), not in the notebook's saved output beside them.
        self.stats_script = w.Output(layout=w.Layout(display="none"))
        self.stats_script.outputs = ({"output_type": "display_data", "metadata": {},
                                      "data": {"text/html": stats_script_html(),
                                               "text/plain": ""}},)
        self.box = w.VBox([
            w.HTML('<div class="wpp-menu-title">Options</div>'), self.seed_box,
            w.HBox([self.new_button, self.replay_button], layout=w.Layout(flex_flow="row wrap")),
            chooser.box, self.practice_box,
            *([extra] if isinstance(extra, w.Widget) else []),
            w.HBox([self.undo_button, self.redo_button], layout=w.Layout(flex_flow="row wrap")),
            self.rules_button,
            w.HBox([self.save_button, self.open_file], layout=w.Layout(flex_flow="row wrap")),
            self.save_link, self.stats_box])
        self.box.add_class("wpp-menu")
