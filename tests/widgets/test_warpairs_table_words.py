"""WarPairsPoker's table says the trick's mode once, in plain words (walk-through: it read
"mode: single — this trick is played in single cards; category: single")."""

from __future__ import annotations

import random

from widgets.games.warpairs.table import TableView
from wpp.warpairs.game import Game

MODES = {"single": "single cards", "pair": "pairs", "poker": "poker hands"}


def test_the_table_says_the_tricks_mode_once_in_plain_words() -> None:
    rng = random.Random(5)
    seen: set[str] = set()
    for seed in range(6):
        g = Game(seed=seed)
        while g.winner is None and len(seen) < 3:
            table = g.view(g.to_act).table
            if table is not None:
                t = TableView()
                t.show(g.view(0), names=("You (P1)", "Computer (P2)"), bottom=0)
                text = t.html.value
                words = f"This trick is played in {MODES[table.mode.label]}."
                assert text.count("trick is played in") == 1 and words in text, text
                assert "mode:" not in text and "category:" not in text, text
                seen.add(table.mode.label)
            g.apply(rng.choice(g.legal_actions()))
    assert seen, "no trick had a play on the table"


def test_warpairs_page_starts_against_a_ladder_level_like_every_game() -> None:
    """Walk-through: WarPairsPoker's page started against "Other: the game author's own
    strategy" (a bare agent) where every other game starts on its ladder; it starts on the
    ladder's level of its default agent, as the shared page chooses for every game."""
    from widgets.games.warpairs.app import App
    from widgets.page.seats import default_opponent, opponent_label

    app = App(seed=3)
    choice = app.chooser.choice(1)
    assert choice == default_opponent("warpairs") and choice.startswith("level:"), choice
    assert not opponent_label("warpairs", choice).startswith("Other"), choice
    assert App(seed=3, agent="random").chooser.choice(1) == "agent:random"
