"""The game page's layout rules (CSS added after the kit's theme): the options, the board and
the side panel wrap onto each other as the window narrows, down to a phone's 390 px (where
the board comes first), with no
control off-screen and nothing covered — the dock of messages is part of the flow (never
sticky over the board), and wide tables scroll inside their own box.
"""

from __future__ import annotations

from typing import Final

__all__ = ["PAGE_STYLE"]

PAGE_STYLE: Final = """<style>
.wpp-page { max-width: 100%; box-sizing: border-box; }
.wpp-page .wpp-body { display: flex; flex-flow: row wrap; gap: 8px; align-items: flex-start; }
.wpp-page .wpp-menu { flex: 0 1 210px; min-width: 0; }
.wpp-page .wpp-center { flex: 1 1 420px; min-width: 0; max-width: 100%; }
.wpp-page .wpp-side { flex: 1 1 280px; min-width: 0; max-width: 100%; }
.wpp-page .wpp-page-dock { position: static; }
.wpp-page .wpp-dock { position: static; box-shadow: none; }
.wpp-page .widget-hbox { flex-wrap: wrap; max-width: 100%; }
.wpp-page .wpp-header { flex-wrap: wrap; }
.wpp-page .wpp-status, .wpp-page .widget-html-content { white-space: normal;
  overflow-wrap: anywhere; }
.wpp-page table { display: block; max-width: 100%; overflow-x: auto; }
.wpp-page .wpp-banner { flex-wrap: wrap; }
.wpp-page .wpp-banner .widget-button, .wpp-page .wpp-side-button,
.wpp-page .wpp-option { width: auto; max-width: 100%; }
.wpp-page .wpp-review-chart img { max-width: 100%; height: auto; }
@media (max-width: 600px) {
  .wpp-page .wpp-menu, .wpp-page .wpp-center, .wpp-page .wpp-side { flex: 1 1 100%; }
  /* On a phone the board comes first, then the side panel, then the options. */
  .wpp-page .wpp-center { order: 1; }
  .wpp-page .wpp-side { order: 2; }
  .wpp-page .wpp-menu { order: 3; }
  .wpp-page .widget-dropdown, .wpp-page .widget-text, .wpp-page .widget-upload,
  .wpp-page .widget-select { max-width: 100%; }
  .wpp-page .widget-label { min-width: 0; }
}
</style>"""
