import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { writeRotClaimXml, type RotClaimCase, type RotClaimInput } from "./rot-claim-xml";

// The ROT claim file checked by xmllint against Skatteverket's own schema (xsd/rot-rut-v6), and
// documents the schema must refuse, to show that the check can fail. xmllint comes with Debian's
// libxml2-utils.

const SCHEMA = fileURLToPath(new URL("./xsd/rot-rut-v6/Begaran.xsd", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "rot-claim-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let files = 0;
function xmllint(args: string[], xml: string) {
  const file = join(folder, `claim-${++files}.xml`);
  writeFileSync(file, xml, "utf8");
  const run = spawnSync("xmllint", [...args, file], { encoding: "utf8" });
  if (run.error) throw new Error(`xmllint could not run (apt-get install libxml2-utils): ${run.error.message}`);
  return { ...run, file };
}

/**
 * xmllint's verdict: the lines about the document (not the warnings about the schema's own metadata,
 * which declares a relative namespace URI), or [] when the document validates.
 */
function schemaErrors(xml: string): string[] {
  const run = xmllint(["--noout", "--schema", SCHEMA], xml);
  if (run.status === 0 && run.stderr.includes(`${run.file} validates`)) return [];
  const errors = run.stderr.split("\n").filter((line) => line.startsWith(`${run.file}:`));
  return errors.length > 0 ? errors : [run.stderr || `xmllint exited with ${run.status}`];
}

/** The text of the index-th element with this local name, as a namespace-aware XML parser reads it. */
function text(xml: string, name: string, index = 1): string {
  return xmllint(["--xpath", `string((//*[local-name()='${name}'])[${index}])`], xml).stdout.replace(/\n$/, "");
}

// The research notes' example for one buyer: labour incl. VAT 8 000, ROT 2 400, paid 5 600.
const house: RotClaimCase = {
  buyerPersonalNumber: "194512249808",
  paidOn: "2026-11-30",
  priceForWorkKr: 8000,
  paidKr: 5600,
  claimedKr: 2400,
  invoiceNumber: "1001",
  otherCostsKr: 0,
  property: { kind: "house", designation: "Täby Kyrkby 1:23 & <Norra>" },
  workType: "Vvs",
  hours: 8,
  materialCostKr: 12_500,
};

// Two owners of a BRF flat, half the labour each: two cases.
const flatOwners: RotClaimCase[] = ["198003152381", "198207091234"].map((buyerPersonalNumber) => ({
  buyerPersonalNumber,
  paidOn: "2026-12-01",
  priceForWorkKr: 3000,
  paidKr: 2100,
  claimedKr: 900,
  invoiceNumber: "1002",
  otherCostsKr: 450,
  property: { kind: "flat", associationOrgNumber: "7696123456", flatNumber: "1102" },
  workType: "El",
  hours: 3,
  materialCostKr: 0,
}));

const claim: RotClaimInput = { name: "Rot nov å&<", cases: [house, ...flatOwners] };

const flatCase = (buyer: string) => [
  "    <Arenden>",
  `      <Kopare>${buyer}</Kopare>`,
  "      <BetalningsDatum>2026-12-01</BetalningsDatum>",
  "      <PrisForArbete>3000</PrisForArbete>",
  "      <BetaltBelopp>2100</BetaltBelopp>",
  "      <BegartBelopp>900</BegartBelopp>",
  "      <FakturaNr>1002</FakturaNr>",
  "      <Ovrigkostnad>450</Ovrigkostnad>",
  "      <LagenhetsNr>1102</LagenhetsNr>",
  "      <BrfOrgNr>769612-3456</BrfOrgNr>",
  "      <UtfortArbete>",
  "        <El>",
  "          <AntalTimmar>3</AntalTimmar>",
  "          <Materialkostnad>0</Materialkostnad>",
  "        </El>",
  "      </UtfortArbete>",
  "    </Arenden>",
];

describe("writeRotClaimXml", () => {
  const xml = writeRotClaimXml(claim);

  it("is valid against Skatteverket's schema v6 (a house, a BRF flat with two buyers, å & < in the texts)", () => {
    expect(schemaErrors(xml)).toEqual([]);
  });

  it("writes the elements in the schema's order and namespaces, one Arenden per buyer", () => {
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<Begaran xmlns="http://xmls.skatteverket.se/se/skatteverket/ht/begaran/6.0">',
        '  <NamnPaBegaran xmlns="http://xmls.skatteverket.se/se/skatteverket/ht/komponent/begaran/6.0">Rot nov å&amp;&lt;</NamnPaBegaran>',
        '  <RotBegaran xmlns="http://xmls.skatteverket.se/se/skatteverket/ht/komponent/begaran/6.0">',
        "    <Arenden>",
        "      <Kopare>194512249808</Kopare>",
        "      <BetalningsDatum>2026-11-30</BetalningsDatum>",
        "      <PrisForArbete>8000</PrisForArbete>",
        "      <BetaltBelopp>5600</BetaltBelopp>",
        "      <BegartBelopp>2400</BegartBelopp>",
        "      <FakturaNr>1001</FakturaNr>",
        "      <Ovrigkostnad>0</Ovrigkostnad>",
        "      <Fastighetsbeteckning>Täby Kyrkby 1:23 &amp; &lt;Norra&gt;</Fastighetsbeteckning>",
        "      <UtfortArbete>",
        "        <Vvs>",
        "          <AntalTimmar>8</AntalTimmar>",
        "          <Materialkostnad>12500</Materialkostnad>",
        "        </Vvs>",
        "      </UtfortArbete>",
        "    </Arenden>",
        ...flatCase("198003152381"),
        ...flatCase("198207091234"),
        "  </RotBegaran>",
        "</Begaran>",
        "",
      ].join("\n"),
    );
    expect(xml.split("<Arenden>")).toHaveLength(4);
  });

  it("escapes the texts so that an XML parser reads them back unchanged", () => {
    expect(text(xml, "NamnPaBegaran")).toBe("Rot nov å&<");
    expect(text(xml, "Fastighetsbeteckning")).toBe("Täby Kyrkby 1:23 & <Norra>");
    expect([1, 2, 3].map((index) => text(xml, "Kopare", index))).toEqual(["194512249808", "198003152381", "198207091234"]);
  });

  it("leaves FakturaNr out when there is none", () => {
    const withoutNumber = writeRotClaimXml({ name: "x", cases: [{ ...house, invoiceNumber: " " }] });
    expect(withoutNumber).not.toContain("FakturaNr");
    expect(schemaErrors(withoutNumber)).toEqual([]);
  });
});

