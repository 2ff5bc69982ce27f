import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["dist", ".dist-*", "data", "node_modules", "test-results", "playwright-report", "drizzle/meta", "coverage"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      // React Router sits in the chunk every page loads: its own Link and NavLink (with framework-mode
      // prefetching) added ~2 KB gzip to "/" from one admin screen. The app's links are smaller.
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "react-router", importNames: ["Link", "NavLink"], message: "Import Link and NavLink from @/client/components/ui/link: React Router's own cost every page ~2 KB gzip." }] },
      ],
    },
  },
  {
    // The shared layer runs in both the browser and Node: no I/O, no clock of its own.
    files: ["src/common/**/*.ts"],
    ignores: ["src/common/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["node:*", "react", "react-dom", "@/client/*", "@/server/*"] }],
    },
  },
);
