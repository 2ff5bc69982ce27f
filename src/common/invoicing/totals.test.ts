import { describe, expect, it } from "vitest";
import {
  type InvoiceLineInput,
  type RotRequest,
  computeInvoiceTotals,
  labourInclVatOre,
  lineDiscountOre,
  lineGrossOre,
  lineNetOre,
  rotPerBuyer,
  splitRotBetweenBuyers,
  vatByRate,
  vatOnOre,
} from "./totals";
import type { VatRate } from "./tax-rules";

function line(quantity: number, unitPriceOre: number, options: { vatRate?: VatRate; labour?: boolean } = {}): InvoiceLineInput {
  const labour = options.labour ?? false;
  return { description: labour ? "Arbete" : "Material", quantity, unit: labour ? "tim" : "st", unitPriceOre, vatRate: options.vatRate ?? 25, labour };
}
const labour = (hours: number, priceOre: number, vatRate: VatRate = 25) => line(hours, priceOre, { vatRate, labour: true });

/** One buyer with the full 50 000 kr cap left, at 30 % (2026). */
function rot(overrides: Partial<RotRequest> = {}): RotRequest {
  return { basis: "lines", ratePercent: 30, buyers: [{ sharePercent: 100, remainingCapOre: 5_000_000 }], ...overrides };
}
const buyers = (...list: [sharePercent: number, remainingCapOre: number][]) =>
  list.map(([sharePercent, remainingCapOre]) => ({ sharePercent, remainingCapOre }));

// Research notes §3: labour 8 h × 800 kr + material 10 000 kr, both 25 %.
const WORKED_EXAMPLE = [labour(8, 80_000), line(1, 1_000_000)];

describe("the research notes' worked examples", () => {
  it("labour 8 h × 800 + material 10 000: VAT 4 100, total 20 500, labour incl. VAT 8 000, ROT 2 400, to pay 18 100", () => {
    expect(computeInvoiceTotals(WORKED_EXAMPLE, rot())).toEqual({
      netOre: 1_640_000,
      vatByRate: [{ rate: 25, netOre: 1_640_000, vatOre: 410_000 }],
      vatOre: 410_000,
      totalOre: 2_050_000,
      labourInclVatOre: 800_000,
      rotOre: 240_000,
      rotPerBuyerOre: [240_000],
      toPayBeforeRoundingOre: 1_810_000,
      roundingOre: 0,
      toPayOre: 1_810_000,
    });
  });

  it("schablon: a 120 000 kr air-water install at a fixed price → labour 36 000, ROT 10 800", () => {
    const totals = computeInvoiceTotals([line(1, 9_600_000)], rot({ basis: "standard-air" }));
    expect(totals).toMatchObject({ totalOre: 12_000_000, labourInclVatOre: 3_600_000, rotOre: 1_080_000, rotPerBuyerOre: [1_080_000], toPayOre: 10_920_000 });
  });

  it("schablon for a liquid pump takes 35 %: labour 42 000, ROT 12 600", () => {
    const totals = computeInvoiceTotals([line(1, 9_600_000)], rot({ basis: "standard-liquid" }));
    expect(totals).toMatchObject({ labourInclVatOre: 4_200_000, rotOre: 1_260_000, toPayOre: 10_740_000 });
  });

  it("schablon ignores which lines are labour: the whole total counts", () => {
    const withLabourLine = computeInvoiceTotals([labour(10, 80_000), line(1, 8_800_000)], rot({ basis: "standard-air" }));
    expect(withLabourLine).toMatchObject({ totalOre: 12_000_000, labourInclVatOre: 3_600_000, rotOre: 1_080_000 });
  });

  it("the 50 % of 2025-05-12 – 2025-12-31 gives 4 000 kr on the same invoice", () => {
    expect(computeInvoiceTotals(WORKED_EXAMPLE, rot({ ratePercent: 50 }))).toMatchObject({ rotOre: 400_000, toPayOre: 1_650_000 });
  });
});