describe("the schema check fails", () => {
  const xml = writeRotClaimXml(claim);

  it("on a buyer with 13 digits", () => {
    const errors = schemaErrors(xml.replace("<Kopare>194512249808</Kopare>", "<Kopare>1945122498081</Kopare>"));
    expect(errors.join("\n")).toContain("Kopare");
  });

  it("on elements out of order, on the wrong namespace, and on a price under 2", () => {
    expect(schemaErrors(xml.replace(/(<BetaltBelopp>5600<\/BetaltBelopp>)\n(\s*<BegartBelopp>2400<\/BegartBelopp>)/, "$2\n$1")).join("\n")).toContain(
      "BegartBelopp",
    );
    expect(schemaErrors(xml.replace(`<RotBegaran xmlns="http://xmls.skatteverket.se/se/skatteverket/ht/komponent/begaran/6.0">`, "<RotBegaran>"))).not.toEqual(
      [],
    );
    expect(schemaErrors(xml.replace("<PrisForArbete>8000</PrisForArbete>", "<PrisForArbete>1</PrisForArbete>")).join("\n")).toContain("PrisForArbete");
    expect(schemaErrors(xml.replace("<AntalTimmar>8</AntalTimmar>", "<AntalTimmar>7.5</AntalTimmar>")).join("\n")).toContain("AntalTimmar");
  });
});

