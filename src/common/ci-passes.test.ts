// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Issue 28: `.ci/run` runs the server tests twice, on the embedded database and on PostgreSQL
// (TEST_DATABASE_URL). A server test that opens no database of the run's kind (pure functions, the
// README's table, main.ts always on its own embedded DATA_DIR) would only repeat itself in the second
// pass, so the PostgreSQL pass leaves out the files listed in
// src/server/test-support/database-free-tests.json. This keeps that list true both ways: a listed file
// that starts opening a database, or a new database-free file not listed, fails here.
const root = fileURLToPath(new URL("../../", import.meta.url));
const listed: string[] = JSON.parse(readFileSync(join(root, "src/server/test-support/database-free-tests.json"), "utf8"));

/** What a server test uses to reach the run's database (directly, through an app, or in a started server). */
const OPENS_A_DATABASE = /\b(createTestDatabase|createTestApp|openDatabase|emptyPostgresDatabase|startMain)\b|TEST_DATABASE_URL/;

function serverTests(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return serverTests(path);
    return entry.name.endsWith(".test.ts") ? [relative(root, path)] : [];
  });
}

describe("the PostgreSQL pass's list of database-free server tests", () => {
  const files = serverTests(join(root, "src/server"));
  const opens = (file: string) => OPENS_A_DATABASE.test(readFileSync(join(root, file), "utf8"));

  it("names only server tests that exist and open no database", () => {
    expect(listed.filter((file) => !files.includes(file))).toEqual([]);
    expect(listed.filter(opens)).toEqual([]);
  });

  it("names every server test that opens no database", () => {
    expect(files.filter((file) => !opens(file) && !listed.includes(file))).toEqual([]);
  });

  it("leaves most server tests to run on both databases", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(listed.length).toBeLessThan(files.length / 4);
  });
});
