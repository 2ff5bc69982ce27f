import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, configDefault, type ConfigVariable } from "./config";

// Issue 28: the README's table of environment variables is checked against the schema that reads
// them (config.ts), so neither can gain, lose or change a variable's default without the other.

type Row = { names: string[]; defaultCell: string };

/** The rows of the first table under "## Configuration" (the tests' own variables follow in a second table). */
function configurationTable(readme: string): Row[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith("Configuration\n"));
  if (!section) throw new Error('README.md has no "## Configuration" section');
  const lines = section.split("\n");
  const first = lines.findIndex((line) => line.startsWith("|"));
  const table = lines.slice(
    first,
    lines.findIndex((line, i) => i > first && !line.startsWith("|")),
  );
  // The header and the |---| line.
  return table.slice(2).map((line) => {
    const [nameCell, defaultCell] = line
      .split("|")
      .slice(1, 3)
      .map((cell) => cell.trim());
    return { names: [...nameCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]), defaultCell };
  });
}

const rows = configurationTable(readFileSync("README.md", "utf8"));
const documented = rows.flatMap((row) => row.names);

describe("the README's configuration table", () => {
  it("is read from README.md", () => {
    // Guards the parser: an empty or mangled table would make the checks below pass on nothing.
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.every((row) => row.names.length > 0)).toBe(true);
  });

  it("lists every variable the configuration reads", () => {
    expect(CONFIG_VARIABLES.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("lists no variable the configuration does not read, and none twice", () => {
    expect(documented.filter((name) => !(CONFIG_VARIABLES as string[]).includes(name))).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });

  it("gives each variable the default the configuration uses", () => {
    // A row of one variable whose Default is a single `value` must match the schema's default, and
    // "–" means it has none. Descriptive defaults ("off", "Google's own", one worked out from other
    // variables) are not compared.
    const differing = rows
      .filter((row) => row.names.length === 1)
      .flatMap(({ names: [name], defaultCell }) => {
        const literal = /^`([^`]*)`$/.exec(defaultCell)?.[1];
        const expected = configDefault(name as ConfigVariable);
        if (literal !== undefined && literal !== expected) return [`${name}: README ${literal}, schema ${expected ?? "none"}`];
        if (defaultCell === "–" && expected !== undefined) return [`${name}: README –, schema ${expected}`];
        return [];
      });
    expect(differing).toEqual([]);
  });
});
