import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const repositoryRoot = fileURLToPath(new URL(".", import.meta.url));
const featuresRoot = "src/client/features";
// The parts of admin that every admin screen may import; they are not screens themselves.
const adminSharedParts = ["admin/components", "admin/lib"];

function subdirectories(folder) {
  return readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

// Each top-level feature, and each admin screen: the folders (under src/client/features) that
// must not import one another.
function clientFeatures() {
  const topLevel = subdirectories(featuresRoot).filter((name) => name !== "admin");
  const adminScreens = subdirectories(`${featuresRoot}/admin`)
    .map((name) => `admin/${name}`)
    .filter((name) => !adminSharedParts.includes(name));
  return [...topLevel, ...adminScreens];
}

function clientLayerZones() {
  const features = clientFeatures();
  const featureZones = features.map((feature) => ({
    target: `${featuresRoot}/${feature}`,
    from: featuresRoot,
    except: [`./${feature}`, ...(feature.startsWith("admin/") ? adminSharedParts.map((part) => `./${part}`) : [])],
    message: "Features do not import each other: move what both use to src/client/components or src/client/lib.",
  }));
  // Admin's shared parts (and any file directly in admin/) serve every admin screen, so import none.
  const adminSharedZone = {
    target: [...adminSharedParts.map((part) => `${featuresRoot}/${part}`), `${featuresRoot}/admin/*.{ts,tsx}`],
    from: featuresRoot,
    except: adminSharedParts.map((part) => `./${part}`),
    message: "Admin's shared parts import no feature or admin screen.",
  };
  // Every file of a feature except its api/ folder (or api.ts) and its tests.
  const apiCallers = [...features, ...adminSharedParts].flatMap((feature) => [
    `${featuresRoot}/${feature}/!(api|*.test).{ts,tsx}`,
    `${featuresRoot}/${feature}/!(api)/**/!(*.test).{ts,tsx}`,
  ]);
  const apiFetchZone = {
    target: apiCallers,
    from: "src/client/lib/api.ts",
    message: "Call endpoints through the feature's own api/ (named functions and query hooks), not apiFetch.",
  };
  return [...featureZones, adminSharedZone, apiFetchZone];
}

export default tseslint.config(
  {
    ignores: [
      "dist",
      ".dist-*",
      "data",
      "node_modules",
      ".cache",
      "test-results",
      "playwright-report",
      "drizzle/meta",
      "coverage",
      "test-fixtures",
      "reports",
      ".stryker-tmp",
    ],
  },
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
    // No import cycles (issue 28): a cycle makes load order decide what a module sees, and splits
    // nothing when a lazy chunk imports the module that loads it. "@/..." resolves through tsconfig paths.
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      // Which files the rule follows and how it parses them (without these it follows only .js files).
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    // Packages are not followed (their cycles are not ours; following them doubled the lint's time).
    // Type-only imports do not count: they vanish from the built code.
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Server layers (issue 28): routes handle HTTP and call services, services hold the rules, only
    // repositories (and src/server/db itself) touch the database. Type-only imports are allowed
    // outside routes: a `Db` parameter or a row type runs no query and vanishes from the built code.
    // db/errors.ts (reading a database error) and db/demo-accounts.ts (a constant list) touch nothing.
    files: ["src/server/**/*.ts"],
    ignores: [
      "src/server/**/*.repository.ts",
      "src/server/db/**",
      "src/server/**/*.test.ts",
      "src/server/test-support/**",
      // Composition roots: they open the database and hand it to the repositories.
      "src/server/app.ts",
      "src/server/main.ts",
      "src/server/create-admin.ts",
      // Modules that are themselves database adapters: the e-mail outbox's queue, the abuse limits'
      // store, the session store, and the backups' dump and restore of the database itself.
      "src/server/jobs/outbox.ts",
      "src/server/lib/rate-limiter.ts",
      "src/server/plugins/session.ts",
      "src/server/modules/backups/commands.ts",
      "src/server/modules/backups/postgres-target.ts",
    ],
    plugins: { "import-x": importX },
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(drizzle-orm|pg|@electric-sql/pglite)(/|$)",
              allowTypeImports: true,
              message: "Only repositories (*.repository.ts) and src/server/db touch the database: move the query into the module's repository.",
            },
            {
              regex: "(^|/)db/(?!errors$|demo-accounts$)",
              allowTypeImports: true,
              message: "Only repositories (*.repository.ts) and src/server/db touch the database: move the query into the module's repository.",
            },
          ],
        },
      ],
      // Routes call services only: not a repository, not the database, not even for a type.
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: "src/server/**/*.routes.ts",
              from: ["src/server/**/*.repository.ts", "src/server/db/**"],
              // Matched against the imported file's absolute path, and must be globs (the rule's terms).
              except: ["**/src/server/db/{errors,demo-accounts}.ts"],
              message: "A route calls its service; the service calls the repository.",
            },
          ],
        },
      ],
    },
  },
  {
    // Client features are layers the linter keeps (issue 28). A feature imports no other feature:
    // what two share lives in src/client/components or src/client/lib, and the app shell
    // (src/client/app) is what puts features together. Each admin screen (admin/<name>) is a feature
    // of its own; admin/components and admin/lib are the parts all admin screens share. The features
    // are read from the file system, so a new one is kept apart without touching this file.
    // A feature reaches its endpoints only through its own api/ (or api.ts): one place per feature
    // knows the URLs and the query keys, and the pages, components and hooks call named functions.
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-restricted-paths": ["error", { basePath: repositoryRoot, zones: clientLayerZones() }] },
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
        {
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink"],
              message: "Import Link and NavLink from @/client/components/ui/link: React Router's own cost every page ~2 KB gzip.",
            },
          ],
        },
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
