import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "backend/build/**", ".tmp/**", "public/build/**", "node_modules/**", ".cache/**", "test-results/**", "playwright-report/**"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    // A route module imports its server code through its own .server module beside it (ADR 019):
    // the browser build made every other .server module two routes shared a script file of its own.
    files: ["app/root.tsx", "app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(~|\\.\\.|\\./.*/).*\\.server$",
              allowTypeImports: true,
              message: "Import it through this route's own .server module (ADR 019).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**", "scripts/**", "server.ts", "backend/**"],
    rules: { "no-console": "off", "no-empty-pattern": "off" },
  },
);
