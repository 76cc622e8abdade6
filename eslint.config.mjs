import js from "@eslint/js";
import globals from "globals";

// The page's modes (docs/architecture.md, "The page, by areas"): a mode never imports another; what it needs of the
// page is handed to it by web/app.js. The lobby and tournaments are named before their folders exist, so that their
// first module is held to it. What every mode may share lives outside them: web/match/ (the Match interface), web/board/.
const MODES = ["play", "review", "setup", "home", "tutorial", "remote", "lobby", "tournament"];
const modeBoundaries = MODES.map((mode) => ({
  files: [`web/${mode}/**/*.js`],
  rules: {
    "no-restricted-imports": ["error", {
      patterns: [{
        group: MODES.filter((other) => other !== mode).map((other) => `**/${other}/*`),
        message: "A mode never imports another mode: web/app.js hands it what it needs.",
      }],
    }],
  },
}));

// What the modes share imports none of them.
const sharedBoundaries = {
  files: ["web/match/**/*.js", "web/board/**/*.js", "web/engine/**/*.js"],
  rules: {
    "no-restricted-imports": ["error", {
      patterns: [{ group: MODES.map((mode) => `**/${mode}/*`), message: "Shared modules import no mode: a mode imports them." }],
    }],
  },
};

export default [
  {
    ignores: ["node_modules/", "dist/", "dist.staging/", ".cache/", ".venv/", "test-results/"],
  },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
  },
  {
    files: ["web/**/*.js"],
    ignores: ["web/engine/worker.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["tests/e2e/harness/**/*.js"],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ["web/engine/start.js", "web/theme-start.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["web/engine/worker.js"],
    languageOptions: { globals: globals.worker },
  },
  {
    files: ["pwa/sw.js"],
    languageOptions: { sourceType: "script", globals: globals.serviceworker },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
  ...modeBoundaries,
  sharedBoundaries,
];
