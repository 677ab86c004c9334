"""The quick reference behind the "Rules" option: every rule's one line, and the keys.

Generated from ``docs/rules.md`` (:mod:`wpp.rules_text`): the numbers are the ones a refusal
cites, so its "(R9)" can be looked up here, and no rule is written a second time. The kit's
own decisions are marked "kit".

>>> "R9" in RULES_HTML and "Enter" in RULES_HTML and "never go on a two" in RULES_HTML
True
"""

from __future__ import annotations

from html import escape
from typing import Final

from wpp.rules_text import all_rules

__all__ = ["RULES_HTML"]


def _rules_html() -> str:
    lines = ['<div class="wpp-rules">',
             '<div class="wpp-panel-title">Rules — quick reference</div>',
             "<p><b>Goal.</b> Empty your hand before the other player (R17).</p>"]
    for r in all_rules():
        mark = ' <i title="a decision of this kit, not of the game">(kit)</i>' \
            if r.by_the_kit else ""
        lines.append(f"<p><b>{r.id}</b> {escape(r.short)}{mark}</p>")
    return "\n".join(lines) + "\n" + _KEYS  # the keys close the panel


_KEYS: Final = """<div class="wpp-panel-title">Keys</div>
<p><b>1…9 0</b>, then <b>q…p</b>, <b>a…l</b>, <b>z…m</b>: select the cards of your hand in order ·
<b>← →</b>: move the selected card · <b>Enter</b>: Play (or Mulligan) · <b>Esc</b>: unselect ·
<b>Shift+D</b> draw · <b>Shift+S</b> stop · <b>Shift+R</b> re-draw · <b>Shift+P</b> pass ·
<b>Shift+H</b> hint · <b>Shift+W</b> why? · <b>Shift+U</b> undo · <b>Shift+Y</b> redo</p>
</div>
"""

RULES_HTML: Final = _rules_html()
