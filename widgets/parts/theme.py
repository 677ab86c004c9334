"""The app's stylesheet: the board's layout, the black-and-gold action buttons of the original,
the teal turn arrow, and the card faces of :mod:`widgets.parts.faces`.

It is inlined in the page (an ``HTML`` widget holding a ``<style>``): no file or font is
fetched. The dock (the action bar, the selection and the messages) sticks to the bottom of the
window when the board is taller than the screen (a two-row hand at 1280×800, a phone), so the
boxes around it must not clip (ipywidgets boxes scroll their own overflow by default). The
layout is one flexible row that wraps, so the board stays usable from 390 px wide up.

>>> ".wpp-app" in STYLE_HTML and STYLE_HTML.startswith("<style>")
True
"""

from __future__ import annotations

from typing import Final

from widgets.parts.banner import CELEBRATE_CSS
from widgets.parts.faces import CARD_CSS
from widgets.parts.game_log import LOG_CSS
from widgets.parts.how_to_play import HOW_TO_PLAY_CSS
from widgets.parts.last_move import LAST_MOVE_CSS

__all__ = ["APP_CSS", "STYLE_HTML"]

TEAL: Final = "#138a8a"
GOLD: Final = "#d4a017"

APP_CSS: Final = """
.wpp-app { max-width: 1280px; font-family: 'DejaVu Sans', Arial, sans-serif; font-size: 14px;
  color: #1b1b1b; box-sizing: border-box; padding: 4px; }
.wpp-app .wpp-header { align-items: baseline; gap: 12px; border-bottom: 2px solid @GOLD@;
  padding-bottom: 4px; margin-bottom: 6px; flex-wrap: wrap; }
.wpp-app .wpp-brand { font-size: 20px; font-weight: bold; color: #0d2b45; white-space: nowrap; }
.wpp-app .wpp-status { flex: 1 1 300px; font-size: 15px; }
.wpp-app .wpp-body { flex-flow: row wrap; align-items: flex-start; gap: 10px; }
.wpp-app .wpp-menu { flex: 0 0 172px; width: 172px; background: #f4f1e8;
  border: 1px solid #d9d2bd; border-radius: 8px; padding: 6px; gap: 2px; }
.wpp-app .wpp-menu-label { font-size: 13px; color: #333; }
.wpp-app .wpp-menu-title { font-weight: bold; color: #0d2b45; margin-bottom: 2px; }
.wpp-app .wpp-menu .widget-button { height: 26px; margin: 1px 0; font-size: 13px; }
.wpp-app .wpp-menu .widget-text, .wpp-app .wpp-menu .widget-dropdown { margin: 1px 0; }
.wpp-app .wpp-menu .widget-label { min-width: 52px; width: 52px; }
.wpp-app .wpp-menu .widget-checkbox { height: 24px; margin: 0; }
.wpp-app .wpp-center { flex: 100 1 520px; min-width: 0; gap: 6px; }
.wpp-app .wpp-side { flex: 1 1 400px; min-width: 300px; max-width: 470px; gap: 6px; }
.wpp-app .wpp-hand { background: #2e7d4f; border-radius: 10px; padding: 6px 8px 8px 8px;
  min-height: 98px; }
.wpp-app .wpp-hand.wpp-active { box-shadow: 0 0 0 3px @TEAL@; }
.wpp-app .wpp-hand-title { color: #fff; font-weight: bold; }
.wpp-app .wpp-hand-row { gap: 2px; padding-top: 14px; min-height: 66px; }
.wpp-app .wpp-hand-row > .widget-button, .wpp-app .wpp-pile-row > .widget-button { margin: 0; }
.wpp-app .wpp-table { background: #e8f3ec; border: 1px solid #b9d8c4; border-radius: 10px;
  padding: 6px 10px; }
.wpp-app .wpp-table .widget-html-content, .wpp-app .wpp-explain .widget-html-content,
.wpp-app .wpp-log .widget-html-content, .wpp-app .wpp-msg .widget-html-content,
.wpp-app .wpp-status .widget-html-content, .wpp-app .wpp-selinfo .widget-html-content {
  line-height: 1.35; white-space: normal; }
.wpp-app .wpp-arrow { color: @TEAL@; font-size: 16px; }
.wpp-app .wpp-arrow b { color: @TEAL@; }
.wpp-app .wpp-play { min-height: 82px; margin: 4px 0; }
.wpp-app .wpp-empty-table { height: 20px; }
.wpp-app .wpp-play-words { font-size: 15px; }
.wpp-app .wpp-mode, .wpp-app .wpp-counts, .wpp-app .wpp-muted { color: #555; font-size: 13px; }
.wpp-app .wpp-row { display: inline-flex; gap: 3px; vertical-align: middle; flex-wrap: wrap; }
.wpp-app .wpp-pic { display: inline-block; }
.wpp-app .wpp-trick { margin-top: 6px; border-top: 1px dashed #b9d8c4; padding-top: 4px; }
.wpp-app .wpp-trick-title { font-weight: bold; font-size: 13px; }
.wpp-app .wpp-trick-play { display: flex; gap: 8px; align-items: center; margin: 2px 0;
  font-size: 13px; }
.wpp-app .wpp-actions { gap: 6px; min-height: 34px; }
.wpp-app .widget-button.wpp-action { background: #111; color: @GOLD@;
  border: 2px solid @GOLD@; border-radius: 6px; font-weight: bold; height: 32px;
  padding: 0 14px; width: auto; }
.wpp-app .widget-button.wpp-action:hover { background: #333; }
.wpp-app .widget-button.wpp-act-concede { background: #5a1a1a; }
.wpp-app .wpp-action-note { color: #444; }
.wpp-app .wpp-msg { color: #a11; font-weight: bold; }
.wpp-app .wpp-msg .wpp-info { color: #0d2b45; font-weight: normal; }
.wpp-app .wpp-selinfo { color: #333; min-height: 20px; }
.wpp-app .wpp-pile { background: #f4f1e8; border: 1px solid #d9d2bd; border-radius: 8px;
  padding: 6px; }
.wpp-app .wpp-pile-row { gap: 3px; padding-top: 4px; }
.wpp-app .wpp-side-title, .wpp-app .wpp-panel-title { font-weight: bold; color: #0d2b45; }
.wpp-app .widget-html > .widget-html-content { line-height: 1.35; white-space: normal; }
.wpp-app .wpp-explain { max-height: 420px; overflow-y: auto; border: 1px solid #ddd;
  border-radius: 8px; padding: 0 6px; }
.wpp-app .wpp-explain:empty { display: none; }
.wpp-app .wpp-expl-head { font-weight: bold; margin: 4px 0; }
.wpp-app .wpp-steps { padding-left: 4px; margin: 0; list-style: none; }
.wpp-app .wpp-step { margin: 4px 0 8px 0; }
.wpp-app .wpp-step-title { font-weight: bold; font-size: 13px; }
.wpp-app .wpp-verdict { color: #0d5c2e; font-size: 13px; }
.wpp-app .wpp-note { color: #555; font-size: 12px; }
.wpp-app .wpp-cands table { border-collapse: collapse; font-size: 12px; margin: 2px 0; }
.wpp-app .wpp-cands th, .wpp-app .wpp-cands td { border: 1px solid #ddd; padding: 1px 4px;
  text-align: left; vertical-align: middle; }
.wpp-app .wpp-cands tr.wpp-chosen td { background: #fff3c4; font-weight: bold; }
.wpp-app .wpp-rules p { margin: 4px 0; font-size: 13px; }
.wpp-app .wpp-log { font-size: 12px; color: #333; max-height: 220px; overflow-y: auto; }
.wpp-app .wpp-log ol { margin: 0; padding-left: 26px; }
.wpp-app .widget-button.wpp-side-button { width: auto; flex: 1 1 auto; }
.wpp-app .widget-button.wpp-reveal { background: @TEAL@; color: #fff; height: 36px;
  font-weight: bold; width: auto; }
.wpp-app .wpp-explain .wpp-cands { overflow-x: auto; max-width: 100%; }
.wpp-app .wpp-explain { overflow-x: hidden; overflow-wrap: break-word; }
.wpp-app .wpp-actions.wpp-empty { min-height: 0; padding: 0; }
.wpp-app, .wpp-app .wpp-body, .wpp-app .wpp-center, .jp-OutputArea:has(.wpp-app),
.jp-OutputArea-child:has(.wpp-app), .jp-OutputArea-output:has(.wpp-app) {
  overflow: visible !important; }
.wpp-app .wpp-dock { position: sticky; bottom: 0; z-index: 5; background: #fffdf6;
  padding: 2px 0; box-shadow: 0 -4px 6px -4px rgba(0,0,0,.2); }
.wpp-app .wpp-dock.wpp-empty { position: static; background: transparent; box-shadow: none; }
.wpp-app .wpp-dock .widget-html:empty, .wpp-app .wpp-dock .wpp-selinfo:empty { display: none; }
.wpp-app .wpp-side > *, .wpp-app .wpp-explain, .wpp-app .wpp-explain .widget-html-content {
  min-width: 0; max-width: 100%; }
.wpp-app .wpp-explain .wpp-row { display: inline-flex; flex-wrap: wrap; max-width: 100%; }
.wpp-app .wpp-explain .wpp-cands table { max-width: 100%; }
.wpp-app .wpp-confirm { align-items: center; gap: 8px; background: #fff3c4;
  border: 1px solid @GOLD@; border-radius: 6px; padding: 4px 8px; flex-wrap: wrap; }
.wpp-app .wpp-banner { align-items: center; gap: 10px; flex-wrap: wrap; background: #0d2b45;
  color: #fff; border-radius: 8px; padding: 8px 12px; border: 2px solid @GOLD@; }
.wpp-app .wpp-banner .widget-html-content { color: #fff; }
.wpp-app .wpp-banner-head { font-size: 22px; font-weight: bold; color: @GOLD@; }
.wpp-app .wpp-banner-game { font-size: 15px; font-weight: bold; }
.wpp-app .wpp-score { font-size: 13px; }
.wpp-app .widget-button.wpp-banner-new, .wpp-app .widget-button.wpp-banner-replay,
.wpp-app .widget-button.wpp-banner-review { width: auto; font-weight: bold; }
.wpp-app .widget-button.wpp-banner-new { background: @GOLD@; color: #0d2b45; }
.wpp-app .wpp-practice-mark { background: #b9590b; color: #fff; font-weight: bold;
  padding: 2px 8px; border-radius: 4px; white-space: nowrap; }
.wpp-app.wpp-practice .wpp-header { border-bottom-color: #b9590b; }
.wpp-app .wpp-hint-agent { width: auto; flex: 1 1 100%; min-width: 0; max-width: 100%; }
.wpp-app .wpp-hint-agent select { width: auto; flex: 1 1 auto; min-width: 0; max-width: 100%;
  text-overflow: ellipsis; }
/* No scroll anchor in the side column or the options: a panel opened above the game log (on
   a phone, the log on the screen) made the browser keep the log in place, scrolling the hand
   off the screen (WarPairsPoker's Hint jumped 430 px). */
.wpp-app .wpp-side, .wpp-app .wpp-menu { overflow-anchor: none; }
/* The chosen AI's whole words, under the dropdown (its closed box cuts them). */
.wpp-app .wpp-hint-about { margin: -2px 0 0 0; }
.wpp-app .wpp-hint-about .widget-html-content { white-space: normal; line-height: 1.3;
  font-size: 13px; color: #555; }
@keyframes wpp-flash { 0% { box-shadow: 0 0 0 4px @GOLD@; } 100% { box-shadow: none; } }
.wpp-app .wpp-play.wpp-fresh .wpp-pic { animation: wpp-flash 1.6s ease-out 1; border-radius: 6px; }
.wpp-app .widget-button.wpp-card.wpp-new { animation: wpp-flash 1.6s ease-out 1;
  border-color: @GOLD@; }
@media (max-width: 900px) {
  .wpp-app .wpp-menu { flex: 1 1 100%; width: auto; flex-flow: row wrap; }
  .wpp-app .wpp-menu > * { width: auto !important; flex: 0 1 auto; }
  .wpp-app .wpp-menu .widget-button { width: auto !important; padding: 0 8px; }
  .wpp-app .wpp-menu .widget-checkbox { margin-right: 10px; }
  .wpp-app .wpp-menu .wpp-menu-label { margin-left: 6px; }
  .wpp-app .wpp-side { max-width: none; min-width: 0; }
  .wpp-app .wpp-side, .wpp-app .wpp-center { flex: 1 1 100%; }
  /* On a phone the panel grows with its reasons (a box of its own that scrolled inside the
     scrolling page cut Why?'s table), and its tables wrap their words to the width. */
  .wpp-app .wpp-explain { max-height: none; overflow-y: visible; }
  .wpp-app .wpp-explain .wpp-cands table { width: 100%; }
  .wpp-app .wpp-explain .wpp-cands th, .wpp-app .wpp-explain .wpp-cands td {
    white-space: normal; overflow-wrap: break-word; padding: 1px 2px; }
  .wpp-app .wpp-explain .wpp-cands td .wpp-row { flex-wrap: wrap; }
}
""".replace("@TEAL@", TEAL).replace("@GOLD@", GOLD)

#: Less motion when the browser asks for it: the page's flashes (a drawn card, a fresh play,
#: the last move) stop; what they mark stays visible by its colour.
CALM_CSS: Final = """
@media (prefers-reduced-motion: reduce) {
  .wpp-app .wpp-play.wpp-fresh .wpp-pic, .wpp-app .widget-button.wpp-card.wpp-new,
  .wpp-app .wpp-last-move .wpp-last-words { animation: none; }
}
"""

#: The whole stylesheet, ready to put in an ``HTML`` widget.
STYLE_HTML: Final = (f"<style>{APP_CSS}\n{CARD_CSS}\n{LAST_MOVE_CSS}\n{CELEBRATE_CSS}\n"
                     f"{HOW_TO_PLAY_CSS}\n{LOG_CSS}\n{CALM_CSS}</style>")
