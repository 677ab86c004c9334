"""What the browser tests of the games' pages (the shared GamePage on each game's board; a
game's page notebook found by :func:`page_name`) do in Chromium, the same for each game:
serve the game's notebook, play a whole game as a person would with Hint (Shift+H) and its
move confirmed with Enter, Why? opened, the banner read, the page reloaded mid-game and the
game continued, the seed off the page until the game ends; and the page at phone size with no
control outside the viewport. Screenshots go to ``artifacts/<game>/`` (ignored by git) to be
looked at.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from widgets.site import serve
from wpp.core.registry import game_def

WAIT = 60_000  # ms

#: Every visible control's left and right edges (the phone check).
_CONTROLS = """() => Array.from(document.querySelectorAll(
    '.wpp-app button, .wpp-app input, .wpp-app select, .wpp-app textarea'))
  .filter(e => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect();
              return [r.left, r.right, e.tagName === 'BUTTON' ? r.width : 99,
                      (e.textContent || e.title || e.className).trim().slice(0, 40)]; })"""


def page_name(game: str) -> str:
    """The name of registered ``game``'s page notebook (``notebooks/<name>.ipynb``:
    WarPairsPoker's is ``play``), from its definition's ``page``; a game without a page is
    the test's failure, naming it."""
    page = game_def(game).page
    assert page, f"the game {game!r} declares no page (its GameDef's page)"
    return Path(page).stem


def shots(game: str) -> Path:
    folder = serve.ROOT / "artifacts" / game
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def served(browser: Any, game: str, seed: int, *, height: int = 800) -> Iterator[Any]:
    """The page ``notebooks/<game>.ipynb`` (a game's page: :func:`page_name`; ``"play"`` is
    WarPairsPoker's), its first deal ``seed``, the computer without a pause, games kept in a
    store of the test's own."""
    with tempfile.TemporaryDirectory() as folder:
        env = {"WPP_SEED": str(seed), "WPP_AI_DELAY": "0",
               "WPP_ROOMS": str(Path(folder) / "rooms.sqlite3")}
        with serve.opened_page(browser, f"notebooks/{game}.ipynb",
                               shots(game) / f"voila-{game}.log", height=height,
                               extra_env=env) as pg:
            pg.on("dialog", lambda d: d.accept())  # "leave the game?" on reload
            pg.wait_for_selector(".wpp-page", timeout=WAIT)
            yield pg


def settled(pg: Any) -> str:
    """Wait until it is the person's turn or the game is over; which one."""
    from playwright.sync_api import expect

    turn = pg.get_by_text(re.compile(r"^Your turn"))
    over = pg.locator(".wpp-banner .wpp-banner-head")
    expect(turn.or_(over).first).to_be_visible(timeout=WAIT)
    pg.wait_for_timeout(300)  # a move's last updates (the banner) may still be arriving
    return "over" if over.is_visible() else "turn"


def log_text(pg: Any) -> str:
    return str(pg.locator(".wpp-log").inner_text())


def hint(pg: Any) -> bool:
    """Shift+H: Hint selects its move on the board (pressed again if the kernel was still
    drawing the turn: "a hint is for the player to act")."""
    from playwright.sync_api import expect

    msg = pg.locator(".wpp-msg")
    for _ in range(3):
        pg.keyboard.press("Shift+H")
        expect(msg.get_by_text(re.compile("selected for you|Refused"))).to_be_visible(
            timeout=WAIT)
        if "selected for you" in msg.inner_text():
            return True
        pg.wait_for_timeout(1000)
        if settled(pg) == "over":  # the last move's updates were still arriving
            return False
    expect(msg).to_contain_text("selected for you", timeout=WAIT)
    return True


