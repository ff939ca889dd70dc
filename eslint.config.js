import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "node_modules/",
      ".react-router/",
      "data/",
      "test-results/",
      "playwright-report/",
      ".tmp/",
      "backups/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["../*", "./*/../*"],
              message: "Use the ~/ alias for imports outside this folder.",
            },
          ],
        },
      ],
    },
  },
  {
    // Layering: domain/ uses nothing of ours; server/ never imports app/.
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["~/server/*", "~/app/*", "../*"] }],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["~/app/*", "**/app/*"] }],
    },
  },
);
