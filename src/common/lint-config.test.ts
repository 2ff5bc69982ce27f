// @vitest-environment node
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint configuration is a rule of the codebase like any other (issue 28): these lint the
// fixtures under test-fixtures/lint (which `eslint .` ignores) with the repository's own config.
const root = fileURLToPath(new URL("../../", import.meta.url));

async function lintMessages(folder: string) {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: "eslint.config.js", ignore: false });
  const results = await eslint.lintFiles([`test-fixtures/lint/${folder}/*.ts`]);
  return results.flatMap((result) =>
    result.messages.map((message) => ({ file: result.filePath.slice(root.length), rule: message.ruleId, fatal: message.fatal ?? false })),
  );
}

describe("lint: import cycles", () => {
  it("fails on two modules that import each other", async () => {
    const messages = await lintMessages("import-cycle");
    expect(messages).toEqual([
      { file: "test-fixtures/lint/import-cycle/a.ts", rule: "import-x/no-cycle", fatal: false },
      { file: "test-fixtures/lint/import-cycle/b.ts", rule: "import-x/no-cycle", fatal: false },
    ]);
  }, 60_000);

  it("fails when a lazily loaded module imports the module that loads it", async () => {
    const messages = await lintMessages("dynamic-import-cycle");
    expect(messages).toEqual([
      { file: "test-fixtures/lint/dynamic-import-cycle/chunk.ts", rule: "import-x/no-cycle", fatal: false },
      { file: "test-fixtures/lint/dynamic-import-cycle/loader.ts", rule: "import-x/no-cycle", fatal: false },
    ]);
  }, 60_000);

  it("passes modules that import one way only", async () => {
    expect(await lintMessages("no-cycle")).toEqual([]);
  }, 60_000);
});

/** The rules `code` breaks, linted as if it were the file at `filePath` (its imports resolve against the real tree). */
async function rulesBrokenAt(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: "eslint.config.js" });
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.map((message) => message.ruleId);
}