def reload_and_continue(pg: Any) -> None:
    """Reload the page (its address carries the game's key): the same game must be there,
    every move of it in the log."""
    from playwright.sync_api import expect

    kept = pg.locator(".wpp-log li").all_inner_texts()
    assert kept, "reload mid-game: some move has been played"
    expect(pg).to_have_url(re.compile(r"key="), timeout=WAIT)
    url = pg.url
    pg.reload()
    pg.wait_for_function("() => !document.querySelector('#loading')", timeout=WAIT)
    pg.wait_for_selector(".wpp-page", timeout=WAIT)
    assert pg.url == url
    pg.wait_for_selector(".wpp-page-address [data-query]", state="attached", timeout=WAIT)
    pg.wait_for_timeout(1000)  # the kernel's first refresh after the page's first paint
    expect(pg.locator(".wpp-log li")).to_have_text(kept, timeout=WAIT)


#: What the page says of itself when its Why? panel closed under the test: was the page
#: reloaded (its marker gone, how it was navigated to), is the "engine stopped" bar up.
_PAGE_STATE = """() => ({marker: window.__wppWhyMarker === 1,
  navigation: (performance.getEntriesByType('navigation')[0] || {}).type || '?',
  stopped: !!document.querySelector('.wpp-engine-stopped'),
  message: (document.querySelector('.wpp-msg') || {}).innerText || ''})"""


def why_text(pg: Any, game: str) -> str:
    """Open Why? and return the side panel's text once it shows the computer's reasons.

    If the panel is found closed right after it showed them (seen once in CI under load:
    the reasons appeared, then the panel read closed), the page's own account is gathered —
    was the page reloaded under the test, is the "engine stopped" bar up, the page's message
    line, the server's kernel lines — printed, and Why? is opened once more: the reasons must
    then be there (the test fails otherwise, with that account)."""
    from playwright.sync_api import expect

    title = "Why the computer did that"
    panel = pg.locator(".wpp-side")
    accounts: list[str] = []
    for _attempt in range(2):
        pg.evaluate("() => { window.__wppWhyMarker = 1; }")
        button = pg.get_by_role("button", name=re.compile(r"^Why\?")).first
        if title not in panel.inner_text():
            button.click()
        expect(panel).to_contain_text(title, timeout=WAIT)
        text = str(panel.inner_text())
        if title in text:
            pg.screenshot(path=str(shots(game) / f"{game}_why.png"), full_page=True)
            if accounts:
                print(f"why_text({game}): the panel closed once under the test: {accounts}")
            return text
        log = shots(game) / f"voila-{game}.log"
        kernels = [line.strip()[:120] for line in (log.read_text(errors="replace").splitlines()
                                                   if log.exists() else [])
                   if "Kernel" in line or "kernel" in line][-12:]
        accounts.append(f"page: {pg.evaluate(_PAGE_STATE)}; panel: {text[:200]!r}; "
                        f"server: {kernels}")
    raise AssertionError(f"Why? would not stay open: {accounts}")


def play_with_hints(pg: Any, game: str, seed: int, *, reload_after: int = 2,
                    limit: int = 200) -> dict[str, Any]:
    """Play to the end: each turn Shift+H (Hint selects a move on the board) and Enter;
    Why? opened once; the page reloaded after ``reload_after`` moves (the game must go on
    where it was; 0: before the person's first move). Returns what was seen."""
    from playwright.sync_api import expect

    seen: dict[str, Any] = {"moves": 0, "reloaded": False, "why": ""}
    for _ in range(limit):
        if settled(pg) == "over":
            break
        if seen["moves"] == reload_after and not seen["reloaded"]:
            reload_and_continue(pg)  # Why? is opened after it: a reloaded game explains too
            seen["reloaded"] = True
            if settled(pg) == "over":
                break
        html = pg.content()
        assert "wpp-seed-shown" not in html and f"Seed {seed}" not in html, \
            "the seed is on the page during the game"
        if not seen["why"]:
            seen["why"] = why_text(pg, game)
        before = log_text(pg)
        if not hint(pg):
            break
        if seen["moves"] == 0:
            pg.screenshot(path=str(shots(game) / f"{game}_hint.png"), full_page=True)
        pg.keyboard.press("Enter")
        expect(pg.locator(".wpp-log")).not_to_have_text(before, timeout=WAIT)
        seen["moves"] += 1
    assert settled(pg) == "over", "the game did not end"
    banner = pg.locator(".wpp-banner")
    seen["banner"] = banner.inner_text()
    assert "Session" in seen["banner"]
    # The seed once the game is over: the Seed box's grey hint, not the headline.
    expect(pg.locator(".wpp-seed input")).to_have_attribute("placeholder", f"this game: {seed}")
    pg.screenshot(path=str(shots(game) / f"{game}_over.png"), full_page=True)
    return seen


