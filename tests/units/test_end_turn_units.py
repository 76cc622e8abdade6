"""The end of a turn, in the page's pure modules under Node: the preference and its default
(web/preferences.js), which buttons show for each choice (web/play/controls.js), what the status line says
(web/play/describe.js), and Space beside Enter (web/play/keyboard.js)."""

from __future__ import annotations

from typing import Any

from .node_esm import needs_node, run_module

pytestmark = needs_node

IMPORTS = """
import { normalizePreferences, DEFAULT_PREFERENCES, END_TURN_DELAY_MS } from "{WEB}/preferences.js";
import { controlStates } from "{WEB}/play/controls.js";
import { statusText, playComplete } from "{WEB}/play/describe.js";
import { commandForKey } from "{WEB}/play/keyboard.js";
const move = (extra) => ({
  phase: "move", turn: 0, decision: 0, dice: [3, 1], ...extra,
  players: [{ name: "White" }, { name: "Black" }],
});
const playing = move({ dests: { 8: [5] }, can_confirm: false, can_undo: true });
const complete = move({ dests: {}, can_confirm: true, can_undo: true });
const stuck = move({ dests: {}, can_confirm: true, no_legal_move: true, dice: [6, 5] });
"""


def run(body: str) -> Any:
    return run_module(IMPORTS, body)


def test_a_new_player_waits_for_done_and_a_stored_choice_is_kept() -> None:
    assert run(
        """
        print({
          fresh: DEFAULT_PREFERENCES.endTurn,
          empty: normalizePreferences({}, false).endTurn,
          // A save from before the preference: No auto-rolls no longer says anything about the end of a turn.
          old: normalizePreferences({ noAutoRolls: false }, false).endTurn,
          delay: normalizePreferences({ endTurn: "delay" }, false).endTurn,
          now: normalizePreferences({ endTurn: "now" }, false).endTurn,
          junk: normalizePreferences({ endTurn: 3 }, false).endTurn,
          seconds: END_TURN_DELAY_MS / 1000,
        });
        """
    ) == {
        "fresh": "wait",
        "empty": "wait",
        "old": "wait",
        "delay": "delay",
        "now": "now",
        "junk": "wait",
        "seconds": 2,
    }


def test_done_shows_for_each_choice_as_the_turn_will_end() -> None:
    states = run(
        """
        const done = (view, endTurn) => controlStates(view, { humanToAct: true, endTurn }).confirm;
        const out = {};
        for (const how of ["wait", "delay", "now"]) out[how] = [done(playing, how), done(complete, how)];
        out.computer = controlStates(complete, { humanToAct: false, endTurn: "wait" }).confirm;
        out.pass = controlStates(stuck, { humanToAct: true, endTurn: "wait" }).pass;
        print(out);
        """
    )
    hidden = {"visible": False, "enabled": False}
    title = "End the turn (Enter, Space, or a click on the dice)"
    # Waiting: shown all through the play, greyed out until it is complete.
    assert states["wait"] == [
        {"visible": True, "enabled": False, "title": title},
        {"visible": True, "enabled": True, "title": title},
    ]
    # After a delay: once the play is complete, to end it before the delay is over.
    assert states["delay"] == [hidden, {"visible": True, "enabled": True, "title": title}]
    assert states["now"] == [hidden, hidden]
    assert states["computer"] == hidden
    assert states["pass"] == {"visible": True, "enabled": True}


def test_the_status_line_says_the_play_is_complete_and_how_the_turn_ends() -> None:
    assert run(
        """
        print({
          complete: [playComplete(playing), playComplete(complete), playComplete(stuck)],
          wait: statusText(complete),
          delay: statusText(complete, "delay"),
          now: statusText(complete, "now"),
          pass: statusText(stuck),
          passDelay: statusText(stuck, "delay"),
          passNow: statusText(stuck, "now"),
        });
        """
    ) == {
        "complete": [False, True, False],
        "wait": "White: play complete. Press Done or Enter to end the turn, or Undo to take back a checker.",
        "delay": "White: play complete. The turn ends in 2 seconds; Undo takes back a checker.",
        "now": "White: play complete.",
        "pass": "White rolled 6 and 5: you cannot make a move. Press Pass or Enter to end the turn.",
        "passDelay": "White rolled 6 and 5: you cannot make a move. The turn passes in 2 seconds.",
        "passNow": "White rolled 6 and 5: you cannot make a move.",
    }


def test_space_ends_the_turn_as_enter_does() -> None:
    assert run(
        """
        const keys = [{ key: " " }, { key: "Enter" }, { key: " ", altKey: true }];
        print(keys.map(commandForKey));
        """
    ) == ["primary", "primary", None]