describe("lineNetOre", () => {
  it.each([
    [8, 80_000, 640_000],
    [3, 3_333, 9_999],
    [0.5, 3_333, 1_667], // 1 666,5 öre up
    [0.5, 3_331, 1_666], // 1 665,5 öre up
    [1.25, 999, 1_249], // 1 248,75
    [0.33, 1_001, 330], // 330,33
    [0.29, 100, 29], // quantity 0.29 is 28.999… hundredths as a float
    [2, -1_250, -2_500],
    [0.5, -3_333, -1_667], // −1 666,5 away from zero
    [0.01, 49, 0],
    [0.01, 50, 1],
    [10_000, 1_000_000_000, 10_000_000_000_000], // the design's largest line: 10^15 before the division, still exact
  ])("%f × %i öre = %i öre", (quantity, unitPriceOre, net) => {
    expect(lineNetOre({ quantity, unitPriceOre })).toBe(net);
  });

  it("refuses a line too large to compute exactly rather than lose öre", () => {
    expect(() => lineNetOre({ quantity: 100_000, unitPriceOre: 1_000_000_000 })).toThrow(RangeError);
  });
});

describe("vatOnOre", () => {
  it.each([
    [1_000, 25, 250],
    [2, 25, 1], // 0,5 öre up
    [1, 25, 0],
    [-2, 25, -1],
    [1_001, 6, 60], // 60,06
    [1_009, 6, 61], // 60,54
    [999, 12, 120], // 119,88
    [1_000, 0, 0],
  ])("%i öre at %i %% → %i öre", (net, rate, vat) => {
    expect(vatOnOre(net, rate as VatRate)).toBe(vat);
  });
});

describe("vatByRate", () => {
  it("lists only the rates that occur, in the order 25, 12, 6, 0, whatever the lines' order", () => {
    const lines = [line(1, 500, { vatRate: 0 }), line(1, 1_001, { vatRate: 6 }), line(1, 10_000), line(2, 5_000, { vatRate: 12 })];
    expect(vatByRate(lines)).toEqual([
      { rate: 25, netOre: 10_000, vatOre: 2_500 },
      { rate: 12, netOre: 10_000, vatOre: 1_200 },
      { rate: 6, netOre: 1_001, vatOre: 60 },
      { rate: 0, netOre: 500, vatOre: 0 },
    ]);
  });

  it("omits the rates no line has", () => {
    expect(vatByRate([line(1, 1_000, { vatRate: 12 }), line(1, 3_000, { vatRate: 12 })])).toEqual([{ rate: 12, netOre: 4_000, vatOre: 480 }]);
    expect(vatByRate([line(1, 1_000, { vatRate: 0 })])).toEqual([{ rate: 0, netOre: 1_000, vatOre: 0 }]);
    expect(vatByRate([])).toEqual([]);
  });

  it("rounds once per rate, on the summed nets, not line by line", () => {
    // Per line 0,25 öre each rounds to 0; summed 0,5 öre rounds up to 1.
    expect(vatByRate([line(1, 1), line(1, 1)])).toEqual([{ rate: 25, netOre: 2, vatOre: 1 }]);
    // Per line 0,24 öre each; summed 0,72 öre.
    expect(vatByRate([line(1, 2, { vatRate: 12 }), line(1, 2, { vatRate: 12 }), line(1, 2, { vatRate: 12 })])).toEqual([{ rate: 12, netOre: 6, vatOre: 1 }]);
  });

  it("keeps a rate whose lines net to zero", () => {
    expect(vatByRate([line(1, 1_000, { vatRate: 6 }), line(1, -1_000, { vatRate: 6 })])).toEqual([{ rate: 6, netOre: 0, vatOre: 0 }]);
  });
});

