// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The product rules the code implements live in docs/product-rules.md (issue 28); the code cites
// them as "rules §n" (a section) and "rules Dn" (a decision). The documents they replace are not in
// the repository, so a citation of them could not be followed: none may come back, and every
// citation of the rules must name a heading that exists.
const root = fileURLToPath(new URL("../../", import.meta.url));
const RULES_FILE = "docs/product-rules.md";
const SCANNED = ["src", "e2e", "bench", "scripts", "deploy", "docs", "drizzle", "README.md"];
const SKIPPED_DIRS = new Set(["node_modules", "dist", "data", "test-results", "playwright-report", "coverage"]);

// Built from parts so that this file does not match itself. A citation may wrap onto the next
// comment line ("SPEC\n * §4").
const GAP = String.raw`(?:\.md)?[\s*/#-]*`;
const OUTSIDE_CITATION = new RegExp(String.raw`\b(?:${"SP" + "EC"}${GAP}§|${"DECI" + "SIONS"}${GAP}\d)`, "g");
const SEPARATOR = String.raw`\s*(?:,|and|/|-|–)\s*`;
const RULES_CITATION = new RegExp(String.raw`\brules[\s*/#-]+((?:§|D)\d+(?:${SEPARATOR}(?:§|D)\d+)*)`, "g");

type TextFile = { path: string; text: string };

function textFiles(path: string): TextFile[] {
  const absolute = join(root, path);
  let entries;
  try {
    entries = readdirSync(absolute, { withFileTypes: true });
  } catch {
    const bytes = readFileSync(absolute);
    // Binary fixtures (photos) hold no citations.
    return bytes.subarray(0, 8000).includes(0) ? [] : [{ path, text: bytes.toString("utf8") }];
  }
  return entries.filter((entry) => !SKIPPED_DIRS.has(entry.name)).flatMap((entry) => textFiles(relative(root, join(absolute, entry.name))));
}

function lineOf(text: string, index: number) {
  return text.slice(0, index).split("\n").length;
}

/** The citable names of docs/product-rules.md: "§n" of each `## §n` heading, "Dn" of each `### Dn`. */
function ruleHeadings(markdown: string) {
  return new Set([...markdown.matchAll(/^(?:## (§\d+)|### (D\d+))\b/gm)].map((m) => m[1] ?? m[2]));
}

/** Where a file cites the outside documents. */
function outsideCitations(file: TextFile) {
  return [...file.text.matchAll(OUTSIDE_CITATION)].map((m) => `${file.path}:${lineOf(file.text, m.index)}: ${m[0]}`);
}

/** Where a file cites a rule that has no heading. */
function unresolvedCitations(file: TextFile, headings: Set<string>) {
  return [...file.text.matchAll(RULES_CITATION)].flatMap((m) =>
    [...m[1].matchAll(/(?:§|D)\d+/g)]
      .filter(([name]) => !headings.has(name))
      .map(([name]) => `${file.path}:${lineOf(file.text, m.index)}: ${name} (in "${m[0]}")`),
  );
}

const files = SCANNED.flatMap(textFiles);
const headings = ruleHeadings(readFileSync(join(root, RULES_FILE), "utf8"));

describe("product rules (docs/product-rules.md)", () => {
  it("has the nine sections and the decisions", () => {
    for (let n = 1; n <= 9; n++) expect(headings).toContain(`§${n}`);
    for (let n = 1; n <= 25; n++) expect(headings).toContain(`D${n}`);
  });

  it("scans the repository's sources and documents", () => {
    const paths = files.map((file) => file.path);
    expect(paths).toContain("src/common/booking-rules/slots.ts");
    expect(paths).toContain("README.md");
    expect(paths).toContain(RULES_FILE);
    expect(paths.some((path) => path.startsWith("node_modules") || path.includes("/node_modules/"))).toBe(false);
  });

  it("is the only specification the code cites", () => {
    expect(files.flatMap(outsideCitations)).toEqual([]);
  });

  it("has a heading for every rule the code cites", () => {
    const cited = files.flatMap((file) => [...file.text.matchAll(RULES_CITATION)]);
    expect(cited.length).toBeGreaterThan(500);
    expect(files.flatMap((file) => unresolvedCitations(file, headings))).toEqual([]);
  });

  it("finds both kinds of broken citation", () => {
    // Built from parts, like the patterns, so that the scan of this file does not find them.
    const [spec, decisions, rules] = ["SP" + "EC", "DECI" + "SIONS", "ru" + "les"];
    const file = { path: "x.ts", text: `// ${spec} §2, ${decisions} 5\n// ${spec}\n// §4\n// ${rules} §2, §10 and D97; ${rules} D7-D30` };
    expect(outsideCitations(file)).toHaveLength(3);
    expect(unresolvedCitations(file, headings)).toEqual([
      `x.ts:4: §10 (in "${rules} §2, §10 and D97")`,
      `x.ts:4: D97 (in "${rules} §2, §10 and D97")`,
      `x.ts:4: D30 (in "${rules} D7-D30")`,
    ]);
  });
});