#: What does not fit a phone, as a list of faults (empty: it fits). Looked at: every visible
#: control (button, input, select, textarea, card) and table — its box inside the viewport's
#: width, a button or card at least 44 px each way (a finger's tap); every element whose
#: content is wider than its box (scrollWidth > clientWidth) must be a deliberate scroll box
#: (overflow-x auto or scroll), and nothing may clip its content (overflow hidden / clip in
#: either direction with content beyond); no word of a table or of the review's list broken
#: across lines ("Comput|er").
_PHONE_FAULTS = """(width) => {
  const faults = [];
  const app = document.querySelector('.wpp-app');
  const shown = e => e.getClientRects().length > 0
      && getComputedStyle(e).visibility !== 'hidden';
  const name = e => ((e.innerText || e.title || e.getAttribute('aria-label') || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 30) + ' <' + e.tagName.toLowerCase() + '.'
      + String(e.className).split(' ').slice(0, 3).join('.') + '>');
  const scrollsX = e => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
  const inScrollBox = e => { for (let a = e.parentElement; a && a !== app; a = a.parentElement) {
    if (scrollsX(a) && a.scrollWidth > a.clientWidth + 1) { return true; } } return false; };
  const sel = 'button, input, select, textarea, .wpp-card, table';
  for (const e of app.querySelectorAll(sel)) {
    if (!shown(e)) { continue; }
    const r = e.getBoundingClientRect();
    // inside a scroll box, a control is reached by scrolling it (the box itself is checked)
    if ((r.left < -0.5 || r.right > width + 0.5) && !inScrollBox(e)) {
      faults.push('off-screen ' + Math.round(r.left) + '..' + Math.round(r.right) + ': '
                  + name(e));
    }
    const tap = (e.tagName === 'BUTTON' || e.classList.contains('wpp-card'))
        && !e.disabled && getComputedStyle(e).pointerEvents !== 'none';
    if (tap && (r.width < 43.5 || r.height < 43.5)) {
      faults.push('tap target ' + Math.round(r.width) + 'x' + Math.round(r.height) + ': '
                  + name(e));
    }
  }
  for (const e of app.querySelectorAll('*')) {
    if (!shown(e) || e.tagName === 'OPTION') { continue; }
    const cs = getComputedStyle(e);
    const scrollX = ['auto', 'scroll'].includes(cs.overflowX);
    if (e.scrollWidth > e.clientWidth + 1 && !scrollX && e.clientWidth > 0) {
      faults.push('too wide ' + e.scrollWidth + '>' + e.clientWidth + ' (' + cs.overflowX
                  + '): ' + name(e));
    }
    if (e.scrollWidth > e.clientWidth + 1 && scrollX && e.clientWidth > 0) {
      // a deliberate scroll box: on the screen, and one the page gives scrollbars that show
      // (a table or .wpp-scroll; headless Chromium hides every scrollbar, so their pixels
      // cannot be measured here)
      const r = e.getBoundingClientRect();
      const own = e.tagName === 'TABLE' || e.classList.contains('wpp-scroll');
      if (r.left < -0.5 || r.right > width + 0.5 || !own) {
        faults.push('scroll box ' + Math.round(r.left) + '..' + Math.round(r.right)
                    + (own ? '' : ' without scrollbars of its own') + ': ' + name(e));
      }
    }
    if (['hidden', 'clip'].includes(cs.overflowY) && e.scrollHeight > e.clientHeight + 1
        && e.clientHeight > 0 && !['SELECT', 'INPUT', 'TEXTAREA', 'BUTTON'].includes(e.tagName)
        && !e.closest('button')) {
      faults.push('clipped ' + e.scrollHeight + '>' + e.clientHeight + ': ' + name(e));
    }
  }
  const words = app.querySelectorAll('table td, table th, .wpp-review-rows label');
  for (const cell of words) {
    if (!shown(cell)) { continue; }
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const re = /[^\\s-]+/g;  // a line may break after a hyphen (King-|Eight)
      let m;
      while ((m = re.exec(t.data)) !== null) {
        const range = document.createRange();
        range.setStart(t, m.index);
        range.setEnd(t, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(x => Math.round(x.top)));
        if (tops.size > 1) { faults.push('word broken: ' + m[0] + ' in ' + name(cell)); }
      }
    }
  }
  return faults;
}"""