describe("labourInclVatOre", () => {
  it("adds each rate's VAT to the labour lines' nets of that rate", () => {
    // 1 001 + 250 (250,25) and 999 + 120 (119,88); the material line does not count.
    const lines = [labour(1, 1_001), labour(1, 999, 12), line(1, 5_000)];
    expect(labourInclVatOre(lines, 0, "lines")).toBe(2_370);
  });

  it("rounds the labour VAT once per rate", () => {
    expect(labourInclVatOre([labour(1, 1), labour(1, 1)], 0, "lines")).toBe(3);
  });

  it("is 0 without labour lines", () => {
    expect(labourInclVatOre([line(1, 100_000)], 125_000, "lines")).toBe(0);
    expect(labourInclVatOre([], 0, "lines")).toBe(0);
  });

  it.each([
    ["standard-air", 12_000_000, 3_600_000],
    ["standard-air", 1_001, 300], // 300,3
    ["standard-air", 1_005, 302], // 301,5 up
    ["standard-liquid", 1_001, 350], // 350,35
    ["standard-liquid", 10, 4], // 3,5 up
    ["standard-liquid", 12_000_000, 4_200_000],
  ] as const)("%s of a %i öre total: %i öre", (basis, total, expected) => {
    expect(labourInclVatOre([labour(1, 999_999)], total, basis)).toBe(expected);
  });
});

