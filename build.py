#!/usr/bin/env python3
"""Assemble the static site in ``dist/`` and serve it on localhost.

    python3 build.py                      # build dist/
    python3 build.py serve [--port N]     # build, then serve dist/ on http://127.0.0.1:N/
    python3 build.py serve --base-path /some/sub/path/   # dist/ mounted under a sub-path
    python3 build.py --relay wss://relay.example.org     # live play through this relay (remote.json's list)

Everything in dist/ is referenced by relative URLs, so the site works from any sub-path.
Standard library only: the build runs on a bare CPython 3.11 plus Node (for Pyodide).
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import email.utils
import hashlib
import http.server
import io
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html import escape as html_escape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DEFAULT_OUT = ROOT / "dist"
CACHE_DIR = ROOT / ".cache" / "build"
PYODIDE_SRC = ROOT / "node_modules" / "pyodide"
PYODIDE_VERSION = "314.0.7"
PACKAGE_SRC = ROOT / "py" / "backgammon"
PWA_SRC = ROOT / "pwa"

# The Pyodide runtime files we ship, with the sha256 of the pinned npm release. A mismatch means
# node_modules is not the release we tested against, so the build stops.
PYODIDE_FILES: dict[str, str] = {
    "pyodide.mjs": "6f1d60f7bf529beb300f0f47983c921d3982363640ba20af0e38efdddbc66109",
    "pyodide.asm.mjs": "f7cdc8ece80678ceb712f8e65ebe6d3a83203a180c399865f49612a051693635",
    "pyodide.asm.wasm": "cc36e3cab04fdfc9a63ff13eb52eae2b911bf46c025cc7b281f394bd3de1d5e6",
    "python_stdlib.zip": "fa1957e5777068fc4f7437f96d860ae2fbe9c19732ba06c84e004ec16dd7dd7a",
    "pyodide-lock.json": "5dc2fc119108bc148c7457dc86e7675b5c87e1cafd420b9c34c1eaef7b36c010",
}

# What dist/pyodide/ holds: these as they are, a trimmed lock file, and the stdlib (trimmed to what the game
# may import, and precompiled: scripts/compile_pyc.py).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB_NAME = "stdlib.zip"
COMPILER_FILES = (ROOT / "scripts" / "compile_pyc.mjs", ROOT / "scripts" / "compile_pyc.py")
# Where web/engine/worker.js puts py/backgammon.zip in Pyodide's file system (the .pyc name their source
# there).
ARCHIVE_PATH_IN_PYODIDE = "/lib/backgammon.zip"

# The start board as web/board/board.js draws it (scripts/board_snapshot.py), put into index.html's empty
# board so the first frame shows it; web/app.js replaces it with the live board. Two drawings: the desktop's
# board and the phone's narrow one, each shown by web/app.css on the screens that draw it.
BOARD_SNAPSHOT = ROOT / "web" / "board" / "start.svg"
BOARD_SNAPSHOT_NARROW = ROOT / "web" / "board" / "start-narrow.svg"
EMPTY_BOARD = '<div id="board" class="board" tabindex="-1"></div>'
# What the drawing of the start board holds for the live board alone, left out of index.html's copy: the
# points' hit areas, glows and focus rings (transparent until a checker is picked up or a point focused) and
# the names and data the live board's code reads. The first frame paints the same (tests/e2e/test_startup.py)
# from about a quarter fewer elements for the HTML parser to build and the first frame to style.
SNAPSHOT_UNSEEN = (
    re.compile(r'<(polygon|rect)\b[^>]*\bclass="(?:glow|hit|focus-ring)"[^>]*></\1>'),
    re.compile(r' (?:data-[a-z-]+|role|aria-label)="[^"]*"'),
)

# esbuild joins the pages' modules (scripts/bundle.mjs); its package.json, checked against the pinned version.
ESBUILD = ROOT / "node_modules" / "esbuild" / "package.json"
ESBUILD_VERSION = "0.28.2"

# Modules loaded on first use that import npm packages by their bare names: build.py makes each its own
# entry of the joining step, so its file in dist/ holds what it imports (with --no-bundle too, for them
# alone).
VENDORED_ENTRIES = ("web/remote/transport.js", "web/lobby/keys.js", "web/lobby/relay-pool.js")
# Modules the pages import on first use that must stay one file of their own, whoever imports them: the
# offline app (the game's page and the tutorial both import it once started; a second copy would register
# twice).
LAZY_ENTRIES = ("web/pwa.js",)
# trystero (serverless WebRTC matchmaking over public Nostr relays) for live play on two devices; its
# version is checked, since its default relays are computed from it (scripts/default_relays.mjs).
TRYSTERO = ROOT / "node_modules" / "trystero" / "package.json"
TRYSTERO_VERSION = "0.25.4"
# The relays of live play (docs/remote-transport.md): `{"relays": [...]}`, or null for trystero's default
# public relays for our app id. build.py writes the list into index.html twice in one step:
# `<meta name="remote-relays">` (read by web/relays.js) and the Content-Security-Policy's
# `connect-src`.
# The npm packages joined into web/remote/transport.js, web/lobby/keys.js (nostr-tools: the player's
# key pair, signing, NIP-44) and web/lobby/relay-pool.js (nostr-tools: the lobby's relays), whose licences
# ship beside the first (LICENSES.txt).
VENDORED_PACKAGES = (
    "trystero",
    "@trystero-p2p/core",
    "@trystero-p2p/nostr",
    "@noble/secp256k1",
    "nostr-tools",
    "@noble/curves",
    "@noble/hashes",
    "@scure/base",
)
VENDORED_LICENSES = "web/remote/LICENSES.txt"
REMOTE_CONFIG = ROOT / "remote.json"
RELAYS_META = re.compile(r'<meta name="remote-relays" content="[^"]*">')
CSP_META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
RELAY_URL = re.compile(r"^wss?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~/-]*)?$")
# A site's STUN and TURN servers for live play (remote.json's `iceServers`, WebRTC's RTCIceServer list): a
# TURN server passes the data of two devices that cannot connect directly (some mobile networks). Written into
# `<meta name="remote-ice">` as JSON (read by web/relays.js); WebRTC is not governed by the policy.
ICE_META = re.compile(r'<meta name="remote-ice" content="[^"]*">')
ICE_URL = re.compile(r"^(?:stun|turn|turns):[A-Za-z0-9.:\[\]-]+(?:\?transport=(?:udp|tcp))?$")
ICE_TEXT = re.compile(r"^[\x21-\x7e]{1,256}$")

# Parts of py/backgammon that are not needed in the browser.
PACKAGE_EXCLUDED_DIRS = frozenset({"__pycache__", "tests", "training", ".mypy_cache", ".pytest_cache"})
PACKAGE_EXCLUDED_SUFFIXES = (".pyc", ".pyo", ".orig", ".rej", "~")
# Package data that ships beside the archive instead of in it: the bear-off database (702 kB) is fetched by
# the worker's Python the first time a bear-off is judged (backgammon.bot.bearoff_db), so it adds nothing
# to the download at start; the service worker precaches it with every other file.
PACKAGE_LAZY_FILES = {"backgammon/bot/bearoff.bin": "py/bearoff.bin"}

# Brotli copies, FILE.br beside each file that compresses (scripts/brotli.mjs, Node's zlib at quality 11): the
# hosts that serve precompressed files (Netlify, Cloudflare Pages, nginx with brotli_static) send them to a
# browser that accepts br, `build.py serve` too; Pyodide's WebAssembly is 2.7 MB so instead of 3.5 MB gzipped.
# The zips and the bear-off database are compressed already; images too.
BROTLI_SUFFIXES = (".html", ".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".wasm", ".txt")
BROTLI_SCRIPT = ROOT / "scripts" / "brotli.mjs"

# Fixed zip timestamps make the archive (and so the build id) depend on content only.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".html": "text/html",
    ".css": "text/css",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".zip": "application/zip",
    ".ico": "image/x-icon",
    ".txt": "text/plain",
}


class BuildError(RuntimeError):
    """The build cannot go on (missing input, checksum mismatch, failed compile)."""


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def verify_pyodide(source: Path = PYODIDE_SRC) -> None:
    """Check every vendored Pyodide file against its pinned sha256."""
    if not source.is_dir():
        raise BuildError(f"{source} is missing: run `npm ci` first (pyodide {PYODIDE_VERSION})")
    for name, expected in PYODIDE_FILES.items():
        path = source / name
        if not path.is_file():
            raise BuildError(f"{path} is missing from the pyodide {PYODIDE_VERSION} npm package")
        actual = sha256_of(path)
        if actual != expected:
            raise BuildError(f"{path}: sha256 {actual} does not match the pinned {expected}")


def package_files(source: Path = PACKAGE_SRC) -> Iterator[tuple[Path, str]]:
    """(file, archive name) for each shipped file of the Python package, in a stable order."""
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source.parent)
        if any(part in PACKAGE_EXCLUDED_DIRS or part.startswith("test_") for part in relative.parts):
            continue
        if (
            path.is_file()
            and not path.name.endswith(PACKAGE_EXCLUDED_SUFFIXES)
            and relative.as_posix() not in PACKAGE_LAZY_FILES
        ):
            yield path, relative.as_posix()


def write_zip(target: Path, entries: Iterable[tuple[str, bytes]]) -> None:
    """A deterministic deflated zip of (name, data) entries."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data, compresslevel=9)