def phone_faults(pg: Any, width: int = 390) -> list[str]:
    """What does not fit the phone on ``pg`` now (see ``_PHONE_FAULTS``)."""
    return list(pg.evaluate(_PHONE_FAULTS, width))


def rules_in_view(pg: Any, game: str, tag: str) -> None:
    """"Rules & keys" opens the rules and the keys where they can be read: its panel comes
    into the viewport (on a phone the panel is above the button, off-screen, and seemed to
    do nothing); clicked again, it closes."""
    from playwright.sync_api import expect

    button = pg.locator(".wpp-opt-rules")
    button.scroll_into_view_if_needed()
    button.click()
    keys = pg.locator(".wpp-side .wpp-keys")
    expect(keys).to_be_visible(timeout=WAIT)
    pg.wait_for_function("""() => { const r = document.querySelector('.wpp-side .wpp-keys')
        .closest('.wpp-explain, .wpp-side').getBoundingClientRect();
        return r.top >= -1 && r.top < innerHeight - 40; }""", timeout=WAIT)
    pg.screenshot(path=str(player_shots() / f"{game}_{tag}_rules.png"))
    assert "Shift+H" in keys.inner_text()
    button.scroll_into_view_if_needed()
    button.click()
    expect(keys).to_have_count(0, timeout=WAIT)


def player_shots() -> Path:
    """Where the player walk-through's screenshots go (``artifacts/player/``, ignored)."""
    folder = serve.ROOT / "artifacts" / "player"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def phone_check(browser: Any, url: str, game: str) -> list[Any]:
    """The page at 390×844, a new game: a screenshot, every control inside the viewport's
    width and big enough to tap, nothing clipped, no word broken (:func:`phone_faults`), and
    "Rules & keys" brought into view (:func:`rules_in_view`). Returns the controls found
    (left, right, width, name)."""
    pg = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        pg.on("dialog", lambda d: d.accept())
        pg.goto(url.split("?")[0])
        pg.wait_for_function("() => !document.querySelector('#loading')", timeout=WAIT)
        pg.wait_for_selector(".wpp-page", timeout=WAIT)
        settled(pg)
        pg.screenshot(path=str(shots(game) / f"{game}_phone.png"), full_page=True)
        pg.screenshot(path=str(player_shots() / f"{game}_phone.png"), full_page=True)
        controls = pg.evaluate(_CONTROLS)
        # outside the width, or a button squeezed (Pairs' "New game" was 20 px wide)
        outside = [c for c in controls if c[0] < -0.5 or c[1] > 390.5 or c[2] < 24]
        assert not outside, f"controls outside a 390 px viewport (or squeezed): {outside}"
        assert len(controls) > 5
        faults = phone_faults(pg)
        assert not faults, f"{game} at 390x844: {faults[:8]}"
        rules_in_view(pg, game, "phone")
        return list(controls)
    finally:
        pg.close()


def fits_a_phone_now(pg: Any, game: str, tag: str) -> None:
    """The page as it is now (the game over: OFC's score table; or the computer's review
    with a row chosen: its list), at 390×844: nothing off-screen or clipped, no word broken
    (the review's list was cut off at the right, OFC's score table broke "Comput|er"); then
    back to the page's own size. Screenshot ``artifacts/player/<game>_phone_<tag>.png``."""
    size = pg.viewport_size
    pg.set_viewport_size({"width": 390, "height": 844})
    try:
        pg.wait_for_timeout(500)
        pg.screenshot(path=str(player_shots() / f"{game}_phone_{tag}.png"), full_page=True)
        # Voilà scrolls inside its own box: a screenshot of each part, scrolled to
        for part in ("wpp-center", "wpp-side"):
            pg.locator(f".{part}").first.evaluate("e => e.scrollIntoView({block: 'start'})")
            pg.screenshot(path=str(player_shots() / f"{game}_phone_{tag}_{part[4:]}.png"))
        faults = phone_faults(pg)
        assert not faults, f"{game} ({tag}) at 390x844: {faults[:8]}"
    finally:
        pg.set_viewport_size(size)


