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
/* The computer's review under way: its progress bar (a label, then a bar of width 100%) ran
   past a phone's edge; the bar takes what the label leaves. Seen once the banner's one Review
   started it beside the step review. */
.wpp-page .wpp-computer-review .widget-hprogress { width: auto !important; min-width: 0; }
.wpp-page .wpp-computer-review .widget-hprogress .progress { min-width: 0; flex: 1 1 auto; }
/* Face-down cards overlap (margin-right −24 px): a wrapped line's last one reaches 24 px past
   its place, which the hand keeps room for (it was cut at a phone's edge). */
.wpp-page .wpp-hand-row { padding-right: 24px; box-sizing: border-box; }
/* Table cells break lines between words, never inside one ("Comput|er": the page's
   overflow-wrap: anywhere let a narrow table squeeze its columns to a letter). */
.wpp-page table td, .wpp-page table th { overflow-wrap: normal; word-break: normal; }
/* The review's decisions: the name above, each decision's label wrapped, a finger's height,
   the whole list shown (a 360 px box cut Pairs' list off after seven rows: the player
   scrolled a box inside the page to find the mistakes). */
.wpp-page .wpp-review-list { flex-direction: column; overflow: visible; max-width: 100%; }
.wpp-page .wpp-review-rows { flex-direction: column; align-items: stretch; height: auto;
  flex: 0 0 auto; overflow: visible; }
.wpp-page .wpp-review-rows .widget-radio-box { width: 100%; }
.wpp-page .wpp-review-rows .widget-radio-box label { white-space: normal; overflow-wrap: normal;
  min-height: 44px; display: flex; flex-direction: row-reverse; justify-content: flex-end;
  align-items: center; gap: 8px; line-height: 1.3; height: auto; }
/* (height: auto: the widget's own fixed row height let a label of three lines on a phone run
   over the next decision's.) */
/* A deliberate scroll box (a wide table, Pokeros' grid) shows its scrollbars, also where a
   phone would only overlay them while scrolling: what goes on past its edge is seen to. */
.wpp-page table, .wpp-page .wpp-scroll { scrollbar-width: auto; }
.wpp-page table::-webkit-scrollbar, .wpp-page .wpp-scroll::-webkit-scrollbar {
  width: 10px; height: 10px; }
.wpp-page table::-webkit-scrollbar-thumb, .wpp-page .wpp-scroll::-webkit-scrollbar-thumb {
  background: #b08a2e; border-radius: 5px; }
.wpp-page table::-webkit-scrollbar-track, .wpp-page .wpp-scroll::-webkit-scrollbar-track {
  background: #e8e2d0; }
@media (max-width: 600px) {
  .wpp-page .wpp-menu, .wpp-page .wpp-center, .wpp-page .wpp-side { flex: 1 1 100%; }
  /* On a phone the board comes first, then the side panel, then the options. */
  .wpp-page .wpp-center { order: 1; }
  .wpp-page .wpp-side { order: 2; }
  .wpp-page .wpp-menu { order: 3; }
  .wpp-page .widget-dropdown, .wpp-page .widget-text, .wpp-page .widget-upload,
  .wpp-page .widget-select { max-width: 100%; }
  .wpp-page .widget-label { min-width: 0; }
  /* A game's own options (WarPairsPoker's checkboxes) take the menu's whole width: squeezed
     into a wrapped row, their box scrolled sideways. */
  .wpp-page .wpp-menu > .widget-vbox { flex: 1 1 100%; }
  .wpp-page .wpp-menu .widget-vbox > .widget-checkbox { margin-right: 0; }
  /* A finger's tap: every button and card at least 44 px each way. */
  .wpp-page button, .wpp-page .widget-button:not(.wpp-back) {
    min-height: 44px; min-width: 44px; }
  /* Every other control too (the walk-through: 13 px checkboxes, 28 px menus): a menu, a
     text box and a checkbox's row at least 44 px tall, the checkbox itself larger. */
  .wpp-page .widget-dropdown, .wpp-page .widget-text, .wpp-page .widget-checkbox,
  .wpp-page .widget-select { height: auto; min-height: 44px; }
  .wpp-page select, .wpp-page input[type="text"], .wpp-page input[type="number"] {
    min-height: 44px; height: 44px; }
  .wpp-page input[type="checkbox"] { width: 28px; height: 44px; min-height: 44px;
    margin: 0 8px 0 0; }
  .wpp-page .widget-checkbox label { min-height: 44px; display: inline-flex;
    align-items: center; }
}
</style>"""