def build_package_archive(target: Path, compiled: dict[str, bytes] | None = None) -> None:
    """Our package as one zip; `compiled` adds precompiled .pyc entries (archive name -> bytes)."""
    entries = [(name, path.read_bytes()) for path, name in package_files()]
    entries.extend(sorted((compiled or {}).items()))
    write_zip(target, entries)


def copy_lazy_package_files(out: Path, source: Path = PACKAGE_SRC) -> None:
    """The package data left out of the archive, to where the worker's Python fetches it."""
    for name, target in PACKAGE_LAZY_FILES.items():
        (out / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source.parent / name, out / target)


def copy_site_sources(out: Path) -> None:
    """The pages (top-level *.html) and the web/ folder the UI is made of."""
    pages = sorted(ROOT.glob("*.html"))
    if not (ROOT / "index.html").is_file():
        raise BuildError("index.html is missing at the repository root")
    for page in pages:
        shutil.copy2(page, out / page.name)
    for folder in ("web", "tutorial"):
        if (ROOT / folder).is_dir():
            shutil.copytree(
                ROOT / folder,
                out / folder,
                # web/types*.js hold JSDoc typedefs for tsc alone: nothing runs them.
                ignore=shutil.ignore_patterns(
                    "*.map",
                    "*.d.ts",
                    ".*",
                    "types.js",
                    "types.generated.js",
                    BOARD_SNAPSHOT.name,
                    BOARD_SNAPSHOT_NARROW.name,
                ),
            )