describe("ROT", () => {
  it("drops the öre of the deduction (5 § HUSFL)", () => {
    // Labour 266,64 + VAT 66,66 = 333,30 kr; 30 % = 99,99 kr → 99 kr.
    expect(computeInvoiceTotals([labour(1, 26_664)], rot())).toMatchObject({ labourInclVatOre: 33_330, rotOre: 9_900, rotPerBuyerOre: [9_900] });
  });

  it("splits 50/50 between two buyers", () => {
    const totals = computeInvoiceTotals(WORKED_EXAMPLE, rot({ buyers: buyers([50, 5_000_000], [50, 5_000_000]) }));
    expect(totals).toMatchObject({ rotOre: 240_000, rotPerBuyerOre: [120_000, 120_000], toPayOre: 1_810_000 });
  });

  it("gives the first buyer whole kronor of their share and the last the rest", () => {
    // Labour incl. VAT 8 003,40 kr; 30 % = 2 401,02 → 2 401 kr; 70 % = 1 680,70 → 1 680 kr; the rest 721 kr.
    const totals = computeInvoiceTotals([labour(1, 640_272)], rot({ buyers: buyers([70, 5_000_000], [30, 5_000_000]) }));
    expect(totals).toMatchObject({ labourInclVatOre: 800_340, rotOre: 240_100, rotPerBuyerOre: [168_000, 72_100] });
  });

  it("puts a buyer with a 0 % share at 0 kr", () => {
    expect(computeInvoiceTotals(WORKED_EXAMPLE, rot({ buyers: buyers([100, 5_000_000], [0, 5_000_000]) })).rotPerBuyerOre).toEqual([240_000, 0]);
    expect(computeInvoiceTotals(WORKED_EXAMPLE, rot({ buyers: buyers([0, 5_000_000], [100, 5_000_000]) })).rotPerBuyerOre).toEqual([0, 240_000]);
  });

  it.each([
    [5_000_000, 72_000],
    [72_100, 72_000],
    [72_000, 72_000],
    [71_999, 71_900], // the cap too is whole kronor
    [50_050, 50_000],
    [100, 100],
    [99, 0],
    [0, 0],
    [-10_000, 0],
  ])("70/30: the second buyer with %i öre of cap left gets %i öre", (remainingCapOre, second) => {
    const totals = computeInvoiceTotals(WORKED_EXAMPLE, rot({ buyers: buyers([70, 5_000_000], [30, remainingCapOre]) }));
    expect(totals.rotPerBuyerOre).toEqual([168_000, second]);
    expect(totals.rotOre).toBe(168_000 + second);
    expect(totals.toPayOre).toBe(2_050_000 - 168_000 - second);
  });

  it("caps the first buyer without moving the rest to the second", () => {
    const totals = computeInvoiceTotals(WORKED_EXAMPLE, rot({ buyers: buyers([70, 100_000], [30, 5_000_000]) }));
    expect(totals).toMatchObject({ rotOre: 172_000, rotPerBuyerOre: [100_000, 72_000], toPayOre: 1_878_000 });
  });

  it("caps one buyer at the 50 000 kr of the year", () => {
    // Labour incl. VAT 200 000 kr; 30 % would be 60 000 kr.
    const totals = computeInvoiceTotals([labour(100, 160_000)], rot());
    expect(totals).toMatchObject({ totalOre: 20_000_000, labourInclVatOre: 20_000_000, rotOre: 5_000_000, toPayOre: 15_000_000 });
  });

  it("gives 0 kr with no cap left", () => {
    expect(computeInvoiceTotals(WORKED_EXAMPLE, rot({ buyers: buyers([100, 0]) }))).toMatchObject({ rotOre: 0, rotPerBuyerOre: [0], toPayOre: 2_050_000 });
  });

  it("never deducts more than the invoice total (a discount line can make the total smaller than the labour)", () => {
    // Labour 1 000 kr + a −900,10 kr discount: total 124,88 kr, of which ROT may take 124 kr (30 % of 1 250 would be 375).
    const totals = computeInvoiceTotals([labour(1, 100_000), line(1, -90_010)], rot());
    expect(totals).toMatchObject({
      netOre: 9_990,
      vatOre: 2_498,
      totalOre: 12_488,
      labourInclVatOre: 125_000,
      rotOre: 12_400,
      rotPerBuyerOre: [12_400],
      toPayBeforeRoundingOre: 88,
      roundingOre: 12,
      toPayOre: 100,
    });
  });

  it("splits what the total allows, when the total is the limit, by share", () => {
    const totals = computeInvoiceTotals([labour(1, 100_000), line(1, -90_000)], rot({ buyers: buyers([50, 5_000_000], [50, 5_000_000]) }));
    expect(totals).toMatchObject({ totalOre: 12_500, rotOre: 12_500, rotPerBuyerOre: [6_200, 6_300], toPayOre: 0 });
  });

  it("is 0 at a 0 % rate and the whole labour cost at 100 %", () => {
    expect(computeInvoiceTotals(WORKED_EXAMPLE, rot({ ratePercent: 0 })).rotOre).toBe(0);
    expect(computeInvoiceTotals([labour(1, 80_000)], rot({ ratePercent: 100 })).rotOre).toBe(100_000);
  });

  it("is 0 on a credit note's negative labour", () => {
    const totals = computeInvoiceTotals([labour(-8, 80_000)], rot({ buyers: buyers([50, 5_000_000], [50, 5_000_000]) }));
    expect(totals).toMatchObject({ labourInclVatOre: -800_000, rotOre: 0, rotPerBuyerOre: [0, 0], toPayOre: -800_000 });
  });

  it("without a request: no deduction and no buyers, the labour cost still shown from the lines", () => {
    for (const none of [undefined, null]) {
      expect(computeInvoiceTotals(WORKED_EXAMPLE, none)).toMatchObject({ labourInclVatOre: 800_000, rotOre: 0, rotPerBuyerOre: [], toPayOre: 2_050_000 });
    }
  });

  it.each([
    [{ buyers: [] }, "ROT needs 1 or 2 buyers, got 0"],
    [{ buyers: buyers([40, 0], [30, 0], [30, 0]) }, "ROT needs 1 or 2 buyers, got 3"],
    [{ buyers: buyers([60, 0], [30, 0]) }, "The buyers' shares must add up to 100 %"],
    [{ buyers: buyers([99, 0]) }, "The buyers' shares must add up to 100 %"],
    [{ buyers: buyers([50.5, 0], [49.5, 0]) }, "Each buyer's share must be a whole percent ≥ 0"],
    [{ buyers: buyers([110, 0], [-10, 0]) }, "Each buyer's share must be a whole percent ≥ 0"],
    [{ buyers: buyers([100, 0.5]) }, "Each buyer's remaining cap must be whole öre"],
    [{ ratePercent: 101 }, "ROT rate must be 0-100 %, got 101"],
    [{ ratePercent: -1 }, "ROT rate must be 0-100 %, got -1"],
    [{ ratePercent: 30.5 }, "ROT rate must be 0-100 %, got 30.5"],
  ])("refuses %j", (overrides, message) => {
    expect(() => computeInvoiceTotals(WORKED_EXAMPLE, rot(overrides))).toThrow(new RangeError(message));
  });
});

