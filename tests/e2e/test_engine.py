"""The rules engine in the browser: Pyodide in a module worker behind web/engine/bridge.js."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, Route

from .conftest import ENGINE_READY_TIMEOUT_MS, Site


def open_blank_same_origin(page: Page, site: Site) -> None:
    """A page on the site's origin that runs no app code, so the bridge can be driven directly."""
    page.goto(site.url("web/engine/bridge.js"))


def evaluate_bridge(page: Page, script: str) -> Any:
    """Run `script` (an async function body with `bridge` and `BridgeError` in scope)."""
    return page.evaluate(
        """async ([script, timeout]) => {
            const {createBridge, BridgeError} = await import("./bridge.js");
            const body = new Function(
                "bridge", "BridgeError", "timeout", `return (async () => {${script}})()`);
            const bridge = createBridge();
            try { return await body(bridge, BridgeError, timeout); } finally { bridge.terminate(); }
        }""",
        [script, ENGINE_READY_TIMEOUT_MS],
    )


def test_worker_runs_python_3_14_from_the_vendored_pyodide(page: Page, site: Site) -> None:
    open_blank_same_origin(page, site)
    info = evaluate_bridge(page, 'return await bridge.call("engine_info");')
    assert info["pyodide"] == "314.0.7"
    assert info["python"].startswith("3.14.")
    assert info["test_dice"] is False


def test_missing_runtime_file_is_reported_as_an_error_not_a_hang(page: Page, site: Site) -> None:
    page.route("**/pyodide/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="gone"))
    open_blank_same_origin(page, site)
    outcome = evaluate_bridge(
        page,
        """try { await bridge.ready; return "ready"; }
           catch (error) { return {isBridgeError: error instanceof BridgeError, type: error.type,
                                   message: error.message}; }""",
    )
    assert outcome["isBridgeError"] is True
    assert outcome["type"] == "EngineLoadError"


def test_missing_package_archive_fails_ready_and_every_call(page: Page, site: Site) -> None:
    def missing(route: Route) -> None:
        route.fulfill(status=404, body="gone")

    page.route("**/py/backgammon.zip", missing)
    open_blank_same_origin(page, site)
    outcome = evaluate_bridge(
        page,
        """const errors = [];
           for (const attempt of [bridge.ready, bridge.call("new_match", {})]) {
             try { await attempt; errors.push(null); }
             catch (error) { errors.push([error.type, error.message]); }
           }
           return errors;""",
    )
    assert [error[0] for error in outcome] == ["EngineLoadError", "EngineLoadError"]
    assert "backgammon.zip" in outcome[0][1]
    assert "404" in outcome[0][1]


def test_a_refused_move_carries_the_rules_code_to_the_page(page: Page, site: Site) -> None:
    """The page branches on the rule's stable code, not on the words of its message."""
    open_blank_same_origin(page, site)
    outcome = page.evaluate(
        """async () => {
            const {ApiError, connectEngine} = await import("./page-engine.js");
            const status = document.createElement("p");
            const engine = connectEngine({record: () => null, status, say: () => {}, notice: () => {}});
            await engine.call("new_match", {});
            await engine.call("act", {action: {type: "roll", dice: [3, 1]}});
            try { await engine.call("act", {action: {type: "move", from: 24, to: 1}}); return "accepted"; }
            catch (error) {
              return {isApiError: error instanceof ApiError, type: error.type, rule: error.rule};
            }
        }"""
    )
    assert outcome == {"isApiError": True, "type": "IllegalMoveError", "rule": "no-die"}
