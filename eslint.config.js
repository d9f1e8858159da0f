// ESLint flat config: typescript-eslint's recommended rules (syntax only, no type information, so
// it stays fast) and the React hooks rules, on every TypeScript and JavaScript file of the project;
// then the layers of docs/architecture.md and the ban on import cycles, on app/ and server/ (decision 66).
import boundaries from "eslint-plugin-boundaries";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * Which modules each module may import (besides platform, lib and content): always downward, so the module
 * graph has no cycle. audit and jobs are the lowest; a new module or a new arrow is added here on purpose.
 */
export const MODULE_ARROWS = {
  audit: [],
  jobs: [],
  notifications: ["jobs"],
  files: ["audit", "jobs"],
  accounts: ["audit", "jobs", "notifications"],
  profile: ["accounts", "files"],
  cases: ["audit", "jobs", "notifications"],
  "case-file": ["audit", "cases", "files", "jobs", "notifications", "profile"],
  identity: ["audit", "case-file", "files", "jobs", "notifications", "profile"],
  chat: ["audit", "cases", "files", "jobs", "notifications"],
  "back-office": ["audit", "jobs", "notifications"],
  agreements: ["accounts", "audit", "case-file", "cases", "files", "identity", "jobs", "notifications", "profile"],
  recoveries: ["agreements", "audit", "case-file", "cases", "files", "jobs", "notifications", "profile"],
  invoicing: ["accounts", "agreements", "audit", "case-file", "cases", "files", "jobs", "notifications", "profile", "recoveries"],
  results: ["cases", "invoicing", "recoveries"],
  privacy: ["accounts", "agreements", "invoicing", "recoveries", "audit", "case-file", "cases", "files", "identity", "jobs", "notifications", "profile"],
  "call-verification": ["audit", "cases"],
  dashboard: ["agreements", "call-verification", "case-file", "cases", "chat", "identity", "invoicing", "recoveries", "results"],
};

const element = (type, more = {}) => ({ element: { type, ...more } });

/** The layer table of docs/architecture.md: a dependency no policy allows is an error. */
const LAYER_POLICIES = [
  { from: element("server"), allow: { to: element(["module", "platform", "content", "lib"]) } },
  // root.tsx, entry.server.tsx, routes.ts: the application shell around the routes.
  { from: element("shell"), allow: { to: element(["routes", "module", "components", "content", "lib", "platform"]) } },
  { from: element("routes"), allow: { to: element(["module", "components", "content", "lib", "platform", "shell"]) } },
  ...Object.entries(MODULE_ARROWS).map(([name, below]) => ({
    from: element("module", { captured: { name } }),
    allow: { to: [element(["platform", "content", "lib"]), ...(below.length > 0 ? [element("module", { captured: { name: below } })] : [])] },
  })),
  // Components run in the browser: a module's browser-safe files, and the types (only) of server files.
  { from: element("components"), allow: { to: element(["content", "lib"]) } },
  { from: element("components"), allow: { to: { element: { type: "module" }, file: { path: "!**/*.server.ts" } } } },
  { from: element("components"), allow: { to: element(["module", "platform", "shell"]), dependency: { kind: "type" } } },
  { from: element("platform"), allow: { to: element("lib") } },
  { from: element("content"), allow: { to: element("lib") } },
];

const LAYERED_FILES = ["app/**/*.{ts,tsx,js,mjs}", "server/**/*.{ts,tsx,js,mjs}"];
// Tests (beside the code or in tests/), scripts and benchmarks may reach into any layer.
const OUTSIDE_THE_LAYERS = ["**/*.test.{ts,tsx}", "**/*.test-support.ts"];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "blob-report/",
      "coverage/",
    ],
  },
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "warn" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: LAYERED_FILES,
    ignores: OUTSIDE_THE_LAYERS,
    plugins: { boundaries },
    settings: {
      "import/resolver": { typescript: { alwaysTryTypes: true } },
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
      "boundaries/elements": [
        { type: "module", pattern: "app/modules/*", capture: ["name"], partialMatch: false },
        { type: "routes", pattern: "app/routes", partialMatch: false },
        { type: "platform", pattern: "app/platform", partialMatch: false },
        { type: "lib", pattern: "app/lib", partialMatch: false },
        { type: "components", pattern: "app/components", partialMatch: false },
        { type: "content", pattern: "app/content", partialMatch: false },
        { type: "server", pattern: "server", partialMatch: false },
        { type: "shell", pattern: "app", partialMatch: false },
      ],
    },
    rules: {
      "boundaries/dependencies": ["error", { default: "disallow", policies: LAYER_POLICIES }],
    },
  },
  {
    files: LAYERED_FILES,
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      "import-x/no-cycle": "error",
    },
  },
  {
    // Loaders, actions and middleware get the raw request (future.v8_passThroughRequests, decision 99): its address
    // may end in .data and carry _routes or index. The `url` argument is the page's own address.
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: OUTSIDE_THE_LAYERS,
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='request'][property.name='url']",
          message: "Read the address from the `url` argument: `request.url` is the raw request's (decision 99).",
        },
      ],
    },
  },
);
