"""The rules tutorial in Chromium: every lesson completed through the board and the buttons, a wrong try
answered with its rule, in the site and embedded in another origin's page, and offline after one visit."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Frame, Page

from backgammon.turn import RULES
from backgammon.tutorial.lessons import BAR, LESSONS, OFF, Lesson

from .conftest import Site, site_build

READY_TIMEOUT_MS = 60_000
PROGRESS_KEY = "backgammon.tutorial.v1"

Shot = Callable[[Page, str], Path]


def loc(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


class Tutorial:
    """The tutorial page in a page or a frame, driven like a learner would."""

    def __init__(self, frame: Frame) -> None:
        self.frame = frame

    def wait_ready(self, lesson_id: str) -> None:
        self.frame.wait_for_selector(
            f"html[data-state='ready'][data-lesson='{lesson_id}']", state="attached", timeout=READY_TIMEOUT_MS
        )

    def answers(self) -> int:
        return int(self.frame.evaluate("document.documentElement.dataset.answers || '0'"))

    def after(self, action: Callable[[], None]) -> None:
        """Do `action` and wait until Python's answer to it is on the page."""
        before = self.answers()
        action()
        self.frame.wait_for_function(
            f"Number(document.documentElement.dataset.answers || 0) > {before}", timeout=10_000
        )

    def move(self, source: int, dest: int) -> None:
        self.frame.locator(f"#board [data-loc='{loc(source)}']").first.click()
        self.after(lambda: self.frame.locator(f"#board [data-loc='{loc(dest)}']").first.click())

    def press(self, button_id: str) -> None:
        self.after(lambda: self.frame.click(f"#{button_id}"))

    def choose(self, label: str) -> None:
        self.after(lambda: self.frame.locator("#choices button", has_text=label).first.click())

    def feedback(self) -> tuple[str, str, str | None]:
        el = self.frame.locator("#feedback")
        return el.get_attribute("data-kind") or "", el.inner_text(), el.get_attribute("data-rule")

    def is_done(self) -> bool:
        return self.frame.evaluate("document.documentElement.dataset.lessonDone") == "1"


def try_the_wrong_move(tutorial: Tutorial, lesson: Lesson) -> None:
    """Make the lesson's typical mistake and check the answer names the rule (or nudges), then reset."""
    if lesson.kind == "choice":
        wrong = next(choice for choice in lesson.choices if not choice.correct)
        tutorial.choose(wrong.label)
        assert tutorial.feedback()[:2] == ("wrong", wrong.why)
        assert not tutorial.is_done()
        return
    assert lesson.mistake is not None
    for source, dest in lesson.mistake.moves:
        tutorial.move(source, dest)
    kind, text, rule = tutorial.feedback()
    if lesson.mistake.rule is None:
        assert (kind, text) == ("nudge", lesson.nudge)
    else:
        assert (kind, rule) == ("illegal", lesson.mistake.rule)
        assert text.startswith(RULES[lesson.mistake.rule])
    assert not tutorial.is_done()
    tutorial.press("btn-restart")


def solve(tutorial: Tutorial, lesson: Lesson) -> None:
    if lesson.kind == "choice":
        tutorial.choose(next(choice.label for choice in lesson.choices if choice.correct))
    elif lesson.kind == "pass":
        tutorial.press("btn-pass")
    else:
        for source, dest in lesson.solution:
            tutorial.move(source, dest)
    kind, text, _ = tutorial.feedback()
    assert kind == "done", (lesson.id, text)
    assert lesson.success in text
    assert tutorial.is_done()


def complete_every_lesson(tutorial: Tutorial, shoot: Callable[[str], None] | None = None) -> None:
    for lesson in LESSONS:
        tutorial.wait_ready(lesson.id)
        try_the_wrong_move(tutorial, lesson)
        if shoot and lesson.id in {"both-dice", "gammon"}:
            shoot(f"wrong-{lesson.id}")
        solve(tutorial, lesson)
        if lesson is not LESSONS[-1]:
            tutorial.frame.click("#btn-next")
    assert tutorial.frame.locator("#btn-next").is_hidden()


