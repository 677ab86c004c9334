"""A player's record that lasts across visits: matches played and won, the best winning streak
of matches, and the hands (or games) inside them played and won, per game and opponent, kept
in the browser (``localStorage``) by a small script, shown on the game page with a Reset
button. Every game page plays matches, so matches are what the record counts first.

Why the browser and not the server's store: the record is the player's own, across every
visit and every page of the site, with no account and no key to carry; it costs the server
nothing and leaves with the browser's data when the player clears it. The kernel only
*tells* the browser each finished scored game (a hidden element, :func:`feed_html`, which the
script reads, as the address script reads the page's key); it never reads the record back,
so nothing the browser holds can change a score, a match or a game. Practice games are never
told. Each game is told under its identity and counted once, so a reload (which shows the
finished game again) does not count it twice, nor after a Reset.

>>> "wpp-stats" in stats_html("draw") and 'data-game="draw"' in stats_html("draw")
True
>>> feed_html([{"game": "draw", "opponent": "<b>", "id": "x", "result": "win"}])
'<span data-stats="[{&quot;game&quot;: &quot;draw&quot;, &quot;opponent&quot;: \
&quot;&lt;b&gt;&quot;, &quot;id&quot;: &quot;x&quot;, &quot;result&quot;: &quot;win&quot;}]">\
</span>'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape
from typing import Final

__all__ = ["STATS_CSS", "feed_html", "stats_html", "stats_script_html"]

#: The localStorage key (versioned: a later format can start afresh).
STORAGE_KEY: Final = "wpp-stats-v1"

STATS_CSS: Final = """
.wpp-app .wpp-stats .wpp-stats-row { margin: 2px 0 4px; font-size: 13px; }
.wpp-app .wpp-stats button { min-height: 44px; min-width: 44px; }
"""

_SCRIPT: Final = """
(function () {
  if (window.__wppStats) { return; }
  window.__wppStats = true;
  var KEY = '@KEY@';
  function load() {
    try {
      var s = JSON.parse(localStorage.getItem(KEY) || '{}');
      if (typeof s !== 'object' || s === null) { s = {}; }
      if (typeof s.games !== 'object' || s.games === null) { s.games = {}; }
      if (!Array.isArray(s.seen)) { s.seen = []; }
      return s;
    } catch (e) { return {games: {}, seen: []}; }
  }
  function save(s) { try { localStorage.setItem(KEY, JSON.stringify(s)); } catch (e) {} }
  function row(g, name) {
    var o = g[name] = g[name] || {};
    // A row kept before matches were counted held hands under "games": they stay hands.
    if (typeof o.hands !== 'number') {
      o.hands = o.games || 0; o.handWins = o.wins || 0;
      o.games = 0; o.wins = 0; o.streak = 0; o.best = 0;
    }
    return o;
  }
  function count(s, item) {
    if (!item || typeof item.id !== 'string' || s.seen.indexOf(item.id) >= 0) { return; }
    s.seen.push(item.id);
    if (s.seen.length > 500) { s.seen = s.seen.slice(-500); }
    var g = s.games[item.game] = s.games[item.game] || {};
    var o = row(g, item.opponent);
    o.unit = item.unit === 'hand' ? 'hand' : 'game';
    o.hands += 1;
    if (item.result === 'win') { o.handWins += 1; }
    if (!item.match) { return; }
    o.games += 1;   // matches: what the page plays, and what a player counts
    if (item.match === 'win') {
      o.wins += 1; o.streak += 1; o.best = Math.max(o.best, o.streak);
    } else { o.streak = 0; }
  }
  function render(el, s) {
    var game = el.getAttribute('data-game');
    var rows = s.games[game] || {};
    var stamp = JSON.stringify(rows);
    if (el.getAttribute('data-shown') === stamp && el.firstChild) { return; }
    el.setAttribute('data-shown', stamp);
    el.textContent = '';
    var title = document.createElement('div');
    title.className = 'wpp-menu-title';
    title.textContent = 'Your record in this browser';
    el.appendChild(title);
    var names = Object.keys(rows).sort();
    if (!names.length) {
      var none = document.createElement('div');
      none.className = 'wpp-stats-empty';
      none.textContent = 'Nothing yet: every finished match against the computer counts ' +
        'here, and each of its hands or games (practice games do not).';
      el.appendChild(none);
      return;
    }
    names.forEach(function (name) {
      var o = row({x: rows[name]}, 'x'), line = document.createElement('div');
      var unit = o.unit || 'game';
      line.className = 'wpp-stats-row';
      line.setAttribute('data-games', o.games);
      line.setAttribute('data-wins', o.wins);
      line.setAttribute('data-best', o.best);
      line.setAttribute('data-hands', o.hands);
      line.setAttribute('data-hand-wins', o.handWins);
      var who = document.createElement('b');
      who.textContent = name;
      line.appendChild(who);
      line.appendChild(document.createTextNode(': ' + o.games + ' match' +
        (o.games === 1 ? '' : 'es') + ' · ' + o.wins + ' won · best streak ' + o.best +
        ' (' + o.hands + ' ' + unit + (o.hands === 1 ? '' : 's') + ', ' + o.handWins +
        ' won)'));
      el.appendChild(line);
    });
    var reset = document.createElement('button');
    reset.className = 'wpp-stats-reset';
    reset.textContent = 'Reset';
    reset.title = 'forget this game\\'s record in this browser';
    reset.addEventListener('click', function () {
      var now = load(); delete now.games[game]; save(now); render(el, now);
    });
    el.appendChild(reset);
  }
  setInterval(function () {
    var s = load(), changed = false;
    document.querySelectorAll('.wpp-stats-feed [data-stats]').forEach(function (f) {
      var items = [];
      try { items = JSON.parse(f.getAttribute('data-stats') || '[]'); } catch (e) {}
      if (!Array.isArray(items)) { return; }
      items.forEach(function (item) {
        var before = s.seen.length;
        count(s, item);
        changed = changed || s.seen.length !== before;
      });
    });
    if (changed) { save(s); }
    document.querySelectorAll('.wpp-stats[data-game]').forEach(function (el) {
      render(el, s);
    });
  }, 250);
})();
""".replace("@KEY@", STORAGE_KEY)


def stats_script_html() -> str:
    """The script that keeps and shows the record (shown once per page)."""
    return f"<script>{_SCRIPT}</script>"


def stats_html(game: str) -> str:
    """The place the script draws ``game``'s record in (with its Reset button)."""
    return f'<div class="wpp-stats" data-game="{escape(game)}"></div>'


def feed_html(items: Sequence[Mapping[str, str]]) -> str:
    """The hidden element that tells the script the last finished scored games (each: game,
    opponent, id, result ``win``/``draw``/``loss`` of that hand or game, ``unit`` "hand" or
    "game", and on the one that ended a match ``match``, the match's result). Every page
    plays matches, so the record counts matches as a player does (a walk-through read
    "5 games · 2 won" after one match of five hands) and the hands beside them."""
    return f'<span data-stats="{escape(json.dumps(list(map(dict, items))))}"></span>'
