"""The quick reference behind the "Rules" option: the rules in a screenful, and the keys.

Written from ``wpp-rules.md`` (R1–R20); the numbers match, so a refusal's "(R9)" can be
looked up here.

>>> "R9" in RULES_HTML and "Enter" in RULES_HTML
True
"""

from __future__ import annotations

from typing import Final

__all__ = ["RULES_HTML"]

RULES_HTML: Final = """
<div class="wpp-rules">
<div class="wpp-panel-title">Rules — quick reference</div>
<p><b>Goal.</b> Empty your hand before the other player (R17). Holding 26 cards after a draw
loses.</p>
<p><b>Cards</b> (R1, R2): 2 3 4 5 6 7 8 9 10 J Q K A; suits ♦ &lt; ♣ &lt; ♥ &lt; ♠.
7♠ beats 7♣; 8♦ beats 7♠.</p>
<p><b>Start</b> (R10–R12): 16 cards each, 20 in the deck. Each player puts 3 cards face up in
the pile (the mulligan). Whoever then holds the lowest card leads.</p>
<p><b>Plays</b> (R4–R6): a single card, a pair, or a poker hand: two pair (4 cards) &lt; three of
a kind (3) &lt; straight &lt; flush &lt; full house &lt; four of a kind (4, or 4 + a kicker) &lt;
straight flush. Straights may wrap: J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4, A-2-3-4-5.</p>
<p><b>A trick</b> (R7, R8, R13): the first play fixes the mode (singles, pairs or poker hands);
each play must be of that mode and beat the last one. In poker hands a higher category always
wins.</p>
<p><b>Twos beat aces</b> (R9), in every mode; an ace may never be played on a two.</p>
<p><b>Cannot or will not beat?</b> (R14, R15) Draw instead: one deck card, then one more or
stop; or take one pile card. That ends the trick; the last player to play leads next. Once a
game you may <i>re-draw</i>: put this turn's deck cards in the pile and draw as many new.</p>
<p><b>Pass</b> (R16): the leader may pass once; the other player must then lead.</p>
<p><b>Concede</b> (R19) loses the game.</p>
<div class="wpp-panel-title">Keys</div>
<p><b>1…9 0</b>, then <b>q…p</b>, <b>a…l</b>, <b>z…m</b>: select the cards of your hand in order ·
<b>← →</b>: move the selected card · <b>Enter</b>: Play (or Mulligan) · <b>Esc</b>: unselect ·
<b>Shift+D</b> draw · <b>Shift+S</b> stop · <b>Shift+R</b> re-draw · <b>Shift+P</b> pass ·
<b>Shift+H</b> hint · <b>Shift+W</b> why? · <b>Shift+U</b> undo · <b>Shift+Y</b> redo</p>
</div>
"""