def storage_of(page: Page) -> dict[str, str]:
    items: dict[str, str] = page.evaluate("Object.fromEntries(Object.entries(localStorage))")
    return items


@pytest.fixture
def tutorial_page(page: Page, site: Site) -> Iterator[Page]:
    page.goto(site.url("tutorial.html"))
    Tutorial(page.main_frame).wait_ready(LESSONS[0].id)
    yield page


def test_every_lesson_can_be_completed_on_the_site(
    tutorial_page: Page, page_problems: object, take_screenshot: Shot
) -> None:
    page = tutorial_page
    tutorial = Tutorial(page.main_frame)
    assert page.locator(".site-nav a[href='index.html']").is_visible()
    take_screenshot(page, "tutorial-first-lesson")
    complete_every_lesson(tutorial, lambda name: take_screenshot(page, f"tutorial-{name}"))
    take_screenshot(page, "tutorial-last-lesson-done")
    saved = json.loads(storage_of(page)[PROGRESS_KEY])
    assert sorted(saved["done"]) == sorted(lesson.id for lesson in LESSONS)
    # Progress survives a reload; the page comes back to the last lesson opened.
    page.reload()
    tutorial.wait_ready(LESSONS[-1].id)
    assert page.locator("#menu-list a.done").count() == len(LESSONS)
    assert page_problems.all == []


def test_each_lesson_has_its_own_address(page: Page, site: Site) -> None:
    page.goto(site.url("tutorial.html#bear-off"))
    tutorial = Tutorial(page.main_frame)
    tutorial.wait_ready("bear-off")
    assert page.locator("#lesson-title").inner_text() == "Bearing off"
    page.locator("#menu-list a[data-lesson='crawford']").click()
    tutorial.wait_ready("crawford")
    assert page.url.endswith("tutorial.html#crawford")
    page.go_back()
    tutorial.wait_ready("bear-off")


def test_hint_lights_the_move_and_show_me_plays_it(page: Page, site: Site, take_screenshot: Shot) -> None:
    page.goto(site.url("tutorial.html#entering"))
    tutorial = Tutorial(page.main_frame)
    tutorial.wait_ready("entering")
    page.click("#btn-hint")
    page.wait_for_selector("#feedback[data-kind='hint']")
    assert page.locator("#board .highlight[data-loc='bar']").count() == 1
    assert page.locator("#board .highlight[data-loc='21']").count() == 1
    take_screenshot(page, "tutorial-hint")
    page.click("#btn-show")
    page.wait_for_selector("html[data-lesson-done='1']", timeout=10_000)
    assert tutorial.feedback()[0] == "done"
    take_screenshot(page, "tutorial-show-me")


@pytest.fixture
def host_site(tmp_path: Path, site: Site) -> Iterator[str]:
    """A page on another origin (a second local port) that embeds one lesson, as the README shows."""
    (tmp_path / "host.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Host</title>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'></head>"
        "<body style='margin:0'><h1 style='font:16px sans-serif'>A page about backgammon</h1>"
        f"<iframe id='wide' src='{site.url('tutorial.html?embed=1#board')}' title='Rules tutorial' "
        "style='width:760px;height:640px;border:0'></iframe>"
        f"<iframe id='phone' src='{site.url('tutorial.html?embed=1#bear-off')}' title='Bearing off' "
        "style='width:320px;height:560px;border:0'></iframe>"
        "</body></html>",
        encoding="utf-8",
    )
    server = site_build.make_server(tmp_path, port=0)
    site_build.start_server_thread(server)
    try:
        yield str(server.url)
    finally:
        server.shutdown()
        server.server_close()


def frame_of(page: Page, element_id: str) -> Frame:
    handle = page.locator(f"#{element_id}").element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    return frame