describe("splitRotBetweenBuyers", () => {
  it.each([
    [240_000, [100], [240_000]],
    [240_000, [50, 50], [120_000, 120_000]],
    [240_100, [50, 50], [120_000, 120_100]], // 1 200,50 kr floored for the first
    [240_100, [70, 30], [168_000, 72_100]],
    [240_100, [30, 70], [72_000, 168_100]],
    [100, [50, 50], [0, 100]],
    [0, [50, 50], [0, 0]],
  ])("%i öre by %j → %j", (requested, shares, parts) => {
    expect(
      splitRotBetweenBuyers(
        requested,
        shares.map((sharePercent) => ({ sharePercent, remainingCapOre: 5_000_000 })),
      ),
    ).toEqual(parts);
  });
});

describe("rotPerBuyer", () => {
  it("floors rate × labour to whole kronor, then limits it to the total floored to whole kronor", () => {
    expect(rotPerBuyer(33_330, 1_000_000, rot())).toEqual([9_900]); // 99,99 kr
    expect(rotPerBuyer(33_334, 1_000_000, rot())).toEqual([10_000]); // 100,002 kr
    expect(rotPerBuyer(800_000, 10_099, rot())).toEqual([10_000]); // total 100,99 kr
    expect(rotPerBuyer(800_000, 10_000, rot())).toEqual([10_000]);
    expect(rotPerBuyer(800_000, -100, rot())).toEqual([0]);
  });
});

describe("computeInvoiceTotals", () => {
  it("rounds the amount to pay to whole kronor and shows the rounding", () => {
    // 3 × 33,33 kr = 99,99 kr; VAT 24,9975 → 25,00 kr; total 124,99 kr → 125 kr.
    expect(computeInvoiceTotals([line(3, 3_333)])).toEqual({
      netOre: 9_999,
      vatByRate: [{ rate: 25, netOre: 9_999, vatOre: 2_500 }],
      vatOre: 2_500,
      totalOre: 12_499,
      labourInclVatOre: 0,
      rotOre: 0,
      rotPerBuyerOre: [],
      toPayBeforeRoundingOre: 12_499,
      roundingOre: 1,
      toPayOre: 12_500,
    });
  });

  it.each([
    [1_000, 1_250, 1_300, 50], // 12,50 kr up
    [999, 1_249, 1_200, -49], // 249,75 öre VAT → 250; 12,49 kr down
    [-1_000, -1_250, -1_300, -50], // a credit mirrors it
    [-999, -1_249, -1_200, 49],
  ])("a %i öre net at 25 %%: total %i, to pay %i, rounding %i", (net, total, toPay, rounding) => {
    expect(computeInvoiceTotals([line(1, net)])).toMatchObject({ totalOre: total, toPayBeforeRoundingOre: total, toPayOre: toPay, roundingOre: rounding });
  });

  it("adds several rates", () => {
    const lines = [line(1, 500, { vatRate: 0 }), line(1, 1_001, { vatRate: 6 }), line(1, 10_000), line(2, 5_000, { vatRate: 12 })];
    expect(computeInvoiceTotals(lines)).toMatchObject({
      netOre: 21_501,
      vatOre: 3_760,
      totalOre: 25_261,
      toPayBeforeRoundingOre: 25_261,
      roundingOre: 39,
      toPayOre: 25_300,
    });
  });

  it("credits the worked example with negative lines", () => {
    expect(computeInvoiceTotals([labour(8, -80_000), line(1, -1_000_000)])).toEqual({
      netOre: -1_640_000,
      vatByRate: [{ rate: 25, netOre: -1_640_000, vatOre: -410_000 }],
      vatOre: -410_000,
      totalOre: -2_050_000,
      labourInclVatOre: -800_000,
      rotOre: 0,
      rotPerBuyerOre: [],
      toPayBeforeRoundingOre: -2_050_000,
      roundingOre: 0,
      toPayOre: -2_050_000,
    });
  });

  it("credits with öre: −33,33 kr at 25 % is −41,66 kr, −42 kr to pay back", () => {
    expect(computeInvoiceTotals([line(1, -3_333)])).toMatchObject({ vatOre: -833, totalOre: -4_166, toPayOre: -4_200, roundingOre: -34 });
  });

  it("subtracts ROT before rounding", () => {
    // Labour 1 000,01 kr + VAT 250,00 (250,0025) = 1 250,01 kr; ROT 375 kr (375,003); left 875,01 kr → 875 kr.
    expect(computeInvoiceTotals([labour(1, 100_001)], rot())).toMatchObject({
      totalOre: 125_001,
      rotOre: 37_500,
      toPayBeforeRoundingOre: 87_501,
      roundingOre: -1,
      toPayOre: 87_500,
    });
  });

  it("gives zeros for no lines", () => {
    expect(computeInvoiceTotals([])).toEqual({
      netOre: 0,
      vatByRate: [],
      vatOre: 0,
      totalOre: 0,
      labourInclVatOre: 0,
      rotOre: 0,
      rotPerBuyerOre: [],
      toPayBeforeRoundingOre: 0,
      roundingOre: 0,
      toPayOre: 0,
    });
  });

  it("refuses an unknown VAT rate, a fraction of an öre and a quantity that is not a number", () => {
    expect(() => computeInvoiceTotals([line(1, 100, { vatRate: 10 as VatRate })])).toThrow(new RangeError("Unknown VAT rate 10"));
    expect(() => computeInvoiceTotals([line(1, 100.5)])).toThrow(new RangeError("unitPriceOre must be whole öre, got 100.5"));
    expect(() => computeInvoiceTotals([line(Number.NaN, 100)])).toThrow(new RangeError("quantity must be a finite number, got NaN"));
  });
});

