"""The Pokeros page without a browser: clicks, preview, the computer's answer, hidden cards."""

from __future__ import annotations

from widgets.games.pokeros.page import PokerosPage, page_text


def _hidden_names(page: PokerosPage) -> list[str]:
    state = page.session.history.state
    return [str(c) for c in (*state.stashes[1 - page.you], *state.deck)]


def test_select_preview_place_and_the_computer_answers() -> None:
    page = PokerosPage(seed=5)
    view = page.view
    assert page.lit_cells() == []
    page.select(view.stash[1])
    assert page.lit_cells() == view.legal_cells()
    cell = view.legal_cells()[0]
    page.click_cell(cell)
    assert page.target == cell and "would score" in page.preview.value
    assert len(page.session.history.actions) == 0           # a preview changes nothing
    page.click_cell(cell)
    h = page.session.history
    assert len(h.actions) == 2 and h.actions[0].card == view.stash[1]
    page.undo()
    assert len(page.session.history.actions) == 0


def test_a_whole_game_never_shows_the_computers_cards_and_ends_with_a_banner() -> None:
    page = PokerosPage(seed=9, you_first=False)
    assert len(page.session.history.actions) == 1            # the computer opened
    while not page.view.over:
        text = page_text(page)
        for name in _hidden_names(page):
            assert name not in text
        page.why()
        text = page_text(page)
        for name in _hidden_names(page):
            assert name not in text
        page.select(page.view.stash[-1])
        cell = page.lit_cells()[-1]
        page.click_cell(cell)
        page.place()
    assert "Game over" in page.banner.value and page.banner.layout.display is None
    a, b = page.view.scores
    assert f"{page.view.scores[page.you]} to {page.view.scores[1 - page.you]}" in page.banner.value
    assert str(a) in page.summary() and str(b) in page.summary()


def test_a_cell_that_is_not_lit_is_refused_with_a_message() -> None:
    page = PokerosPage(seed=2)
    page.click_cell((1, 0))
    assert "stash first" in page.message.value
    page.select(page.view.stash[0])
    page.click_cell((9, 9))
    assert "may not go" in page.message.value and page.target is None


def test_why_during_a_game_depends_on_nothing_the_player_may_not_know() -> None:
    """Regression: Why? showed the computer's candidate table during a live game; with its
    stash cards blanked, the hands each card would make still named their ranks. During a game
    the panel must not change when the computer's private reasoning does; after it, it shows
    that reasoning."""
    from wpp.core.explain import Explanation

    page = PokerosPage(seed=9, you_first=False)
    decoy = Explanation(title="a decoy that names no public fact", steps=())
    checked = 0
    while not page.view.over:
        page.why()
        shown = page.explain.html.value
        decisions = page.session._decisions
        real = dict(decisions)
        for k, (seat, _e) in real.items():
            decisions[k] = (seat, decoy)
        page.why()
        assert page.explain.html.value == shown
        decisions.clear()
        decisions.update(real)
        checked += 1
        page.select(page.view.stash[-1])
        page.click_cell(page.lit_cells()[-1])
        page.place()
    assert checked > 5
    page.why()
    over = page.explain.html.value
    decisions = page.session._decisions
    for k, (seat, _e) in dict(decisions).items():
        decisions[k] = (seat, decoy)
    page.why()
    assert page.explain.html.value != over      # after the game, the reasoning itself shows


def test_the_grid_zooms_and_a_bad_size_is_refused() -> None:
    import pytest

    from wpp.core.errors import WppError

    page = PokerosPage(seed=4)
    page.zoom.value = "small"
    assert "pk-zoom-small" in page.gridbox._dom_classes
    page.set_zoom("large")
    assert page.zoom.value == "large"
    assert [c for c in page.gridbox._dom_classes if c.startswith("pk-zoom")] == ["pk-zoom-large"]
    with pytest.raises(WppError, match="huge"):
        page.set_zoom("huge")
    assert page.zoom.value == "large"