def seen_drawing(svg: str) -> str:
    """The drawing of the start board without what the first frame does not show (SNAPSHOT_UNSEEN)."""
    for pattern in SNAPSHOT_UNSEEN:
        svg = pattern.sub("", svg)
    return svg


def inline_board_snapshot(out: Path) -> None:
    """index.html's board starts as the saved drawing of the start board, when there is one."""
    if not BOARD_SNAPSHOT.is_file():
        return
    page = out / "index.html"
    html = page.read_text(encoding="utf-8")
    if EMPTY_BOARD not in html:
        raise BuildError(f"index.html has no {EMPTY_BOARD} for the drawing of the start board")
    svg = BOARD_SNAPSHOT.read_text(encoding="utf-8").strip()
    if BOARD_SNAPSHOT_NARROW.is_file():
        svg += BOARD_SNAPSHOT_NARROW.read_text(encoding="utf-8").strip()
    drawn = EMPTY_BOARD.replace("></div>", f">{seen_drawing(svg)}</div>")
    page.write_text(html.replace(EMPTY_BOARD, drawn), encoding="utf-8")


# A static `import … from "./x.js"` / `export … from "./x.js"` / `import "./x.js"` at the start of a line.
STATIC_IMPORT = re.compile(
    r"""^[ \t]*(?:import|export)\s+(?:[^"';]*?\s*from\s*)?["'](\.{1,2}/[^"']+\.m?js)["']""", re.MULTILINE
)
MODULE_SCRIPT = re.compile(r"""^([ \t]*)<script type="module" src="([^"]+)"></script>""", re.MULTILINE)


def module_graph(out: Path, entries: list[str]) -> list[str]:
    """The modules the entry scripts import statically, directly or not (URLs relative to `out`),
    in the order found, entries excluded."""
    found: list[str] = []
    seen = set(entries)
    queue = list(entries)
    while queue:
        module = out / queue.pop(0)
        if not module.is_file():
            continue
        for target in STATIC_IMPORT.findall(module.read_text(encoding="utf-8")):
            resolved = (module.parent / target).resolve()
            if not resolved.is_relative_to(out.resolve()):
                continue
            url = resolved.relative_to(out.resolve()).as_posix()
            if url not in seen:
                seen.add(url)
                found.append(url)
                queue.append(url)
    return found


def page_module_scripts(out: Path) -> list[str]:
    """The module scripts of the site's pages (URLs relative to `out`), in page order."""
    scripts: list[str] = []
    for page in sorted(out.glob("*.html")):
        for _, src in MODULE_SCRIPT.findall(page.read_text(encoding="utf-8")):
            if src not in scripts:
                scripts.append(src)
    return scripts


def check_esbuild() -> str:
    """The path of node, once esbuild is found at its pinned version."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing: it runs esbuild to join the pages' modules (or use --no-bundle)")
    if not ESBUILD.is_file():
        raise BuildError(f"{ESBUILD} is missing: run `npm ci` first (esbuild {ESBUILD_VERSION})")
    version = json.loads(ESBUILD.read_text(encoding="utf-8"))["version"]
    if version != ESBUILD_VERSION:
        raise BuildError(f"esbuild {version} is installed, not the pinned {ESBUILD_VERSION}: run `npm ci`")
    return node


def run_bundler(out: Path, entries: list[str]) -> None:
    command = [check_esbuild(), str(ROOT / "scripts" / "bundle.mjs"), str(out), *entries]
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    if completed.returncode != 0:
        raise BuildError(f"joining the pages' modules failed:\n{completed.stdout}{completed.stderr}")


def vendored_entries(out: Path) -> list[str]:
    """The modules of VENDORED_ENTRIES the site has."""
    return [entry for entry in VENDORED_ENTRIES if (out / entry).is_file()]


def bundle_vendored(out: Path) -> None:
    """Without joining the pages' modules (--no-bundle), the modules that import npm packages are joined with
    what they import all the same: a browser cannot resolve a bare `import "trystero"`."""
    entries = vendored_entries(out)
    if entries:
        run_bundler(out, entries)


def write_vendored_licenses(out: Path) -> None:
    """The licences of the npm packages joined into the site's files, in one text beside them (esbuild keeps
    no comments of theirs)."""
    if not vendored_entries(out):
        return
    parts = []
    for name in VENDORED_PACKAGES:
        package = ROOT / "node_modules" / name
        version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
        licence = (package / "LICENSE").read_text(encoding="utf-8").strip()
        parts.append(f"{name} {version}\n\n{licence}\n")
    (out / VENDORED_LICENSES).write_text("\n\n".join(parts), encoding="utf-8")


def bundle_modules(out: Path) -> None:
    """Each page's module scripts joined with the modules they import (scripts/bundle.mjs, esbuild): a
    page then fetches, compiles and links a few files at start instead of one per module (37 for the
    game), and its requests leave the connections free for the engine's downloads. The code an entry
    shares with what it loads on first use (`import()`) goes into web/chunk-*.js, so every module
    still runs once. The separate modules stay in dist/ as they are (the tests and the tutorial's
    units import some of them)."""
    entries = page_module_scripts(out)
    if not entries:
        return
    # The modules loaded on first use that vendor npm packages are entries too, so that their files hold what
    # they import (and the page's dynamic import() of them finds it there, not in the start files).
    lazy = [*vendored_entries(out), *(entry for entry in LAZY_ENTRIES if (out / entry).is_file())]
    run_bundler(out, [*entries, *(entry for entry in lazy if entry not in entries)])


STYLESHEET_LINK = re.compile(r"""^[ \t]*<link rel="stylesheet" href="([^"]+)">\n""", re.MULTILINE)
# What would change meaning if a stylesheet moved into another file or folder.
STYLESHEET_UNJOINABLE = re.compile(r"url\(|@import|@charset", re.IGNORECASE)


