import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "backend/build/**", ".tmp/**", "public/build/**", "node_modules/**", ".cache/**", "test-results/**", "playwright-report/**", ".bench-*/**"] },
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
    // The page and form kits (ADR 024): a member imported around its kit gets a script file of its
    // own again, and every page pays a request for it. A value from @remix-run/node is an empty module
    // in the browser, shared by the routes that import one: a file of its own too.
    files: ["app/root.tsx", "app/routes/**/*.{ts,tsx}", "app/components/admin/**/*.{ts,tsx}"],
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
            {
              regex: "^(~/components/(api-image|content-sections|offer-callout|page-header|prerendered|rich-text|site-link)|~/lib/(meta|admin/paths)|~/site-config)$",
              allowTypeImports: true,
              message: "Import it from ~/components/page-kit (ADR 024).",
            },
            {
              regex: "^(~/components/form/(choice-select|field|form-alert|form-page-layout|location-fields|protected-form)|~/lib/forms/(choices|form-checks|packed-countries)|@conform-to/react|remix-utils/csrf/react)$",
              allowTypeImports: true,
              message: "Import it from ~/components/form/form-kit (ADR 024).",
            },
            {
              regex: "^@remix-run/node$",
              allowTypeImports: true,
              message: "Loader-only values (data, redirect) come through this route's own .server module (ADR 024).",
            },
            {
              regex: "^~/lib/forms/schemas$",
              allowTypeImports: true,
              message: "The browser loads the schemas on its own (form-checks.ts): a route's action gets them through its .server module.",
            },
          ],
        },
      ],
    },
  },
  {
    // Every database is opened by app/lib/sqlite.server.ts, which gives it secure_delete and its
    // integrity check (ADR 030): a store added later cannot forget them. Tests may make damaged files.
    files: ["**/*.{ts,tsx}"],
    ignores: ["app/lib/sqlite.server.ts", "**/*.test.ts", "tests/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "better-sqlite3", allowTypeImports: true, message: "Open databases with openSqlite (app/lib/sqlite.server.ts, ADR 030)." }] },
      ],
    },
  },
  {
    files: ["tests/**", "scripts/**", "server.ts", "backend/**"],
    rules: { "no-console": "off", "no-empty-pattern": "off" },
  },
);
