"""The rules tutorial in Chromium: every lesson completed through the board and the buttons, a wrong try
answered with its rule, in the site and embedded in another origin's page, and offline after one visit."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Frame, Page, expect

from backgammon.tutorial.lessons import BAR, LESSONS, OFF, Lesson
from backgammon.tutorial.session import TutorialSession

from .conftest import Site, serving

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
            f"() => Number(document.documentElement.dataset.answers || 0) > {before}", timeout=10_000
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
        # The page shows the rules core's own words for the rule, as Python answers the same try.
        assert text == expected_answer(lesson)["text"]
    assert not tutorial.is_done()
    tutorial.press("btn-restart")


def expected_answer(lesson: Lesson) -> dict[str, str]:
    """What the tutorial's Python says to the lesson's wrong try (the page must show the same)."""
    assert lesson.mistake is not None
    session = TutorialSession()
    session.start(lesson.id)
    for source, dest in lesson.mistake.moves:
        feedback: dict[str, str] = session.move(source, dest)["feedback"]
    return feedback


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


def complete_every_lesson(
    tutorial: Tutorial,
    shoot: Callable[[str], None] | None = None,
    check: Callable[[Lesson], None] | None = None,
) -> None:
    """From the first lesson to the last: each one's wrong try, then its answer, then Next."""
    for lesson in LESSONS:
        tutorial.wait_ready(lesson.id)
        try_the_wrong_move(tutorial, lesson)
        if shoot and lesson.id in {"both-dice", "gammon"}:
            shoot(f"wrong-{lesson.id}")
        solve(tutorial, lesson)
        if check:
            check(lesson)
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

    def shoot(name: str) -> None:
        page.wait_for_function("() => !document.querySelector('.flying')")  # every checker's glide landed
        take_screenshot(page, f"tutorial-{name}")

    complete_every_lesson(tutorial, shoot)
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
    # Every lesson answers at its address.
    for lesson in LESSONS:
        page.evaluate("(id) => { location.hash = id; }", lesson.id)
        tutorial.wait_ready(lesson.id)
        assert page.locator("#lesson-title").inner_text() == lesson.title
        assert page.title().startswith(lesson.title)


def test_the_main_page_links_to_the_tutorial(page: Page, site: Site) -> None:
    page.goto(site.url("?no-welcome"))  # the welcome's own link: test_welcome.py
    page.locator("a[href='tutorial.html']").first.click()
    Tutorial(page.main_frame).wait_ready(LESSONS[0].id)
    assert page.url == site.url("tutorial.html#" + LESSONS[0].id)


def test_hint_lights_the_move_and_show_me_plays_it(page: Page, site: Site, take_screenshot: Shot) -> None:
    page.goto(site.url("tutorial.html#entering"))
    tutorial = Tutorial(page.main_frame)
    tutorial.wait_ready("entering")
    page.click("#btn-hint")
    page.wait_for_selector("#feedback[data-kind='hint']")
    # The board draws on the next animation frame: wait for it rather than read it at once.
    expect(page.locator("#board .highlight[data-loc='bar']")).to_have_count(1)
    expect(page.locator("#board .highlight[data-loc='21']")).to_have_count(1)
    take_screenshot(page, "tutorial-hint")
    page.click("#btn-show")
    page.wait_for_selector("html[data-lesson-done='1']", timeout=10_000)
    assert tutorial.feedback()[0] == "done"
    take_screenshot(page, "tutorial-show-me")


MATCH_KEY = "backgammon.match.v1"

# Every use of localStorage by a page or frame, kept in the frame's own `__storageUse` list.
RECORD_STORAGE_USE = """
(() => {
  const uses = [];
  Object.defineProperty(window, "__storageUse", { value: uses });
  const owner = Object.getOwnPropertyDescriptor(window, "localStorage") ? window : Window.prototype;
  const described = Object.getOwnPropertyDescriptor(owner, "localStorage");
  if (described && described.get && described.configurable) {
    Object.defineProperty(owner, "localStorage", {
      configurable: true,
      get() { uses.push("localStorage"); return described.get.call(this); },
    });
  }
  for (const name of ["getItem", "setItem", "removeItem", "key", "clear"]) {
    const original = Storage.prototype[name];
    Storage.prototype[name] = function (...args) {
      uses.push(`${name}(${args.length ? String(args[0]) : ""})`);
      return original.apply(this, args);
    };
  }
})();
"""