def join_stylesheets(out: Path) -> None:
    """Each page's stylesheets as one file, web/pages/PAGE.css (their text in the page's order, so the
    cascade is the same): one request that holds the first frame instead of one per file."""
    for page in sorted(out.glob("*.html")):
        html = page.read_text(encoding="utf-8")
        links = list(STYLESHEET_LINK.finditer(html))
        if len(links) < 2:
            continue
        parts = []
        for link in links:
            source = out / link.group(1)
            text = source.read_text(encoding="utf-8")
            if STYLESHEET_UNJOINABLE.search(text):
                raise BuildError(f"{link.group(1)} has url(), @import or @charset: it cannot be joined")
            parts.append(f"/* {link.group(1)} */\n{text.rstrip()}\n")
        joined = f"web/pages/{page.stem}.css"
        (out / joined).parent.mkdir(parents=True, exist_ok=True)
        (out / joined).write_text("\n".join(parts), encoding="utf-8")
        first = links[0]
        line = first.group(0).replace(first.group(1), joined)
        between = "".join(html[a.end() : b.start()] for a, b in itertools.pairwise(links))
        html = html[: first.start()] + line + between + html[links[-1].end() :]
        page.write_text(html, encoding="utf-8")


def add_module_preloads(out: Path) -> None:
    """Each page names its whole static module graph in `<link rel="modulepreload">` before its first
    module script, so the browser fetches every module at once rather than one level of imports
    after another; the page's worker and the board start that much sooner."""
    for page in sorted(out.glob("*.html")):
        html = page.read_text(encoding="utf-8")
        scripts = MODULE_SCRIPT.findall(html)
        if not scripts:
            continue
        indent = scripts[0][0]
        modules = module_graph(out, [src for _, src in scripts])
        links = "".join(f'{indent}<link rel="modulepreload" href="{url}">\n' for url in modules)
        first = MODULE_SCRIPT.search(html)
        assert first is not None
        page.write_text(html[: first.start()] + links + html[first.start() :], encoding="utf-8")


# What index.html needs for its first frame, put into it (scripts and stylesheets inline, each allowed by
# its hash in the page's policy): its first paint waits for no other file, and the engine's worker starts
# one round trip sooner.
INLINED_SCRIPTS = ("web/engine/start.js", "web/theme-start.js")
CLASSIC_SCRIPT = re.compile(r"""^([ \t]*)<script src="([^"]+)"></script>\n""", re.MULTILINE)


def csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def inline_first_frame(out: Path) -> None:
    """index.html's start scripts (INLINED_SCRIPTS) and stylesheets become inline elements, each allowed by
    its sha256 in the page's Content-Security-Policy (script-src, style-src)."""
    page = out / "index.html"
    html = page.read_text(encoding="utf-8")
    hashes: dict[str, list[str]] = {"script-src": [], "style-src": []}

    def inline(kind: str, indent: str, source: str) -> str:
        text = (out / source).read_text(encoding="utf-8")
        if f"</{kind}" in text.lower():
            raise BuildError(f"{source} holds </{kind}: it cannot be put inline")
        hashes["script-src" if kind == "script" else "style-src"].append(csp_hash(text))
        return f"{indent}<{kind}>{text}</{kind}>\n"

    def script(match: re.Match[str]) -> str:
        if match.group(2) not in INLINED_SCRIPTS:
            return match.group(0)
        return inline("script", match.group(1), match.group(2))

    html = CLASSIC_SCRIPT.sub(script, html)
    html = STYLESHEET_LINK.sub(lambda match: inline("style", "  ", match.group(1)), html)
    policies = CSP_META.findall(html)
    if len(policies) != 1:
        raise BuildError("index.html must hold one Content-Security-Policy <meta>")
    directives = [part.strip() for part in policies[0].split(";")]
    for name, added in hashes.items():
        if not added:
            continue
        found = [at for at, part in enumerate(directives) if part.split(" ", 1)[0] == name]
        if len(found) != 1:
            raise BuildError(f"index.html's policy must have one {name} to allow its inline {name[:-4]}s")
        directives[found[0]] += " " + " ".join(dict.fromkeys(added))
    policy = "; ".join(directives)
    html = CSP_META.sub(lambda _: f'<meta http-equiv="Content-Security-Policy" content="{policy}">', html)
    page.write_text(html, encoding="utf-8")


