import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "backend/build/**",
      ".tmp/**",
      "public/build/**",
      "node_modules/**",
      ".cache/**",
      "test-results/**",
      "playwright-report/**",
      ".bench-*/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    // The browser suite's worker keeps its context from test to test, and with it the context's idle
    // connections: a post on one the server had closed met ECONNRESET (tests/e2e/fixtures.ts).
    files: ["tests/e2e/**/*.ts"],
    ignores: ["tests/e2e/fixtures.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='request'][object.type='Identifier'][object.name=/^page$|[a-z]Page$/]",
          message: "Use sessionRequest(page) from ./fixtures: it closes each connection after its answer.",
        },
        {
          selector: "MemberExpression[property.name='request'][object.type='CallExpression'][object.callee.property.name='context']",
          message: "Use sessionRequest(page) from ./fixtures: it closes each connection after its answer.",
        },
      ],
    },
  },
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
              regex: "^(~/components/(api-image|content-sections|offer-callout|page-header|rich-text)|~/lib/(site/meta|admin/paths)|~/site-config)$",
              allowTypeImports: true,
              message: "Import it from ~/components/page-kit (ADR 024).",
            },
            {
              regex:
                "^(~/components/form/(choice-select|field|form-alert|form-page-layout|location-fields|protected-form)|~/lib/forms/(choices|form-checks|packed-countries)|@conform-to/react|remix-utils/csrf/react)$",
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
    // app/lib is what components are made from, never the reverse: a type the server makes for a
    // component is declared in app/lib, and the component imports it from there (issue #37).
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(~/|(\\.\\./)+)components(/|$)", message: "app/lib does not import app/components: declare what both need in app/lib." }] },
      ],
    },
  },
  {
    // Every database is opened by app/lib/platform/sqlite.server.ts, which gives it secure_delete and its
    // integrity check (ADR 030): a store added later cannot forget them. Tests may make damaged files.
    files: ["**/*.{ts,tsx}"],
    ignores: ["app/lib/platform/sqlite.server.ts", "**/*.test.ts", "tests/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "better-sqlite3", allowTypeImports: true, message: "Open databases with openSqlite (app/lib/platform/sqlite.server.ts, ADR 030)." }],
        },
      ],
    },
  },
  {
    // The environment is read once, by server.ts, and the build gets what it needs through the load
    // context (ADR 034): no module of the app reads it, at import or later. The compiler's own
    // constants (process.env.NODE_ENV, REMIX_DEV_ORIGIN) are replaced at build time.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']:not([parent.property.name=/^(NODE_ENV|REMIX_DEV_ORIGIN)$/])",
          message: "Read configuration from the load context (context.config, services.server.ts); server.ts parses the environment once (ADR 034).",
        },
      ],
    },
  },
  {
    // One copy of each class in the process (one bundle): nothing bridges two copies by symbol.
    files: ["app/**/*.{ts,tsx}", "server.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "Symbol", property: "for", message: "One bundle holds one copy of each class and service (ADR 034): compare with instanceof." },
        { object: "Symbol", property: "hasInstance", message: "One bundle holds one copy of each class and service (ADR 034): compare with instanceof." },
      ],
    },
  },
  {
    files: ["tests/**", "scripts/**", "server.ts", "backend/**"],
    rules: { "no-console": "off", "no-empty-pattern": "off" },
  },
);
