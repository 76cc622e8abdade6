"""What a player of a match with a friend does now (web/remote/next-step.js), run under Node: the status
line and the panel name one next step (send the link, and what it holds; or wait, and for what), and a link
sent for the dice says why a turn takes up to three links."""

from __future__ import annotations

from typing import Any

from .node_esm import needs_node, run_module

IMPORTS = 'import * as next from "{WEB}/remote/next-step.js";'

# A match by links between Ann (seat 0, the host) and Bob, as Ann's device has it; each case overrides a part.
SETUP = """
const remote = (extra) => ({seat: 0, host: 0, phase: "playing", awaited: 1, waiting_for: "decision",
  claimed_by: null, ...extra});
const message = (from, type, items = []) => ({from, type, items: items.map((t) => ({type: t}))});
const entry = (mode, sent, ...transcript) => ({mode, sent, state: {transcript}});
const step = (e, r, phase, byLinks = e.mode === "correspondence") => {
  const link = next.linkToSend(e, r, byLinks);
  const friend = r.phase === "invited" ? null : "Bob"; // nobody joined: no name known
  return {link, ...next.nextStep({remote: r, phase, friend, link, live: e.mode === "live"})};
};
"""


def run(body: str) -> Any:
    return run_module(IMPORTS, SETUP + body)


@needs_node
def test_an_invitation_by_links_says_send_it_until_it_is_sent_then_waits_for_the_friend() -> None:
    found = run(
        """
        const hello = message(0, "hello", ["commit"]);
        const invited = remote({phase: "invited", awaited: null, waiting_for: "join"});
        print([step(entry("correspondence", -1, hello), invited, "invited"),
               step(entry("correspondence", 0, hello), invited, "invited")]);
        """
    )
    unsent, sent = found
    assert unsent["status"] == "Send your friend the link below: it holds your invitation."
    assert unsent["panel"].startswith(unsent["status"])
    assert sent["status"] == "Waiting for your friend to open your link and join."
    assert sent["panel"] == "Sent. If your friend did not get it, send the link again."


@needs_node
def test_a_link_for_the_dice_says_what_it_holds_and_why_a_turn_takes_up_to_three_links() -> None:
    found = run(
        """
        const asked = message(0, "turn", ["roll", "reveal"]);
        const half = message(0, "turn", ["reveal"]);
        const bob = message(1, "turn", ["move", "move", "confirm"]);
        const dice = remote({awaited: 1, waiting_for: "dice"});
        print({asked: step(entry("correspondence", 0, bob, asked), dice, "roll"),
               askedSent: step(entry("correspondence", 1, bob, asked), dice, "roll"),
               half: step(entry("correspondence", 0, bob, half), dice, "roll")});
        """
    )
    assert found["asked"]["status"].startswith("Send Bob the link below: it asks for your roll.")
    assert found["askedSent"]["status"] == "Waiting for Bob's link back with your dice."
    assert found["half"]["status"] == "Send Bob the link below: it holds your device's half of the next roll."
    for case in ("asked", "half"):
        assert "three links" in found[case]["panel"] and "Roll my next turn" in found[case]["panel"]


@needs_node
def test_a_turn_a_double_and_an_answer_say_what_the_link_holds_and_what_comes_back() -> None:
    found = run(
        """
        const bob = message(1, "turn", ["reveal", "move", "confirm"]);
        const cases = {
          turn: [message(0, "turn", ["reveal", "move", "confirm"]), "roll", {waiting_for: "decision"}],
          double: [message(0, "turn", ["double"]), "doubled", {}],
          answer: [message(0, "turn", ["take", "reveal"]), "move", {}],
        };
        const out = {};
        for (const [name, [mine, phase, extra]] of Object.entries(cases)) {
          out[name] = [step(entry("correspondence", 0, bob, mine), remote(extra), phase).status,
                       step(entry("correspondence", 1, bob, mine), remote(extra), phase).status];
        }
        print(out);
        """
    )
    assert found["turn"] == [
        "Send Bob the link below: it holds your turn.",
        "Waiting for Bob to roll or double and send you a link back.",
    ]
    assert found["double"] == [
        "Send Bob the link below: it holds your double.",
        "Waiting for Bob's answer to your double: it comes back as a link.",
    ]
    assert found["answer"] == [
        "Send Bob the link below: it holds your answer.",
        "Waiting for Bob to play and send you a link back.",
    ]