@pytest.fixture
def host_site(tmp_path: Path, site: Site) -> Iterator[str]:
    """A page on another origin (a second local port) that embeds lessons with the README's one line,
    in a wide frame and in a phone column 320 px wide."""
    (tmp_path / "host.html").write_text(
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Host</title>"
        "<link rel='icon' href='data:,'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'></head>"
        "<body style='margin:0'><h1 style='font:16px sans-serif'>A page about backgammon</h1>"
        f"<iframe id='phone' src='{site.url('tutorial.html?embed=1#board')}' title='Rules tutorial' "
        "style='width:320px;height:560px;border:0'></iframe>"
        f"<iframe id='wide' src='{site.url('tutorial.html?embed=1#bear-off')}' title='Bearing off' "
        "style='width:760px;height:640px;border:0'></iframe>"
        "</body></html>",
        encoding="utf-8",
    )
    with serving(tmp_path) as server:
        yield str(server.url)


def frame_of(page: Page, element_id: str) -> Frame:
    handle = page.locator(f"#{element_id}").element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    return frame


def fits_sideways(frame: Frame) -> bool:
    """No horizontal scrollbar: nothing in the page is wider than the frame."""
    fits: bool = frame.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    return fits


def test_embedded_on_another_origin_every_lesson_works_and_saved_data_is_untouched(
    context: BrowserContext, site: Site, host_site: str, take_screenshot: Shot
) -> None:
    context.add_init_script(RECORD_STORAGE_USE)
    # The player already has a saved match and some tutorial progress on the site.
    own = context.new_page()
    own.goto(site.url("tutorial.html#board"))
    Tutorial(own.main_frame).wait_ready("board")
    own.evaluate(
        """([progressKey, matchKey]) => {
            localStorage.setItem(progressKey, JSON.stringify({schema: 1, done: ["board"], last: "board"}));
            localStorage.setItem(matchKey, '{"format": "backgammon-match", "keep": "me"}');
        }""",
        [PROGRESS_KEY, MATCH_KEY],
    )
    before = storage_of(own)
    assert MATCH_KEY in before

    page = context.new_page()
    page.goto(host_site + "host.html")
    host_origin = page.evaluate("location.origin")
    phone = Tutorial(frame_of(page, "phone"))
    phone.wait_ready("board")
    wide = Tutorial(frame_of(page, "wide"))
    wide.wait_ready("bear-off")
    for tutorial in (phone, wide):
        # Another origin: the frame is the site's, and the host page is out of its reach.
        assert tutorial.frame.evaluate("location.origin") + "/" == site.base_url.rstrip("/") + "/"
        assert tutorial.frame.evaluate("location.origin") != host_origin
        assert tutorial.frame.evaluate(
            "(() => { try { return !parent.document; } catch { return true; } })()"
        )
        assert tutorial.frame.locator(".site-nav").count() == 0
        assert tutorial.frame.evaluate("document.body.classList.contains('embed')")
        # Embed mode does not read the site's progress: the lesson the player finished is not ticked.
        assert tutorial.frame.locator("#menu-list a.done").count() == 0
        assert tutorial.frame.locator("#open-full").is_visible()
    take_screenshot(page, "tutorial-embedded")

    # The wide frame: one lesson, and the board fits.
    assert fits_sideways(wide.frame)
    solve(wide, next(lesson for lesson in LESSONS if lesson.id == "bear-off"))

    # A narrow phone column: every lesson through the board and the buttons, nothing sticking out sideways,
    # the whole board inside the frame.
    assert phone.frame.evaluate("document.documentElement.clientWidth") == 320

    def fits(lesson: Lesson) -> None:
        assert fits_sideways(phone.frame), lesson.id
        board = phone.frame.evaluate("document.querySelector('#board svg').getBoundingClientRect().toJSON()")
        assert board["left"] >= 0 and 200 <= board["width"] <= 320 and board["right"] <= 320, lesson.id

    complete_every_lesson(phone, check=fits)
    phone.frame.locator("#btn-prev").scroll_into_view_if_needed()
    take_screenshot(page, "tutorial-embedded-phone-done")

    # Neither the saved match nor the progress was read or changed: the embedded pages never touched
    # localStorage at all.
    for tutorial in (phone, wide):
        assert tutorial.frame.evaluate("window.__storageUse") == []
    assert storage_of(own) == before
    # The recorder works: the site's own tutorial page did read its progress (and not the match).
    own_uses = own.evaluate("window.__storageUse")
    assert "localStorage" in own_uses and f"getItem({PROGRESS_KEY})" in own_uses
    assert f"getItem({MATCH_KEY})" not in own_uses


