"""The class view end to end: a teacher's page and students' lesson pages in Chromium, through
one Voilà server (the notebooks folder) and one store.

The teacher opens a class; a student opens lesson 3 with ``?class=CODE&name=Ana`` (joined at
once), locks in a mulligan; the teacher's page shows the answer within seconds, and a reload
of the teacher's page opens the same class (its key is in the address). The student's page
keeps its class, name and secret in its address: a reload is the same student, while
another browser asking for the name ("ana") is told it is taken. A student with a wrong code
is refused and records nothing.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Shipped
from tests.browser.test_browser_lessons import SHOTS, WAIT, expect_text, shot
from wpp.services.classroom import ClassStore

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(shipped: Shipped) -> tuple[str, Path]:
    """The server as ``make play`` starts it: every page below comes from its pools."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    return shipped.url, shipped.store


def _open(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.goto(url)
    page.wait_for_function("() => !document.querySelector('#loading')", timeout=90_000)
    return page


def test_a_class_sees_its_students_answers(browser: Any, server: tuple[str, Path]) -> None:
    from playwright.sync_api import expect

    url, store = server
    teacher = _open(browser, url + "voila/render/teacher.ipynb")
    teacher.get_by_role("button", name="Open a class").click()
    code_box = teacher.locator(".wpp-class-code")
    expect(code_box).to_have_text(re.compile(r"^[A-Z2-9]{5}$"), timeout=WAIT)
    code = code_box.inner_text().strip()
    teacher.wait_for_function("(c) => location.search.includes('class=' + c) && "
                              "location.search.includes('key=')", arg=code, timeout=WAIT)
    shot(teacher, "class_teacher_open")

    student = _open(browser, url + f"voila/render/03_the_mulligan.ipynb?class={code}&name=Ana")
    lesson = student.locator(".wpp-lesson").first
    expect_text(lesson, f"class {code} as Ana")
    for card in lesson.locator(".wpp-hand .wpp-card").all()[:3]:
        card.click()
    lesson.get_by_role("button", name="Lock in my 3 cards").click()
    expect_text(lesson, "1 answer recorded")

    expect_text(teacher.locator(".wpp-teacher"), "Lesson 3 · question mulligan")
    expect_text(teacher.locator(".wpp-teacher"), "Which 3 cards go in the pile")
    expect_text(teacher.locator(".wpp-teacher"), "1 answer")
    expect(teacher.locator("table.wpp-students")).to_contain_text("Ana", timeout=WAIT)
    shot(teacher, "class_teacher_answers")

    # The page's address keeps the name's secret (the rooms' script): a reload is Ana again.
    student.wait_for_function("() => location.search.includes('skey=')", timeout=WAIT)
    assert "class=" in student.url and "name=Ana" in student.url
    student.reload()
    student.wait_for_function("() => !document.querySelector('#loading')", timeout=90_000)
    expect_text(student.locator(".wpp-lesson").first, "1 answer recorded")
    # Another browser asking for the name, case folded: taken.
    context = browser.new_context()
    try:
        other = context.new_page()
        other.goto(url + f"voila/render/03_the_mulligan.ipynb?class={code}&name=ana")
        other.wait_for_function("() => !document.querySelector('#loading')", timeout=90_000)
        expect_text(other.locator(".wpp-lesson").first, "is taken")
    finally:
        context.close()

    stranger = _open(browser, url + "voila/render/04_the_segment.ipynb")
    box = stranger.locator(".wpp-lesson").first
    box.get_by_role("button", name="Join a class").first.click()
    other = "ZZZZZ" if code != "ZZZZZ" else "YYYYY"
    box.get_by_placeholder("class code").first.fill(other)
    box.get_by_placeholder("your nickname").first.fill("Eve")
    box.get_by_placeholder("your nickname").first.press("Enter")
    box.get_by_role("button", name="Join", exact=True).first.click()
    expect_text(box, f"there is no class {other}")

    teacher.reload()                                  # the key in the address: same class
    teacher.wait_for_function("() => !document.querySelector('#loading')", timeout=90_000)
    expect(teacher.locator(".wpp-class-code")).to_have_text(code, timeout=WAIT)
    expect(teacher.locator("table.wpp-students")).to_contain_text("Ana", timeout=WAIT)
    assert "Eve" not in teacher.locator(".wpp-teacher").inner_text()
    tally = ClassStore(store).teacher(code, _key(teacher.url)).tally()
    assert sum(t.total for t in tally.values()) == 1
    for p in (teacher, student, stranger):
        p.close()


def _key(address: str) -> str:
    m = re.search(r"key=([A-Za-z0-9_-]+)", address)
    assert m is not None, address
    return m.group(1)
