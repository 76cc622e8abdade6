"""build.py names the relays of live play in one step (docs/remote-transport.md): remote.json's list, or
`--relay`, or trystero's default public relays for our app id, written into index.html's
`<meta name="remote-relays">` and its Content-Security-Policy's `connect-src`, the rest of the policy as
it was."""

from __future__ import annotations

import json
import re
from html import unescape as html_unescape
from pathlib import Path

import pytest
from scripts.chromium import load_site_build

from .node_esm import run_module

site_build = load_site_build()
SOURCE_INDEX = Path(site_build.ROOT) / "index.html"


def policy_of(html: str) -> dict[str, str]:
    found = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    assert found is not None
    return dict(part.strip().split(" ", 1) for part in found.group(1).split(";"))


def relays_of(html: str) -> str:
    found = re.search(r'<meta name="remote-relays" content="([^"]*)">', html)
    assert found is not None
    return found.group(1)


@pytest.fixture
def page_copy(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text(SOURCE_INDEX.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path


def test_the_relays_go_into_the_meta_and_the_policy_and_nothing_else_changes(page_copy: Path) -> None:
    before = policy_of(SOURCE_INDEX.read_text(encoding="utf-8"))
    site_build.write_relays(page_copy, ["wss://relay.example.org", "wss://nos.lol/v2"])
    html = (page_copy / "index.html").read_text(encoding="utf-8")
    assert relays_of(html) == "wss://relay.example.org wss://nos.lol/v2"
    after = policy_of(html)
    assert after.pop("connect-src") == "'self' wss://relay.example.org wss://nos.lol/v2"
    assert before.pop("connect-src") == "'self'"
    assert after == before


def test_a_site_names_its_own_relays_in_remote_json(tmp_path: Path) -> None:
    config = tmp_path / "remote.json"
    config.write_text(json.dumps({"relays": ["wss://relay.example.org", "wss://relay.example.org"]}))
    assert site_build.site_relays(None, config) == ["wss://relay.example.org"]
    assert site_build.site_relays(["ws://127.0.0.1:7000"], config) == ["ws://127.0.0.1:7000"]


def test_without_a_list_the_relays_are_trysteros_default_for_our_app_id(tmp_path: Path) -> None:
    config = tmp_path / "remote.json"
    config.write_text(json.dumps({"relays": None}))
    relays = site_build.site_relays(None, config)
    assert len(relays) == 5 and all(url.startswith("wss://") for url in relays)
    assert relays == site_build.site_relays(None, tmp_path / "missing.json")


@pytest.mark.parametrize(
    "relays",
    [
        ["https://relay.example.org"],
        ["wss://relay.example.org; script-src *"],
        ["wss://relay.example.org 'unsafe-inline'"],
        ["wss://relay.example.org/?x=1"],
        [],
    ],
)
def test_an_address_that_is_not_a_relay_stops_the_build(relays: list[str]) -> None:
    with pytest.raises(site_build.BuildError):
        site_build.site_relays(relays)


def test_a_page_whose_policy_was_changed_by_hand_stops_the_build(page_copy: Path) -> None:
    page = page_copy / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("connect-src 'self'", "connect-src *"))
    with pytest.raises(site_build.BuildError, match="connect-src"):
        site_build.write_relays(page_copy, ["wss://relay.example.org"])


def ice_of(html: str) -> str:
    found = re.search(r'<meta name="remote-ice" content="([^"]*)">', html)
    assert found is not None
    return found.group(1)


def test_a_site_names_its_turn_server_in_remote_json_and_the_page_reads_it(
    tmp_path: Path, page_copy: Path
) -> None:
    """A TURN server (for networks where two devices cannot connect directly) goes from remote.json into the
    page's `<meta name="remote-ice">`, escaped for the attribute; web/relays.js reads it back whole."""
    config = tmp_path / "remote.json"
    server = {
        "urls": "turn:turn.example.org:3478?transport=tcp",
        "username": "game",
        "credential": 's3cr&t"x',
    }
    config.write_text(json.dumps({"relays": None, "iceServers": [{"urls": "stun:stun.example.org"}, server]}))
    servers = site_build.site_ice_servers(config)
    assert servers == [{"urls": ["stun:stun.example.org"]}, {**server, "urls": [server["urls"]]}]
    site_build.write_ice_servers(page_copy, servers)
    html = (page_copy / "index.html").read_text(encoding="utf-8")
    assert "&quot;" in ice_of(html) and '"' not in ice_of(html)
    content = html_unescape(ice_of(html))
    read = run_module(
        'import * as relays from "{WEB}/relays.js";',
        "const doc = {querySelector: () => ({getAttribute: () => " + json.dumps(content) + "})};"
        "print(relays.pageIceServers(doc));",
    )
    assert read == servers
    assert site_build.site_ice_servers(tmp_path / "missing.json") == []


@pytest.mark.parametrize(
    "servers",
    [
        [{"urls": "https://turn.example.org"}],
        [{"urls": 'turn:turn.example.org"><script>'}],
        [{"urls": []}],
        [{"urls": "turn:turn.example.org", "username": "a b"}],
        [{"urls": "turn:turn.example.org", "other": 1}],
        {"urls": "turn:turn.example.org"},
    ],
)
def test_an_ice_server_that_is_not_one_stops_the_build(tmp_path: Path, servers: object) -> None:
    config = tmp_path / "remote.json"
    config.write_text(json.dumps({"relays": None, "iceServers": servers}))
    with pytest.raises(site_build.BuildError, match="iceServers"):
        site_build.site_ice_servers(config)