def test_embedded_every_lesson_fits_a_wide_frame_and_hint_and_show_me_answer_it(
    page: Page, host_site: str, take_screenshot: Shot
) -> None:
    page.goto(host_site + "host.html")
    wide = Tutorial(frame_of(page, "wide"))
    wide.wait_ready("bear-off")
    frame = wide.frame
    height = frame.evaluate("innerHeight")
    for lesson in LESSONS:
        frame.evaluate("(id) => { location.hash = id; }", lesson.id)
        wide.wait_ready(lesson.id)
        # The README's 760 x 640 frame shows the whole board without scrolling, nothing sticks out sideways.
        assert fits_sideways(frame), lesson.id
        board = frame.evaluate("document.querySelector('#board svg').getBoundingClientRect().toJSON()")
        assert board["top"] >= 0 and board["bottom"] <= height, (lesson.id, board)
        drawn = frame.locator("#board").text_content() or ""
        assert "undefined" not in drawn and "NaN" not in drawn, lesson.id
        frame.click("#btn-hint")
        frame.wait_for_selector("#feedback[data-kind='hint']")
        assert wide.feedback()[1].startswith(lesson.hint)
        frame.click("#btn-show")
        frame.wait_for_selector("html[data-lesson-done='1']", state="attached", timeout=10_000)
        kind, text, _ = wide.feedback()
        assert kind == "done" and lesson.success in text, lesson.id
        if lesson.id == "bear-off-higher":
            frame.wait_for_function("() => !document.querySelector('.flying')")
            take_screenshot(page, "tutorial-embedded-wide-show-me")


@pytest.mark.fresh_profile
def test_works_offline_after_a_first_visit(context: BrowserContext, site: Site) -> None:
    page = context.new_page()
    page.goto(site.url("tutorial.html#hitting"))
    tutorial = Tutorial(page.main_frame)
    tutorial.wait_ready("hitting")
    # The first visit installs the offline copy; once it controls the page, the network can go.
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=READY_TIMEOUT_MS)
    context.set_offline(True)
    try:
        # A fresh load of a lesson's own address, never opened online, then every lesson from the first.
        page.goto("about:blank")
        page.goto(site.url("tutorial.html#crawford"))
        tutorial.wait_ready("crawford")
        assert page.evaluate("navigator.serviceWorker.controller !== null")  # served by the offline copy
        page.goto(site.url(f"tutorial.html#{LESSONS[0].id}"))  # the same page: the address's lesson opens
        complete_every_lesson(tutorial)
        assert page.evaluate("navigator.onLine") is False
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


def test_a_lesson_starts_afresh_on_a_new_engine_when_its_worker_dies(page: Page, site: Site) -> None:
    lesson = next(each for each in LESSONS if each.kind not in ("choice", "pass") and len(each.solution) > 1)
    # Test mode (?test-dice=) gives the page the probe that can kill the worker, as the browser would.
    page.goto(site.url(f"tutorial.html?test-dice=11&no-sw#{lesson.id}"))
    tutorial = Tutorial(page.main_frame)
    tutorial.wait_ready(lesson.id)
    tutorial.move(*lesson.solution[0])
    page.evaluate("backgammonTestProbe.kill()")
    page.wait_for_function(
        "() => document.getElementById('feedback').textContent.includes('starts afresh')", timeout=30_000
    )
    solve(tutorial, lesson)  # from the lesson's start again, on the new worker


def test_a_blocked_point_is_not_lit_as_a_destination_but_may_still_be_tried(tutorial_page: Page) -> None:
    """Lesson 1 (6-5 from the 24 point): 19 is the opponent's 6-point, five checkers, so 24/19 is not a move.
    The board lights only where the checker may go (18 and 13); a click on 19 is still answered with its
    rule."""
    page = tutorial_page
    tutorial = Tutorial(page.main_frame)
    page.locator("#board .target[data-loc='24']").click()
    lit = page.locator("#board .target.dest")
    expect(lit).to_have_count(2)
    assert sorted(lit.evaluate_all("els => els.map((e) => e.dataset.loc)")) == ["13", "18"]
    blocked = page.locator("#board .target[data-loc='19']")
    assert "destination" not in (blocked.get_attribute("aria-label") or "")
    assert page.locator("#board .layer-marks .landing").count() == 2
    tutorial.after(lambda: blocked.click())
    kind, text, rule = tutorial.feedback()
    assert (kind, rule) == ("illegal", "blocked") and text.startswith("That point is blocked")
