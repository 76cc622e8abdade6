"""An invitation to a live match (web/remote/link.js) and the relays a page names (web/relays.js), run
under Node: the room and the secret are random and uniform, travel in a link's fragment only, and come back
whole from the link or from the code read aloud; anything else is refused."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .node_esm import needs_node, run_module

IMPORTS = 'import * as link from "{WEB}/remote/link.js"; import * as relays from "{WEB}/relays.js";'


def run(body: str) -> Any:
    return run_module(IMPORTS, body)


@needs_node
def test_an_invitation_is_a_room_and_a_secret_of_crockford_symbols_drawn_uniformly() -> None:
    drawn = run("print(Array.from({length: 2000}, () => link.newInvitation()));")
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    assert all(len(i["room"]) == 8 and len(i["secret"]) == 12 for i in drawn)
    assert len({i["room"] for i in drawn}) == len(drawn) and len({i["secret"] for i in drawn}) == len(drawn)
    counts = Counter("".join(i["room"] + i["secret"] for i in drawn))
    assert set(counts) <= set(alphabet) and len(counts) == 32
    expected = 2000 * 20 / 32
    assert all(abs(count - expected) < 0.15 * expected for count in counts.values())


@needs_node
def test_the_invitation_travels_in_the_links_fragment_only_and_comes_back_whole() -> None:
    found = run(
        """
        const invitation = {room: "ABCD2345", secret: "K7QD3M9XHJNP"};
        const href = link.invitationLink(invitation, "https://example.org/games/bg/?x=1#position=abc");
        const url = new URL(href);
        print({href, path: url.pathname, search: url.search, back: link.readInvitation(url.hash)});
        """
    )
    assert found["href"] == "https://example.org/games/bg/?x=1#play=ABCD2345.K7QD3M9XHJNP"
    assert "ABCD2345" not in found["path"] + found["search"]
    assert found["back"] == {"room": "ABCD2345", "secret": "K7QD3M9XHJNP"}


@needs_node
def test_a_code_read_aloud_comes_back_whatever_its_case_dashes_and_look_alike_letters() -> None:
    found = run(
        """
        const invitation = {room: "0123ABCD", secret: "1EFG11HJKMNP"};
        const code = link.invitationCode(invitation);
        const typed = ["0123-abcd-1efg-11hj-kmnp", "O123 ABCD IEFG LlHJ KMNP", code];
        print({code, typed: typed.map(link.readCode)});
        """
    )
    assert found["code"] == "0123-ABCD-1EFG-11HJ-KMNP"
    assert found["typed"] == [{"room": "0123ABCD", "secret": "1EFG11HJKMNP"}] * 3


@needs_node
def test_fragments_and_codes_that_are_not_an_invitation_are_refused() -> None:
    found = run(
        """
        const hashes = ["", "#play=", "#play=ABCD2345", "#play=ABCD2345.K7QD3M9XHJN",
          "#play=ABCD2345.K7QD3M9XHJNPQ", "#play=abcd2345.K7QD3M9XHJNP", "#play=ABCU2345.K7QD3M9XHJNP",
          "#play=ABCD2345.K7QD3M9XHJNP&x=1",
          "#position=4HPwATDgc/ABMA", "#play=" + "A".repeat(200)];
        const codes = ["", "ABCD", "ABCD-2345-K7QD-3M9X-HJN", "ABCD-2345-K7QD-3M9X-HJNU",
          "ABCD-2345-K7QD-3M9X-HJN!"];
        print({hashes: hashes.map(link.readInvitation), codes: codes.map(link.readCode)});
        """
    )
    assert found["hashes"] == [None] * 10
    assert found["codes"] == [None] * 5


@needs_node
def test_only_ws_and_wss_relay_addresses_that_cannot_break_a_policy_are_taken() -> None:
    found = run(
        """
        const urls = ["wss://nos.lol", "wss://yabu.me/v2", "ws://127.0.0.1:6969", "https://nos.lol",
          "wss://nos.lol; script-src *", "wss://a'b", "wss://user:pw@nos.lol", "wss://nos.lol/?x=1", "wss://"];
        print(urls.map(relays.relayUrl));
        """
    )
    assert found == ["wss://nos.lol", "wss://yabu.me/v2", "ws://127.0.0.1:6969", *[None] * 6]