describe("lint: server layers", () => {
  it("fails a route that imports a repository, even for a type", async () => {
    expect(
      await rulesBrokenAt(
        "src/server/modules/products/products.routes.ts",
        'import { createProductsRepository } from "./products.repository";\nexport const make = createProductsRepository;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
    expect(
      await rulesBrokenAt(
        "src/server/modules/products/products.routes.ts",
        'import type { ProductsRepository } from "./products.repository";\nexport type Repo = ProductsRepository;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  }, 60_000);

  it("fails a route that imports the database", async () => {
    expect(
      await rulesBrokenAt("src/server/modules/products/products.routes.ts", 'import type { Db } from "../../db/client";\nexport type Handle = Db;\n'),
    ).toEqual(["import-x/no-restricted-paths"]);
    expect(
      await rulesBrokenAt("src/server/modules/products/products.routes.ts", 'import { products } from "@/server/db/schema";\nexport const table = products;\n'),
    ).toEqual(["no-restricted-imports", "import-x/no-restricted-paths"]);
  }, 60_000);

  it("fails a service that imports drizzle-orm or the schema", async () => {
    expect(
      await rulesBrokenAt("src/server/modules/products/products.service.ts", 'import { sql } from "drizzle-orm";\nexport const one = sql`select 1`;\n'),
    ).toEqual(["no-restricted-imports"]);
    expect(
      await rulesBrokenAt("src/server/modules/products/products.service.ts", 'import { products } from "../../db/schema";\nexport const table = products;\n'),
    ).toEqual(["no-restricted-imports"]);
    expect(await rulesBrokenAt("src/server/modules/products/products.service.ts", 'import pg from "pg";\nexport const Pool = pg.Pool;\n')).toEqual([
      "no-restricted-imports",
    ]);
  }, 60_000);

  it("passes a repository that imports drizzle-orm and the schema", async () => {
    const code = 'import { eq } from "drizzle-orm";\nimport { products } from "../../db/schema";\nexport const byId = (id: number) => eq(products.id, id);\n';
    expect(await rulesBrokenAt("src/server/modules/products/products.repository.ts", code)).toEqual([]);
  }, 60_000);

  it("passes a route that imports a service, and a service that imports only the database's types", async () => {
    expect(
      await rulesBrokenAt(
        "src/server/modules/products/products.routes.ts",
        'import { createProductsService } from "./products.service";\nexport const make = createProductsService;\n',
      ),
    ).toEqual([]);
    expect(
      await rulesBrokenAt(
        "src/server/modules/products/products.service.ts",
        'import type { Db } from "../../db/client";\nimport { sqlState } from "../../db/errors";\nexport const handle = (db: Db, error: unknown) => [db, sqlState(error)];\n',
      ),
    ).toEqual([]);
  }, 60_000);
});

// The client's layers (issue 28). lintText with a filePath lints the code as if it were that file of
// the real tree, so its imports resolve against the features as they are.
async function ruleIds(filePath: string, code: string) {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: "eslint.config.js" });
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.ruleId);
}

describe("lint: client features import no other feature", () => {
  it("fails when the booking feature imports the technician feature", async () => {
    const code = 'import { technicianText } from "@/client/features/technician/text";\nexport const text = technicianText;\n';
    expect(await ruleIds("src/client/features/booking/components/booking-wizard.tsx", code)).toEqual(["import-x/no-restricted-paths"]);
  }, 60_000);

  it("fails when a feature reaches another by a relative path", async () => {
    const code = 'import { technicianText } from "../../technician/text";\nexport const text = technicianText;\n';
    expect(await ruleIds("src/client/features/booking/components/booking-wizard.tsx", code)).toEqual(["import-x/no-restricted-paths"]);
  }, 60_000);

  it("passes an admin screen importing admin's shared components and lib", async () => {
    const code = [
      'import { AdminPage } from "../components/admin-page";',
      'import { joinPresent } from "@/client/features/admin/lib/format";',
      "export const parts = [AdminPage, joinPresent];",
      "",
    ].join("\n");
    expect(await ruleIds("src/client/features/admin/customers/customers-page.tsx", code)).toEqual([]);
  }, 60_000);

  it("fails when one admin screen imports another", async () => {
    const code = 'import { useProducts } from "../products/api";\nexport const products = useProducts;\n';
    expect(await ruleIds("src/client/features/admin/customers/customers-page.tsx", code)).toEqual(["import-x/no-restricted-paths"]);
  }, 60_000);

  it("passes the app shell putting features together", async () => {
    const code = [
      'import { ProtocolsTab } from "@/client/features/protocols/components/protocols-tab";',
      'import { TechnicianDashboardPage } from "@/client/features/technician/technician-dashboard-page";',
      "export const parts = [ProtocolsTab, TechnicianDashboardPage];",
      "",
    ].join("\n");
    expect(await ruleIds("src/client/app/technician-dashboard-page.tsx", code)).toEqual([]);
  }, 60_000);
});

describe("lint: a feature calls its endpoints through its own api/", () => {
  const code = 'import { apiFetch } from "@/client/lib/api";\nexport const call = apiFetch;\n';

  it("fails on apiFetch in a feature's component", async () => {
    expect(await ruleIds("src/client/features/booking/components/booking-wizard.tsx", code)).toEqual(["import-x/no-restricted-paths"]);
  }, 60_000);

  it("fails on apiFetch in a page at the feature's root", async () => {
    expect(await ruleIds("src/client/features/booking/booking-page.tsx", code)).toEqual(["import-x/no-restricted-paths"]);
  }, 60_000);

  it("passes apiFetch in the feature's api/ files and in an api.ts", async () => {
    expect(await ruleIds("src/client/features/booking/api/get-reminder-offer.ts", code)).toEqual([]);
    expect(await ruleIds("src/client/features/admin/planning/api.ts", code)).toEqual([]);
  }, 60_000);

  it("passes the errors of api-error.ts anywhere in a feature", async () => {
    const errors = 'import { errorMessage } from "@/client/lib/api-error";\nexport const message = errorMessage;\n';
    expect(await ruleIds("src/client/features/booking/components/booking-wizard.tsx", errors)).toEqual([]);
  }, 60_000);
});

// Formatting is part of lint (issue 28): `npm run lint` runs `prettier --check .` with the
// repository's .prettierrc.json, so code as a hurried hand leaves it fails and Prettier's own passes.
describe("lint: formatting", () => {
  const unformatted = "export const sum=(a:number,b:number)=>{return a+b}\n";

  async function isFormatted(code: string, filePath: string) {
    const prettier = await import("prettier");
    const options = await prettier.resolveConfig(`${root}${filePath}`, { editorconfig: false });
    expect(options).toMatchObject({ printWidth: 160 });
    return prettier.check(code, { ...options, filepath: `${root}${filePath}` });
  }

  it("fails code that is not formatted", async () => {
    expect(await isFormatted(unformatted, "src/server/modules/products/products.service.ts")).toBe(false);
  });

  it("passes the same code once formatted, and lines up to 160 characters stay whole", async () => {
    const prettier = await import("prettier");
    const formatted = await prettier.format(unformatted, { ...(await prettier.resolveConfig(`${root}package.json`)), parser: "typescript" });
    expect(formatted).toBe("export const sum = (a: number, b: number) => {\n  return a + b;\n};\n");
    expect(await isFormatted(formatted, "src/server/modules/products/products.service.ts")).toBe(true);
    const long = `export const text = [${Array.from({ length: 12 }, (_, i) => `"ord${i}"`).join(", ")}];\n`;
    expect(long.length).toBeGreaterThan(80);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(await isFormatted(long, "src/client/lib/example.ts")).toBe(true);
  });

  it("leaves out what tools write and prose: the ignore file names them", async () => {
    const prettier = await import("prettier");
    for (const file of ["dist/client/index.js", "package-lock.json", "drizzle/0001_x.sql", "README.md"]) {
      expect((await prettier.getFileInfo(`${root}${file}`, { ignorePath: `${root}.prettierignore` })).ignored, file).toBe(true);
    }
    expect((await prettier.getFileInfo(`${root}src/server/app.ts`, { ignorePath: `${root}.prettierignore` })).ignored).toBe(false);
  });
});