def test_embedded_on_another_origin_every_lesson_works_and_saved_data_is_untouched(
    context: BrowserContext, site: Site, host_site: str, take_screenshot: Shot
) -> None:
    # The player already has a saved match and some tutorial progress on the site.
    own = context.new_page()
    own.goto(site.url("tutorial.html#board"))
    Tutorial(own.main_frame).wait_ready("board")
    own.evaluate(
        """([key]) => {
            localStorage.setItem(key, JSON.stringify({schema: 1, done: ["board"], last: "board"}));
            localStorage.setItem("backgammon.match.v1", '{"format": "backgammon-match", "keep": "me"}');
        }""",
        [PROGRESS_KEY],
    )
    before = storage_of(own)

    page = context.new_page()
    page.goto(host_site + "host.html")
    assert not page.url.startswith(site.base_url)
    phone = Tutorial(frame_of(page, "phone"))
    phone.wait_ready("bear-off")
    wide = Tutorial(frame_of(page, "wide"))
    wide.wait_ready("board")
    for tutorial in (wide, phone):
        assert tutorial.frame.locator(".site-nav").count() == 0
        assert tutorial.frame.evaluate("document.body.classList.contains('embed')")
        # Embed mode does not read the site's progress: the lesson the player finished is not ticked.
        assert tutorial.frame.locator("#menu-list a.done").count() == 0
    # Fits a narrow phone column: nothing sticks out sideways, the whole board is inside the frame.
    assert phone.frame.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    board_width = phone.frame.evaluate("document.querySelector('#board svg').getBoundingClientRect().width")
    assert 200 <= board_width <= 320
    solve(phone, next(lesson for lesson in LESSONS if lesson.id == "bear-off"))
    take_screenshot(page, "tutorial-embedded")

    complete_every_lesson(wide)
    assert storage_of(own) == before


def test_works_offline_after_a_first_visit(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    page.goto(site.url("tutorial.html#hitting"))
    tutorial = Tutorial(page.main_frame)
    tutorial.wait_ready("hitting")
    # The first visit installs the offline copy; once it controls the page, the network can go.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS)
    context.set_offline(True)
    try:
        page.reload()
        tutorial.wait_ready("hitting")
        hitting = next(lesson for lesson in LESSONS if lesson.id == "hitting")
        solve(tutorial, hitting)
    finally:
        context.set_offline(False)


def test_progress_keeps_unreadable_data_aside_and_embed_mode_keeps_nothing(page: Page, site: Site) -> None:
    page.goto(site.url("web/tutorial/mode.js"))  # the site's origin, no page code running
    result = page.evaluate(
        """async () => {
            const {createProgress, PROGRESS_KEY} = await import("./progress.js");
            const {readMode} = await import("./mode.js");
            localStorage.setItem(PROGRESS_KEY, "{not json");
            const site = createProgress({persist: true});
            const fresh = site.count();
            site.markDone("board");
            const embedded = createProgress({persist: false});
            embedded.markDone("pass");
            return {
                fresh,
                backup: localStorage.getItem(PROGRESS_KEY + ".backup"),
                saved: JSON.parse(localStorage.getItem(PROGRESS_KEY)),
                embeddedDone: embedded.isDone("pass"),
                rereadDone: createProgress({persist: true}).isDone("board"),
                rereadPass: createProgress({persist: true}).isDone("pass"),
                embed: readMode({search: "?embed=1", hash: "#bear-off"}),
                plain: readMode({search: "", hash: "#<img src=x>"}),
            };
        }"""
    )
    assert result["fresh"] == 0
    assert result["backup"] == "{not json"  # kept aside, never silently thrown away
    assert result["saved"] == {"schema": 1, "done": ["board"], "last": None}
    assert result["embeddedDone"] is True and result["rereadPass"] is False
    assert result["rereadDone"] is True
    assert result["embed"] == {"embed": True, "lessonId": "bear-off"}
    assert result["plain"] == {"embed": False, "lessonId": None}
