// The lint of the page's scripts, the browser tests and the scripts (make lint).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
    rules: {
      "no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always"],
      "prefer-const": "error",
      "no-var": "error",
    },
  },
  {
    files: ["tests/**", "scripts/**", "eslint.config.js"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ["www/js/search-worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["www/sw.js", "www/sw-register.js"],
    languageOptions: { sourceType: "script" },
  },
  {
    files: ["www/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
];
