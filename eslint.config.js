// House rules enforced by the linter, not by memory (design.md "Layout" and "Habits").
import fs from "node:fs";
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const features = fs
  .readdirSync(new URL("./web/src/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The web never reaches into the server; domain imports neither side. */
const NO_SERVER = {
  group: ["@adesua/server", "@adesua/server/*", "**/server/src/**"],
  message: "The web never imports the server: share it through @adesua/domain.",
};
const NO_DEEP_RELATIVE = { group: ["../../*"], message: "Use the @/ alias instead of ../../ imports." };

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "server/src/db/migrations/**", "bench/results/**", "web/public/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/no-explicit-any": "error",
      // Control characters are exactly what the upload and input cleaners look for.
      "no-control-regex": "off",
      // Flags `let x = default; try { x = … }`, the ordinary way to read optional JSON.
      "no-useless-assignment": "off",
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "server/test/**/*.ts", "e2e/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "no-restricted-imports": ["error", { patterns: [NO_SERVER, NO_DEEP_RELATIVE] }],
    },
  },
  // A feature never imports another feature's internals: compose features in web/src/app.
  ...features.map((f) => ({
    files: [`web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            NO_SERVER,
            NO_DEEP_RELATIVE,
            {
              group: ["@/features/*", `!@/features/${f}`, `!@/features/${f}/**`],
              message: "Features never import each other: move the shared piece to web/src/components or lib, or compose in web/src/app.",
            },
            { group: ["@/app", "@/app/*"], message: "Features do not import the app shell; the app composes features." },
          ],
        },
      ],
    },
  })),
  {
    files: ["domain/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "@adesua/server",
                "@adesua/server/*",
                "@adesua/web",
                "@adesua/web/*",
                "**/server/**",
                "**/web/**",
                "react",
                "fastify",
                "drizzle-orm",
                "drizzle-orm/*",
              ],
              message: "domain holds shared contracts and pure rules: it imports neither side.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/src/**/*.ts", "server/test/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@adesua/web", "@adesua/web/*", "**/web/src/**"], message: "The server never imports the web." }] },
      ],
    },
  },
  {
    // Services serve routes, jobs and CLIs alike: they return data, a stream or a Download, and the route sends it.
    files: ["server/src/services/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@adesua/web", "@adesua/web/*", "**/web/src/**"], message: "The server never imports the web." },
            {
              group: ["fastify", "fastify/*", "fastify-type-provider-zod", "@fastify/*"],
              message: "Services import no Fastify: return data, a stream or a Download (lib/download.ts) and let the route answer.",
            },
          ],
        },
      ],
    },
  },
  {
    // The database layer sits under the services. Decision 038's one allowed back-edge: the PGlite worker
    // thread loads services/attempts/procedures.ts, the exam's hot statements, to run them beside the database.
    files: ["server/src/db/**/*.ts"],
    ignores: ["server/src/db/**/*.test.ts", "server/src/db/pglite-worker.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@adesua/web", "@adesua/web/*", "**/web/src/**"], message: "The server never imports the web." },
            { group: ["**/services/**"], message: "db/ never imports services/ (only db/pglite-worker.ts may, decision 038)." },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "ImportExpression[source.value=/services\\//]", message: "db/ never imports services/ (only db/pglite-worker.ts may, decision 038)." },
      ],
    },
  },
  {
    files: ["server/src/routes/**/*.ts"],
    ignores: ["server/src/routes/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/*.routes", "**/*.routes.ts"], message: "Routes never import routes: move the shared piece to lib/, services/ or policies/." },
            { group: ["@adesua/web", "@adesua/web/*", "**/web/src/**"], message: "The server never imports the web." },
            {
              group: ["drizzle-orm", "drizzle-orm/*", "**/db/schema", "**/db/schema.ts", "**/*.queries", "**/*.queries.ts"],
              message: "No SQL in route files: queries live in services/ (and *.queries.ts beside them), so reports and dashboards reuse them.",
            },
            {
              group: ["**/*.presenter", "**/*.presenter.ts"],
              message: "Services present: call the service function that returns the response shape; routes never import a presenter.",
            },
            {
              group: ["**/db/transactions", "**/db/transactions.ts"],
              message: "Routes open no transactions themselves: a service function runs the work in its transaction.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[property.name=/^(select|selectDistinct|insert|update|delete|execute)$/][object.type='MemberExpression'][object.property.name='db']",
          message: "No SQL in route files: call a service function.",
        },
        {
          selector: "MemberExpression[property.name=/^(select|selectDistinct|insert|update|delete|execute)$/][object.name='tx']",
          message: "No SQL in route files: call a service function (it takes the transaction).",
        },
      ],
    },
  },
);