def new_game_after_a_review_row(pg: Any, game: str) -> None:
    """After a review row (the board at that move, read-only), New game deals a live board:
    it is the person's turn, Hint selects a move and Enter plays it (the old board stayed,
    with no usable control, until Hint or a reload)."""
    from playwright.sync_api import expect

    assert "you played" in pg.locator(".wpp-side").inner_text(), "a review row is shown"
    pg.locator(".wpp-opt-new").click()
    expect(pg.locator(".wpp-banner .wpp-banner-head")).to_be_hidden(timeout=WAIT)
    assert settled(pg) == "turn"
    expect(pg.locator(".wpp-side")).not_to_contain_text("you played", timeout=WAIT)
    pg.screenshot(path=str(player_shots() / f"{game}_new_after_review.png"), full_page=True)
    before = log_text(pg)
    # Enter with nothing chosen yet: no move, but a note that says why (the key script
    # clicked the page's "why not" button; OFC's, draw's and Pokeros' Enter said nothing)
    pg.keyboard.press("Enter")
    expect(pg.locator(".wpp-msg")).not_to_have_text("", timeout=WAIT)
    assert log_text(pg) == before
    pg.screenshot(path=str(player_shots() / f"{game}_enter_says_why.png"))
    assert hint(pg)
    pg.keyboard.press("Enter")
    expect(pg.locator(".wpp-log")).not_to_have_text(before, timeout=WAIT)
    assert "Refused" not in pg.locator(".wpp-msg").inner_text()


def review_with_the_computer(pg: Any, game: str) -> dict[str, Any]:
    """After the game: "Review with the computer" — the progress bar, then the note (how many
    decisions, judged from what the person could know), the chart and the list; choosing a
    decision (a mistake if there is one) shows the board at that move with the person's
    choice and the verdict. Returns what was seen; screenshots ``<game>_review*.png``."""
    from playwright.sync_api import expect

    assert settled(pg) == "over", "the review is offered after the game"
    pg.click(".wpp-banner-review")
    note = pg.locator(".wpp-review-note")
    expect(note).to_contain_text("reviewed", timeout=4 * WAIT)
    text = note.inner_text()
    found = re.search(r"(\d+) decisions? reviewed", text)
    assert found, text
    assert "what you could know" in text
    expect(pg.locator(".wpp-review-chart img")).to_be_visible(timeout=WAIT)
    options = pg.locator(".wpp-review-rows .widget-radio-box label")
    expect(options).to_have_count(int(found.group(1)), timeout=WAIT)  # the list follows
    labels = [str(t).replace("\xa0", " ") for t in options.all_inner_texts()]
    assert len(labels) == int(found.group(1)) >= 1, (labels, text)
    assert all(re.match(r"Move \d+: (best|good|inaccuracy|mistake|blunder) — you: ", t)
               for t in labels), labels
    pg.screenshot(path=str(shots(game) / f"{game}_review.png"), full_page=True)
    pick = next((i for i, t in enumerate(labels) if "better:" in t), 0)
    move = re.match(r"Move (\d+)", labels[pick])
    assert move
    options.nth(pick).click()
    side = pg.locator(".wpp-side")
    expect(side).to_contain_text(f"Move {move.group(1)}: you played", timeout=WAIT)
    if "better:" in labels[pick]:
        expect(side).to_contain_text("better:", timeout=WAIT)
    pg.screenshot(path=str(shots(game) / f"{game}_review_row.png"), full_page=True)
    return {"note": text, "rows": labels, "side": side.inner_text()}
