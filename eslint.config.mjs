import js from "@eslint/js";
import globals from "globals";

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
];