@needs_node
def test_live_the_player_waits_for_the_friend_unless_the_devices_cannot_connect() -> None:
    found = run(
        """
        const mine = message(0, "turn", ["move", "confirm"]);
        const live = entry("live", 0, message(1, "turn", ["confirm"]), mine);
        print({
          invited: step(entry("live", -1, message(0, "hello")), remote({phase: "invited"}), "invited").status,
          dice: step(live, remote({waiting_for: "dice"}), "roll").status,
          opening: step(live, remote({waiting_for: "dice"}), "opening").status,
          doubled: step(live, remote(), "doubled").status,
          lost: step(live, remote(), "roll", true),
          over: step(live, remote({phase: "over", awaited: null}), "match_over").status,
        });
        """
    )
    assert found["invited"] == (
        "Send your friend the link or the code below: the match starts when they open it."
    )
    assert found["dice"] == "Waiting for Bob to roll."
    assert found["opening"] == "Waiting for Bob's device to draw the dice…"
    assert found["doubled"] == "Waiting for Bob's answer to your double."
    assert found["lost"]["status"] == (
        "Send Bob your turn as the link below: Bob's device cannot be reached now."
    )
    assert found["over"].startswith("Match over.")


@needs_node
def test_live_an_invitation_to_a_friend_known_by_name_went_without_a_link() -> None:
    """A rematch offered on the line, or the lobby's match: the player waits for Bob by name, with no link."""
    found = run(
        """
        const invited = remote({phase: "invited", awaited: null, waiting_for: "join"});
        print(next.nextStep({remote: invited, phase: "invited", friend: "Bob", link: null, live: true}));
        """
    )
    assert found == {"status": "Waiting for Bob to join: the match starts when they do.", "panel": ""}


@needs_node
def test_a_friend_is_named_by_whether_the_match_knows_a_name_not_by_what_it_reads() -> None:
    """A friend who calls themselves "Your friend" is still a friend known by name (offered a rematch on the
    line, with no link); only an invitation nobody joined speaks of "your friend" and its link."""
    found = run(
        """
        const invited = remote({phase: "invited", awaited: null, waiting_for: "join"});
        const ask = (friend) =>
          next.nextStep({remote: invited, phase: "invited", friend, link: null, live: true});
        print({named: ask("Your friend").status, unknown: ask(null).status});
        """
    )
    assert found == {
        "named": "Waiting for Your friend to join: the match starts when they do.",
        "unknown": "Send your friend the link or the code below: the match starts when they open it.",
    }


@needs_node
def test_live_a_turn_the_friends_device_acknowledged_needs_no_link_when_the_line_is_lost() -> None:
    """Bob's device acknowledged Ann's turn (revision 1) before his tab closed: he has it, so Ann is not asked
    to send it as a link; she waits for him to roll or double. A turn he did not acknowledge is still
    offered."""
    found = run(
        """
        const mine = message(0, "turn", ["move", "confirm"]);
        const acked = {...entry("live", 0, message(1, "turn", ["confirm"]), mine), acked: 1};
        const earlier = {...acked, acked: 0};
        print({acked: step(acked, remote(), "roll", true), earlier: step(earlier, remote(), "roll", true)});
        """
    )
    assert found["acked"]["link"] is None
    assert found["acked"]["status"] == "Waiting for Bob to roll or double."
    assert found["acked"]["panel"] == ""
    assert found["earlier"]["status"].startswith("Send Bob your turn as the link below")


@needs_node
def test_by_links_the_message_that_ends_the_match_is_still_offered_to_send() -> None:
    """Bob's device learns the match is over only from Ann's last link (her answer to his resignation, or
    her last play): a match over by links still offers it, until sent; then the match is over here."""
    found = run(
        """
        const resigns = message(1, "turn", ["resign"]);
        const accepts = message(0, "turn", ["accept_resign"]);
        const over = remote({phase: "over", awaited: null});
        print({unsent: step(entry("correspondence", 0, resigns, accepts), over, "match_over"),
               sent: step(entry("correspondence", 1, resigns, accepts), over, "match_over"),
               theirs: step(entry("correspondence", 1, accepts, resigns), over, "match_over")});
        """
    )
    assert found["unsent"]["link"]["what"] == "answer" and not found["unsent"]["link"]["sent"]
    assert found["unsent"]["status"] == "Send Bob the link below: it holds your answer."
    assert found["sent"]["link"]["sent"]
    assert found["sent"]["status"] == "Match over. Offer Bob a rematch, or go back to your own match."
    assert found["theirs"]["link"] is None