def check_relay(url: str) -> str:
    """`url` if it is a relay address the page may be given: ws:// or wss://, a host, an optional port
    and path, nothing that could end a Content-Security-Policy's source list."""
    if not RELAY_URL.match(url):
        raise BuildError(f"{url!r} is not a relay address: wss://HOST[:PORT][/PATH] (ws:// if local)")
    return url


def default_relays() -> list[str]:
    """The public Nostr relays trystero picks for our app id (scripts/default_relays.mjs, trystero pinned)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing: it computes trystero's default relays (or name them: --relay)")
    if not TRYSTERO.is_file():
        raise BuildError(f"{TRYSTERO} is missing: run `npm ci` first (trystero {TRYSTERO_VERSION})")
    version = json.loads(TRYSTERO.read_text(encoding="utf-8"))["version"]
    if version != TRYSTERO_VERSION:
        raise BuildError(f"trystero {version} is installed, not the pinned {TRYSTERO_VERSION}: run `npm ci`")
    command = [node, str(ROOT / "scripts" / "default_relays.mjs")]
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    if completed.returncode != 0:
        raise BuildError(f"computing trystero's default relays failed:\n{completed.stdout}{completed.stderr}")
    relays = json.loads(completed.stdout)
    if not isinstance(relays, list) or not relays or not all(isinstance(url, str) for url in relays):
        raise BuildError(f"trystero's default relays came back as {completed.stdout!r}")
    return [check_relay(url) for url in relays]


def site_relays(relays: list[str] | None = None, config: Path = REMOTE_CONFIG) -> list[str]:
    """The relays of live play: `relays` if given (--relay), else remote.json's, else trystero's default."""
    if relays is None and config.is_file():
        try:
            named = json.loads(config.read_text(encoding="utf-8")).get("relays")
        except (ValueError, AttributeError) as error:
            raise BuildError(f"{config.name} is not a JSON object with a relays list: {error}") from error
        if named is not None:
            if not isinstance(named, list) or not named or not all(isinstance(url, str) for url in named):
                raise BuildError(f"{config.name}: relays is a list of wss:// addresses, or null (default)")
            relays = named
    if relays is None:
        return default_relays()
    if not relays:
        raise BuildError("live play needs at least one relay")
    return list(dict.fromkeys(check_relay(url) for url in relays))


def site_ice_servers(config: Path = REMOTE_CONFIG) -> list[dict[str, Any]]:
    """remote.json's `iceServers` (none by default: WebRTC's own STUN defaults, no TURN), each checked:
    `{"urls": "turn:HOST:PORT" or a list of such, "username"?, "credential"?}`."""
    if not config.is_file():
        return []
    try:
        servers = json.loads(config.read_text(encoding="utf-8")).get("iceServers", [])
    except (ValueError, AttributeError) as error:
        raise BuildError(f"{config.name} is not a JSON object: {error}") from error
    wrong = BuildError(
        f'{config.name}: iceServers is a list of {{"urls": "turn:HOST:PORT" (or stun:, turns:), '
        '"username"?, "credential"?}'
    )
    if not isinstance(servers, list):
        raise wrong
    checked = []
    for server in servers:
        if not isinstance(server, dict) or set(server) - {"urls", "username", "credential"}:
            raise wrong
        urls = server.get("urls")
        urls = [urls] if isinstance(urls, str) else urls
        if not isinstance(urls, list) or not urls:
            raise wrong
        if not all(isinstance(url, str) and ICE_URL.match(url) for url in urls):
            raise wrong
        extra = {key: server[key] for key in ("username", "credential") if key in server}
        if not all(isinstance(value, str) and ICE_TEXT.match(value) for value in extra.values()):
            raise wrong
        checked.append({"urls": urls, **extra})
    return checked


def write_ice_servers(out: Path, servers: list[dict[str, Any]]) -> None:
    """index.html's `<meta name="remote-ice">` holds `servers` as JSON, escaped for the attribute."""
    page = out / "index.html"
    html = page.read_text(encoding="utf-8")
    if len(ICE_META.findall(html)) != 1:
        raise BuildError('index.html must hold one <meta name="remote-ice" content=""> for the ICE servers')
    content = html_escape(json.dumps(servers, separators=(",", ":")) if servers else "", quote=True)
    html = ICE_META.sub(lambda _: f'<meta name="remote-ice" content="{content}">', html)
    page.write_text(html, encoding="utf-8")


def write_relays(out: Path, relays: list[str]) -> None:
    """index.html names `relays` twice, in one step: in `<meta name="remote-relays">`, where the page reads
    the relays it uses, and in its Content-Security-Policy's `connect-src`, the hosts it may open a
    connection to (besides its own origin). The rest of the policy is left as it is."""
    page = out / "index.html"
    html = page.read_text(encoding="utf-8")
    listed = " ".join(check_relay(url) for url in relays)
    if len(RELAYS_META.findall(html)) != 1:
        raise BuildError('index.html must hold one <meta name="remote-relays" content=""> for the relays')
    policies = CSP_META.findall(html)
    if len(policies) != 1:
        raise BuildError("index.html must hold one Content-Security-Policy <meta>")
    directives = [part.strip() for part in policies[0].split(";")]
    connect = [part for part in directives if part.split(" ", 1)[0] == "connect-src"]
    if connect != ["connect-src 'self'"]:
        raise BuildError(f"index.html's policy must say connect-src 'self' to add the relays: {connect}")
    policy = "; ".join(f"connect-src 'self' {listed}" if part in connect else part for part in directives)
    html = CSP_META.sub(lambda _: f'<meta http-equiv="Content-Security-Policy" content="{policy}">', html)
    html = RELAYS_META.sub(lambda _: f'<meta name="remote-relays" content="{listed}">', html)
    page.write_text(html, encoding="utf-8")