describe("writeRotClaimXml refuses what the schema or the e-service would", () => {
  const refusal = (input: RotClaimInput) => {
    try {
      writeRotClaimXml(input);
    } catch (error) {
      return (error as Error).message;
    }
    return "written";
  };
  const one = (changes: Partial<RotClaimCase>): RotClaimInput => ({ name: "Rot", cases: [{ ...house, ...changes }] });

  it("a name of 0 or 17 characters, and a file without buyers", () => {
    expect(refusal({ name: "Rotbegäran nov 26", cases: [house] })).toContain("namnet på begäran");
    expect(refusal({ name: " ", cases: [house] })).toContain("namnet på begäran");
    expect(refusal({ name: "Rot", cases: [] })).toContain("minst en köpare");
    expect(refusal({ name: "Sexton tecken åäö".slice(0, 16), cases: [house] })).toBe("written");
  });

  it("a buyer that is not 12 digits, and dates the schema refuses", () => {
    expect(refusal(one({ buyerPersonalNumber: "1945122498081" }))).toBe("Rotbegäran kan inte skapas: köpare 1: personnumret ska vara 12 siffror");
    expect(refusal(one({ buyerPersonalNumber: "19451224-9808" }))).toContain("12 siffror");
    expect(refusal(one({ paidOn: "2009-06-30" }))).toContain("före 2009-07-01");
    expect(refusal(one({ paidOn: "2026-02-30" }))).toContain("inget datum");
  });

  it("amounts that are not whole kronor in the schema's ranges, and fractional hours", () => {
    expect(refusal(one({ priceForWorkKr: 1, paidKr: 0, claimedKr: 0 }))).toContain("priset för arbetet (1) ska vara 2–99999999999");
    expect(refusal(one({ claimedKr: 2400.5 }))).toContain("begärt belopp (2400.5) ska vara ett heltal");
    expect(refusal(one({ hours: 7.5 }))).toContain("antal timmar (7.5) ska vara ett heltal");
    expect(refusal(one({ hours: 1000 }))).toContain("antal timmar");
    expect(refusal(one({ materialCostKr: 10_000_000 }))).toContain("materialkostnaden");
    expect(refusal(one({ otherCostsKr: -1 }))).toContain("övriga kostnader");
  });

  it("more asked for than paid, or asked + paid above the price for the work", () => {
    expect(refusal(one({ paidKr: 2000, claimedKr: 2400 }))).toContain("begärt belopp 2400 kr är större än betalt belopp 2000 kr");
    expect(refusal(one({ priceForWorkKr: 7999 }))).toContain("begärt + betalt belopp (8000 kr) är större än priset för arbetet 7999 kr");
  });

  it("texts too long for their elements, a bad BRF number, and payments in two years", () => {
    expect(refusal(one({ invoiceNumber: "1".repeat(21) }))).toContain("fakturanumret");
    expect(refusal(one({ property: { kind: "house", designation: "x".repeat(41) } }))).toContain("fastighetsbeteckningen");
    expect(refusal(one({ property: { kind: "flat", associationOrgNumber: "769612-3456", flatNumber: "1".repeat(26) } }))).toContain("lägenhetsnumret");
    expect(refusal(one({ property: { kind: "flat", associationOrgNumber: "76961-23456", flatNumber: "1102" } }))).toContain("organisationsnummer");
    expect(refusal(one({ invoiceNumber: "10\u000101" }))).toContain("XML");
    expect(refusal({ name: "Rot", cases: [house, { ...house, paidOn: "2027-01-02" }] })).toContain("samma år (2026, 2027)");
  });

  it("lists every problem at once", () => {
    expect(refusal({ name: "", cases: [{ ...house, buyerPersonalNumber: "1", hours: 0.5 }] }).split("; ")).toHaveLength(3);
  });
});