describe("a line's discount (issue 26: a service agreement's repair discount on labour)", () => {
  it.each([
    // quantity, unit price, discount %, gross, discount, net
    [8, 80_000, 10, 640_000, 64_000, 576_000], // 8 h × 800 kr less 10 %: 5 760 kr
    [1, 999, 15, 999, 150, 849], // 149,85 öre → 150 (half up)
    [1, 1_001, 50, 1_001, 501, 500], // 500,5 → 501
    [1, 1_000, 0, 1_000, 0, 1_000],
    [1, 1_000, 100, 1_000, 1_000, 0],
    [1, -999, 15, -999, -150, -849], // a credit note mirrors it
  ])("%d × %i öre less %i %%: gross %i, discount %i, net %i", (quantity, unitPriceOre, discountPercent, gross, discount, net) => {
    const discounted = { quantity, unitPriceOre, discountPercent };
    expect(lineGrossOre(discounted)).toBe(gross);
    expect(lineDiscountOre(discounted)).toBe(discount);
    expect(lineNetOre(discounted)).toBe(net);
  });

  it("counts without a discount when none is given", () => {
    expect(lineDiscountOre({ quantity: 2, unitPriceOre: 5_000 })).toBe(0);
    expect(lineNetOre({ quantity: 2, unitPriceOre: 5_000 })).toBe(10_000);
  });

  it("is taken before VAT and before ROT: the worked example with 10 % off the labour", () => {
    // Labour 8 h × 800 = 6 400, less 10 % = 5 760; material 10 000. Net 15 760, VAT 3 940,
    // total 19 700. Labour incl. VAT 7 200; ROT 30 % = 2 160; to pay 17 540.
    const totals = computeInvoiceTotals([{ ...labour(8, 80_000), discountPercent: 10 }, line(1, 1_000_000)], rot());
    expect(totals).toMatchObject({ netOre: 1_576_000, vatOre: 394_000, totalOre: 1_970_000, labourInclVatOre: 720_000, rotOre: 216_000, toPayOre: 1_754_000 });
  });

  it.each([-1, 101, 2.5, Number.NaN])("refuses a discount of %d %%", (discountPercent) => {
    expect(() => computeInvoiceTotals([{ ...labour(1, 1_000), discountPercent }])).toThrow(RangeError);
  });
});