def trimmed_lock_file() -> bytes:
    """Pyodide's lock file without its package list: the app loads no Pyodide packages, and
    loadPyodide fetches the lock file at start (119 kB otherwise)."""
    lock = json.loads((PYODIDE_SRC / "pyodide-lock.json").read_text(encoding="utf-8"))
    return json.dumps({"info": lock["info"], "packages": {}}, separators=(",", ":")).encode()


def vendor_pyodide(out: Path, stdlib: Path) -> None:
    """The runtime files into out/pyodide/; `stdlib` becomes out/pyodide/stdlib.zip."""
    verify_pyodide()
    target = out / "pyodide"
    target.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(PYODIDE_SRC / name, target / name)
    (target / "pyodide-lock.json").write_bytes(trimmed_lock_file())
    shutil.copy2(stdlib, target / STDLIB_NAME)


# The engine's files whose arrival web/engine/worker.js counts for the page's progress, and the lines there
# that build.py gives their size in all and our archive's (asked for once the others have nearly arrived).
COUNTED_ENGINE_FILES = (
    "pyodide/pyodide.asm.wasm",
    "pyodide/stdlib.zip",
    "pyodide/pyodide-lock.json",
    "py/backgammon.zip",
)
ARCHIVE_FILE = "py/backgammon.zip"
ENGINE_SIZE_LINES = {"ENGINE_BYTES": "const ENGINE_BYTES = 0;", "ARCHIVE_BYTES": "const ARCHIVE_BYTES = 0;"}


def write_engine_size(out: Path) -> None:
    """The worker's ENGINE_BYTES and ARCHIVE_BYTES: the size of the files it counts as they arrive (its
    progress's total), and of our archive among them."""
    worker = out / "web" / "engine" / "worker.js"
    text = worker.read_text(encoding="utf-8")
    sizes = {
        "ENGINE_BYTES": sum((out / name).stat().st_size for name in COUNTED_ENGINE_FILES),
        "ARCHIVE_BYTES": (out / ARCHIVE_FILE).stat().st_size,
    }
    for name, line in ENGINE_SIZE_LINES.items():
        if text.count(line) != 1:
            raise BuildError(f"{worker.name} must hold one `{line}` for the engine's size")
        text = text.replace(line, f"const {name} = {sizes[name]};")
    worker.write_text(text, encoding="utf-8")


def compile_for_pyodide(package_zip: Path) -> tuple[Path, Path]:
    """(compiled stdlib zip, compiled package zip) for Pyodide's Python, cached by their inputs.

    Runs scripts/compile_pyc.mjs under Node: only Pyodide's own interpreter writes .pyc that its
    Python 3.14 accepts."""
    key = hashlib.sha256()
    for part in (PYODIDE_SRC / "python_stdlib.zip", package_zip, *COMPILER_FILES):
        key.update(sha256_of(part).encode())
    key.update(ARCHIVE_PATH_IN_PYODIDE.encode())
    cached = CACHE_DIR / key.hexdigest()[:24]
    stdlib_out, package_out = cached / "stdlib.zip", cached / "backgammon.zip"
    if stdlib_out.is_file() and package_out.is_file():
        return stdlib_out, package_out
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is missing: it runs Pyodide to precompile Python (or build with --no-compile)")
    # A private work folder: several builds (a developer's, a test session's) may run at once.
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=cached.name + ".", dir=CACHE_DIR))
    command = [
        node,
        str(ROOT / "scripts" / "compile_pyc.mjs"),
        str(PYODIDE_SRC / "python_stdlib.zip"),
        str(work / "stdlib.zip"),
        str(package_zip),
        str(work / "backgammon.zip"),
        PACKAGE_SRC.name,
        ARCHIVE_PATH_IN_PYODIDE,
    ]
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    if completed.returncode != 0:
        raise BuildError(f"precompiling for Pyodide failed:\n{completed.stdout}{completed.stderr}")
    if completed.stderr.strip():
        print(completed.stderr.strip(), file=sys.stderr)
    try:
        work.rename(cached)
    except OSError:  # another build finished the same compile first: theirs is identical
        shutil.rmtree(work, ignore_errors=True)
    return stdlib_out, package_out


