"""Sound effects (web/sound.js): off by default, with no AudioContext ever made then; once turned on (the
preference, or the quick Sound button), the dice, a checker placed, a hit, a double and the computer's moves
sound, each through real Web Audio source nodes started in a running context; muted, nothing plays; the choice
is kept across a reload; a player asking for reduced motion gets no sound either until choosing it; a page in
the background plays nothing (its document said to be hidden: headless Chromium shows every tab).

An init script wraps the page's AudioContext (counting the contexts made) and
AudioScheduledSourceNode.prototype.start (recording every source node started); web/sound.js says which sound
it played with a `bg-sound` event, and the test checks that each such sound started real source nodes."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect

from .conftest import Site
from .match_driver import (
    click_move,
    open_match,
    phase,
    press_button,
    press_done,
    status,
    wait_idle,
)
from .test_history import resign, start_match

RECORD_AUDIO = """
window.__sound = {contexts: 0, starts: [], played: [], context: null};
(() => {
  const Native = window.AudioContext;
  if (!Native) return;
  window.AudioContext = class RecordedAudioContext extends Native {
    constructor(...args) {
      super(...args);
      window.__sound.contexts += 1;
      window.__sound.context = this;
    }
  };
  // AudioBufferSourceNode has its own start (with offset and duration); oscillators use the base class's.
  for (const proto of [AudioScheduledSourceNode.prototype, AudioBufferSourceNode.prototype]) {
    const start = proto.start;
    proto.start = function (...args) {
      window.__sound.starts.push({node: this.constructor.name, native: this.context instanceof Native});
      return start.apply(this, args);
    };
  }
  let seen = 0;
  window.addEventListener("bg-sound", (event) => {
    const s = window.__sound;
    s.played.push({name: event.detail.name, sources: s.starts.slice(seen), state: s.context?.state ?? null});
    seen = s.starts.length;
  });
})();
"""

PREFERENCES_KEY = "backgammon.preferences.v1"
HIDE_DOCUMENT = (
    "Object.defineProperty(document, 'visibilityState', {get: () => 'hidden', configurable: true})"
)


def open_with_audio(page: Page, site: Site, dice: str, query: str = "") -> Page:
    page.add_init_script(RECORD_AUDIO)
    return open_match(page, site, dice, query)


def audio(page: Page) -> dict[str, Any]:
    data: dict[str, Any] = page.evaluate(
        "({contexts: window.__sound.contexts, starts: window.__sound.starts, played: window.__sound.played,"
        " state: window.__sound.context?.state ?? null})"
    )
    return data


def played(page: Page) -> list[str]:
    return [p["name"] for p in audio(page)["played"]]


def sound_button(page: Page) -> Any:
    return page.locator("#sound-button")


def set_sound_preference(page: Page, on: bool) -> None:
    page.click("#preferences-button")
    form = page.locator("#preferences-form")
    form.locator("[name=sound]").set_checked(on)
    form.locator("button[value=save]").click()
    wait_idle(page)


def play_a_hit_and_a_double(page: Page) -> None:
    """White opens 4-1 (13/9 6/5, a blot on the 5-point); Black rolls 4-3 and hits it (1/5*), then 12/15;
    White, on the bar, doubles; Black takes."""
    click_move(page, 13, 9)
    click_move(page, 6, 5)
    press_done(page)
    assert "Black to roll or double" in status(page)
    press_button(page, "roll")
    click_move(page, 1, 5)
    click_move(page, 12, 15)
    press_done(page)
    assert "White to roll or double" in status(page)
    press_button(page, "double")
    assert phase(page) == "doubled"
    press_button(page, "take")


def test_no_sound_and_no_audio_context_by_default(page: Page, site: Site) -> None:
    open_with_audio(page, site, "41,43,52")
    expect(sound_button(page)).to_have_attribute("aria-pressed", "false")
    play_a_hit_and_a_double(page)
    assert audio(page)["contexts"] == 0
    assert audio(page)["starts"] == [] and played(page) == []


def test_turned_on_the_dice_checkers_a_hit_and_a_double_sound(page: Page, site: Site) -> None:
    open_with_audio(page, site, "41,43,52")
    set_sound_preference(page, True)
    expect(sound_button(page)).to_have_attribute("aria-pressed", "true")
    play_a_hit_and_a_double(page)
    data = audio(page)
    names = [p["name"] for p in data["played"]]
    # 13/9, 6/5; Black's roll; 1/5*, 12/15; White's double; once taken, White's roll (made by itself).
    assert names == ["checker", "checker", "dice", "hit", "checker", "double", "dice"], names
    assert data["contexts"] == 1  # one context for every sound
    for sound in data["played"]:
        assert sound["sources"], f"{sound['name']} started no Web Audio source node"
        assert all(s["native"] for s in sound["sources"])
        assert {s["node"] for s in sound["sources"]} <= {"AudioBufferSourceNode", "OscillatorNode"}
    page.wait_for_function("() => window.__sound.context.state === 'running'")


def test_the_sound_button_mutes_everything(page: Page, site: Site) -> None:
    open_with_audio(page, site, "41,43,52")
    set_sound_preference(page, True)
    click_move(page, 13, 9)
    assert played(page) == ["checker"]
    button = sound_button(page)
    button.focus()
    page.keyboard.press("Enter")  # the toggle is an ordinary button: keyboard reachable
    expect(button).to_have_attribute("aria-pressed", "false")
    expect(button).to_have_accessible_name("Sound")  # the state is aria-pressed; "off" is for the eye
    expect(button).to_have_text("Sound off")
    starts = len(audio(page)["starts"])
    click_move(page, 6, 5)
    press_done(page)
    press_button(page, "roll")
    click_move(page, 1, 5)
    assert played(page) == ["checker"]
    assert len(audio(page)["starts"]) == starts
    # The Preferences dialog shows the same choice.
    page.click("#preferences-button")
    expect(page.locator("#preferences-form [name=sound]")).not_to_be_checked()
    page.keyboard.press("Escape")
    # Pressed again, sound is back.
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    click_move(page, 12, 15)
    assert played(page) == ["checker", "checker"]


def test_the_choice_is_kept_across_a_reload(page: Page, site: Site) -> None:
    open_with_audio(page, site, "41,43,52")
    sound_button(page).click()
    stored = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(PREFERENCES_KEY)})"))
    assert stored["sound"] is True
    page.reload()
    wait_idle(page)
    expect(sound_button(page)).to_have_attribute("aria-pressed", "true")
    # Nothing sounds before the player's first gesture on the new page (the browsers' autoplay rule)...
    assert audio(page)["contexts"] == 0
    click_move(page, 13, 9)
    assert played(page) == ["checker"]
    page.click("#preferences-button")
    expect(page.locator("#preferences-form [name=sound]")).to_be_checked()
    page.keyboard.press("Escape")


def test_reduced_motion_keeps_sound_off_until_the_player_chooses_it(page: Page, site: Site) -> None:
    page.emulate_media(reduced_motion="reduce")
    open_with_audio(page, site, "41,43,52")
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    expect(sound_button(page)).to_have_attribute("aria-pressed", "false")
    click_move(page, 13, 9)
    assert audio(page)["contexts"] == 0
    sound_button(page).click()  # an explicit choice wins
    click_move(page, 6, 5)
    assert played(page) == ["checker"]


def white_rolls_again(page: Page) -> None:
    """Once the computer has played, White (who may double) is asked to roll or double, and rolls (the status
    line says the computer's play first)."""
    page.wait_for_function(
        "() => document.documentElement.dataset.idle === 'true'"
        " && document.getElementById('status').textContent.includes('White to roll or double')"
    )
    press_button(page, "roll")


def test_the_computer_sounds_too_but_not_in_a_hidden_page(page: Page, site: Site) -> None:
    # White 3-1 against the beginner; the computer rolls 5-2 and plays; White 6-4; the computer 5-3;
    # White 6-2.
    open_with_audio(page, site, "31,31,52,64,53,62")
    start_match(page, opponent="computer", length=3, level="beginner")
    sound_button(page).click()
    click_move(page, 8, 5)
    click_move(page, 6, 5)
    press_done(page)
    white_rolls_again(page)
    names = played(page)
    # White's two checkers; the computer's roll and its two checkers (gliding, each sounds as it lands);
    # White's roll.
    assert names[:3] == ["checker", "checker", "dice"], names
    assert names[-1] == "dice" and len(names) == 6 and set(names[3:5]) <= {"checker", "hit"}, names
    # The page is hidden (headless Chromium keeps every tab "visible", even one behind another or in a
    # minimized window, so the page's document is told so): White's roll and play and the computer's whole
    # turn happen in silence.
    page.evaluate(HIDE_DOCUMENT)
    starts = len(audio(page)["starts"])
    click_move(page, 8, 2)  # Black (5-2 from its 1, 12, 17 and 19) cannot be on the 2-point
    click_move(page, 6, 2)
    press_done(page)
    white_rolls_again(page)
    assert played(page) == names and len(audio(page)["starts"]) == starts
    # Shown again, it sounds again.
    page.evaluate("delete document.visibilityState")
    assert page.evaluate("document.visibilityState") == "visible"
    click_move(page, 13, 7)
    assert played(page)[len(names) :] == ["checker"]


def test_a_match_won_has_its_cue(page: Page, site: Site) -> None:
    open_with_audio(page, site, "31,31")
    start_match(page, opponent="human", length=1)
    sound_button(page).click()
    resign(page, "single", accept_by_hand=True)
    assert played(page) == ["match"]
    assert audio(page)["played"][0]["sources"]
