import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers import one way only (DESIGN "Shape"):
 *   core/   → nothing of ours, and no I/O
 *   server/ → core/
 *   web/    → core/, and server/ only as `import type` of server/load-context
 *   e2e/, bench/, scripts/ → anything
 * Inside web/ (zones below): a feature imports no other feature but the shared back-office
 * base; components/ and lib/ import no feature and no route. No import cycles anywhere.
 */
const restrict = (patterns) => ["error", { patterns }];

/** The shared base every back-office feature builds on. */
const SHARED_FEATURE = "back-office";
const FEATURES = readdirSync(new URL("./web/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** web/features/<x> may import from web/features only <x> itself and the shared base. */
const featureZones = FEATURES.map((feature) => ({
  target: `./web/features/${feature}`,
  from: "./web/features",
  except: [...new Set([`./${feature}`, `./${SHARED_FEATURE}`])],
  message: `A feature imports no other feature (only web/features/${SHARED_FEATURE}/, the shared back-office base); move what both need to web/components/ or web/lib/.`,
}));

export default tseslint.config(
  { ignores: ["build/", "data/", ".react-router/", "node_modules/", "coverage/", ".tmp/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      eqeqeq: ["error", "smart"],
      "no-console": "off",
    },
  },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // Follow imports into TypeScript files (parsed as eslint parses them), which our imports
      // name without their extension.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            ...featureZones,
            {
              target: ["./web/components", "./web/lib"],
              from: ["./web/features", "./web/routes", "./web/routes.ts"],
              message: "web/components/ and web/lib/ import no feature and no route.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["core/**/*.ts"],
    ignores: ["core/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        {
          group: ["**/server/**", "**/web/**", "**/e2e/**", "**/bench/**", "**/scripts/**"],
          message: "core/ imports nothing of ours.",
        },
        {
          group: ["node:*", "fs", "fs/*", "path", "http", "https", "net", "child_process", "os"],
          message: "core/ is pure: no I/O.",
        },
      ]),
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": restrict([
        {
          group: ["**/web/**", "**/e2e/**", "**/bench/**", "**/scripts/**"],
          message: "server/ may import only core/.",
        },
      ]),
    },
  },
  {
    files: ["web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // React Compiler advisories: this codebase does not use the compiler.
      "react-hooks/refs": "off",
      "react-hooks/set-state-in-effect": "off",
      "react-hooks/incompatible-library": "off",
      "@typescript-eslint/no-restricted-imports": restrict([
        {
          group: ["**/server/**", "!**/server/load-context"],
          message: "web/ reaches server/ only through the load-context types.",
        },
        {
          group: ["**/server/load-context"],
          allowTypeImports: true,
          message: "web/ may only `import type` from server/load-context.",
        },
        {
          group: ["**/e2e/**", "**/bench/**", "**/scripts/**"],
          message: "web/ may import only core/.",
        },
      ]),
    },
  },
);