def build(
    out: Path = DEFAULT_OUT, precompile: bool = True, bundle: bool = True, relays: list[str] | None = None
) -> Path:
    """Build the static site into `out` (replaced whole) and return it. Without `precompile` the
    stdlib and our package ship as source (a quicker build, a slower start); without `bundle` the
    pages load their modules one by one, as they are in web/. `relays` are those of live play on two
    devices (remote.json's, or trystero's default public relays, without)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=out.name + ".staging.", dir=out.parent))
    staging.chmod(0o755)  # mkdtemp makes it private; a static host must be able to read it
    try:
        assemble(staging, precompile, bundle, relays)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    if out.exists():
        shutil.rmtree(out)
    staging.rename(out)
    return out


def assemble(staging: Path, precompile: bool, bundle: bool = True, relays: list[str] | None = None) -> None:
    copy_site_sources(staging)
    inline_board_snapshot(staging)
    write_relays(staging, site_relays(relays))
    write_ice_servers(staging, site_ice_servers())
    if bundle:
        bundle_modules(staging)
        join_stylesheets(staging)
    else:
        bundle_vendored(staging)
    write_vendored_licenses(staging)
    add_module_preloads(staging)
    inline_first_frame(staging)
    source_archive = staging / "py" / "backgammon.zip"
    build_package_archive(source_archive)
    copy_lazy_package_files(staging)
    if precompile:
        stdlib, package = compile_for_pyodide(source_archive)
        shutil.copy2(package, source_archive)
    else:
        stdlib = PYODIDE_SRC / "python_stdlib.zip"
    vendor_pyodide(staging, stdlib)
    write_engine_size(staging)
    write_app_files(staging)
    write_service_worker(staging)
    write_brotli(staging)


def cached_icons() -> dict[str, bytes]:
    """The generated icons, drawn once per version of the drawing code (it takes a few seconds)."""
    # scripts/ is a package beside this file: on the path when build.py runs (its own folder) and when the
    # tests and benchmarks load it (the repository root).
    from scripts.site_icons import icon_files

    folder = CACHE_DIR / f"icons-{sha256_of(ROOT / 'scripts' / 'site_icons.py')[:16]}"
    if not folder.is_dir():
        CACHE_DIR.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=CACHE_DIR))
        for name, data in icon_files().items():
            (work / name).parent.mkdir(parents=True, exist_ok=True)
            (work / name).write_bytes(data)
        try:
            work.rename(folder)
        except OSError:  # drawn by a concurrent build meanwhile
            shutil.rmtree(work, ignore_errors=True)
    files = (path for path in folder.rglob("*") if path.is_file())
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in files}


def language_manifests() -> dict[str, str]:
    """The web app manifest in each language but English, by code: English's (pwa/) with its name, short name
    and description from the language's catalogue (web/i18n/CODE.js, `app.*`), its `lang` and `dir`. The page
    links the one of its language (web/i18n/i18n.js translatePage): Chromium reads the manifest linked when it
    asks for it, so an app installed from a French page is named in French."""
    english = json.loads((PWA_SRC / "manifest.webmanifest").read_text(encoding="utf-8"))
    folder = ROOT / "web" / "i18n"
    directions = dict(
        re.findall(
            r'^\s*"?([\w-]+)"?: \{ name: .*dir: "(ltr|rtl)"',
            (folder / "languages.js").read_text(encoding="utf-8"),
            re.M,
        )
    )
    manifests = {}
    for code in sorted(directions):
        if code == "en":
            continue
        text = (folder / f"{code}.js").read_text(encoding="utf-8")
        words = json.loads(
            text[text.index("export default ") + len("export default ") :].strip().removesuffix(";")
        )
        manifest = {**english, "lang": code, "dir": directions[code]}
        manifest.update(
            name=words["app.name"], short_name=words["app.shortName"], description=words["app.description"]
        )
        manifests[code] = json.dumps(manifest, ensure_ascii=False, indent=2) + "\n"
    return manifests


def write_app_files(out: Path) -> None:
    """What makes the site an installable app: the manifests (English's, and one per language) and the icons
    (favicon.ico included)."""
    shutil.copy2(PWA_SRC / "manifest.webmanifest", out / "manifest.webmanifest")
    for code, text in language_manifests().items():
        (out / f"manifest.{code}.webmanifest").write_text(text, encoding="utf-8")
    for name, data in cached_icons().items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)


def site_files(out: Path) -> list[str]:
    """Every file of the built site as a URL relative to its root, in a stable order."""
    return sorted(path.relative_to(out).as_posix() for path in out.rglob("*") if path.is_file())


def precached_files(out: Path) -> list[str]:
    """The files the service worker keeps offline: all of the site but itself and the brotli copies (the
    browser fetches a file and gets its copy in its stead)."""
    return [name for name in site_files(out) if name != "sw.js" and not name.endswith(".br")]


def write_brotli(out: Path) -> None:
    """FILE.br beside each file of BROTLI_SUFFIXES, cached by content (quality 11 takes a while on the
    WebAssembly: about 40 s of CPU)."""
    folder = CACHE_DIR / f"brotli-{sha256_of(BROTLI_SCRIPT)[:12]}"
    files = [out / name for name in site_files(out) if name.endswith(BROTLI_SUFFIXES)]
    cached = {path: folder / f"{sha256_of(path)}.br" for path in files}
    missing = [part for path, entry in cached.items() if not entry.is_file() for part in (path, entry)]
    if missing:
        node = shutil.which("node")
        if node is None:
            raise BuildError("node is missing: it writes the brotli copies")
        folder.mkdir(parents=True, exist_ok=True)
        command = [node, str(BROTLI_SCRIPT), *map(str, missing)]
        completed = subprocess.run(command, capture_output=True, text=True, check=False)
        if completed.returncode != 0:
            raise BuildError(f"writing the brotli copies failed:\n{completed.stdout}{completed.stderr}")
    for path, entry in cached.items():
        if entry.stat().st_size < path.stat().st_size:
            shutil.copyfile(entry, path.with_name(path.name + ".br"))  # dated now: not older than its file


def build_id(out: Path, files: list[str]) -> str:
    """A hash of every file's name and content: any change gives a new id (and cache)."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(f"{name}\0{sha256_of(out / name)}\n".encode())
    return digest.hexdigest()[:16]


def write_service_worker(out: Path) -> None:
    """sw.js at the site's root, naming this build and precaching every file of it."""
    files = precached_files(out)
    precache = ["./", *files]  # "./" is how the start page is requested
    template = (PWA_SRC / "sw.js").read_text(encoding="utf-8")
    script = template.replace("__BUILD_ID__", build_id(out, files)).replace(
        '"__PRECACHE__"', json.dumps(json.dumps(precache))
    )
    (out / "sw.js").write_text(script, encoding="utf-8")


# --- serving -------------------------------------------------------------------------------------


@dataclass
class SiteMount:
    """Which folder is served, and under which URL prefix (always starting and ending with '/')."""

    directory: Path
    base_path: str = "/"


def normalise_base_path(base_path: str) -> str:
    stripped = base_path.strip("/")
    return f"/{stripped}/" if stripped else "/"


def accepts_brotli(accept_encoding: str) -> bool:
    """Whether an Accept-Encoding header takes br (and not with q=0)."""
    for part in accept_encoding.split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() == "br":
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def brotli_copy(path: Path, accept_encoding: str) -> Path | None:
    """The build's FILE.br to send for `path`, when the browser takes br and the copy is not older than the
    file (a file changed after the build is sent as it is)."""
    brotli = path.with_name(path.name + ".br")
    if not (accepts_brotli(accept_encoding) and path.is_file() and brotli.is_file()):
        return None
    return brotli if brotli.stat().st_mtime >= path.stat().st_mtime else None


class SiteRequestHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the mounted folder under its base path with the MIME types Pyodide needs."""

    extensions_map = {  # noqa: RUF012 (the base class declares it as a plain attribute)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    mount: SiteMount  # set on the per-server subclass
    quiet = True

    def translate_path(self, path: str) -> str:
        base = self.mount.base_path
        url_path = path.split("?", 1)[0].split("#", 1)[0]
        if not url_path.startswith(base):
            return str(self.mount.directory / ".missing-outside-base-path")
        inner = "/" + url_path[len(base) :]
        self.directory = str(self.mount.directory)
        return super().translate_path(inner)

    def send_head(self) -> Any:
        # `/sub/path` without its slash: redirect so relative URLs resolve inside the mount.
        url_path = self.path.split("?", 1)[0]
        if url_path + "/" == self.mount.base_path:
            self.send_response(301)
            self.send_header("Location", self.mount.base_path)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        path = Path(self.translate_path(self.path))
        if url_path.endswith("/"):
            path = path / "index.html"
        brotli = brotli_copy(path, self.headers.get("Accept-Encoding", ""))
        if brotli is None:
            return super().send_head()
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        with contextlib.suppress(TypeError, ValueError, IndexError, OverflowError):
            if since and email.utils.parsedate_to_datetime(since).timestamp() >= modified:
                self.send_response(304)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        body = brotli.read_bytes()
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "br")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(modified))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        # Revalidate every time: a new build must be seen at once (the service worker does the caching).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    mount: SiteMount

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{host!s}:{port}{self.mount.base_path}"


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 0, base_path: str = "/", quiet: bool = True
) -> SiteServer:
    """A server for `directory` under `base_path`; port 0 picks a free port. `server.mount` can be
    repointed at another folder while running (to serve a new build on the same origin)."""
    mount = SiteMount(directory.resolve(), normalise_base_path(base_path))
    handler = type("MountedHandler", (SiteRequestHandler,), {"mount": mount, "quiet": quiet})
    server = SiteServer((host, port), handler)
    server.mount = mount
    return server


def start_server_thread(server: SiteServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", nargs="?", default="build", choices=["build", "serve"])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default dist/)")
    parser.add_argument("--port", type=int, default=8000, help="port for `serve` (0 picks a free one)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--base-path", default="/", help="serve dist/ under this URL path")
    parser.add_argument("--no-build", action="store_true", help="serve the existing output as it is")
    parser.add_argument(
        "--no-compile", action="store_true", help="ship Python as source (quicker build, slower start)"
    )
    parser.add_argument(
        "--no-bundle",
        action="store_true",
        help="pages load web/'s modules and stylesheets one by one, as they are (no esbuild step)",
    )
    parser.add_argument(
        "--relay",
        action="append",
        metavar="URL",
        help="a relay of live play on two devices (repeat for more): instead of remote.json's list",
    )
    args = parser.parse_args(argv)
    try:
        if not (args.command == "serve" and args.no_build):
            out = build(
                args.out, precompile=not args.no_compile, bundle=not args.no_bundle, relays=args.relay
            )
            print(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    if args.command == "serve":
        server = make_server(args.out, args.host, args.port, args.base_path, quiet=False)
        print(f"serving {args.out} at {server.url}  (Ctrl-C to stop)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    os.chdir(ROOT)
    sys.exit(main())
