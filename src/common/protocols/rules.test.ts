import { describe, expect, it } from "vitest";
import { REFRIGERANT_TYPES } from "@/common/constants";
import { checkIntervalMonths, co2eTonnes } from "@/common/refrigerant";
import {
  CHECKLIST_GROUPS,
  co2Equivalent,
  customerMaySign,
  formatTonnes,
  leakChecksRequired,
  signingLinkAvailable,
  statusWhenFinished,
  toggleAll,
} from "./rules";

describe("CO2-equivalent of the refrigerant charge (rules D21)", () => {
  it.each([
    ["R32", 1, 0.675],
    ["R32", 7.4, 4.995],
    ["R32", 7.41, 5.001], // 5 001.75 kg: rounded down, as the register does
    ["R410A", 2.4, 5.01], // GWP 2 087.5 (the register's), not 2 088
    ["R410A", 2.39, 4.989],
    ["R410A", 2.395, 4.999], // 4 999.5625 kg: no "5.000" without a duty
    ["R290", 0.3, 0],
    ["R290", 0.334, 0.001],
    ["R290", 1000, 3],
  ] as const)("%s, %f kg → %f t", (refrigerant, kg, tonnes) => {
    expect(co2Equivalent(refrigerant, kg)).toBe(tonnes);
  });

  it("gives the register's CO2e and duty for every protocol refrigerant", () => {
    for (const refrigerant of REFRIGERANT_TYPES) {
      for (let grams = 0; grams <= 500_000; grams += 1999) {
        const kg = grams / 1000;
        expect(co2Equivalent(refrigerant, kg)).toBe(co2eTonnes(refrigerant, kg));
        expect(leakChecksRequired(co2Equivalent(refrigerant, kg))).toBe(
          checkIntervalMonths({ refrigerant, chargeKg: kg, leakDetection: false, hermeticallySealed: false }) !== null,
        );
      }
    }
    expect(leakChecksRequired(co2Equivalent("R410A", 2.395))).toBe(false);
    expect(leakChecksRequired(co2Equivalent("R410A", 2.396))).toBe(true);
  });

  it("flags periodic leak checks from 5 t CO2e", () => {
    expect(leakChecksRequired(co2Equivalent("R32", 7.41))).toBe(true);
    expect(leakChecksRequired(co2Equivalent("R32", 7.4))).toBe(false);
    expect(leakChecksRequired(5)).toBe(true);
    expect(leakChecksRequired(co2Equivalent("R410A", 2.4))).toBe(true);
    expect(leakChecksRequired(co2Equivalent("R290", 1000))).toBe(false);
    expect(leakChecksRequired(null)).toBe(false);
  });

  it("has no figure without a valid amount", () => {
    for (const amount of [null, undefined, Number.NaN, -1, Number.POSITIVE_INFINITY]) expect(co2Equivalent("R32", amount)).toBeNull();
  });

  it("counts an empty charge as 0 t", () => {
    expect(co2Equivalent("R32", 0)).toBe(0);
  });

  it("writes tonnes the Swedish way, always with three decimals", () => {
    expect(formatTonnes(5.011)).toBe("5,011 ton CO2e");
    expect(formatTonnes(5)).toBe("5,000 ton CO2e");
    expect(formatTonnes(0.1)).toBe("0,100 ton CO2e");
  });
});

describe("protocol status (rules §4)", () => {
  it("finishing needs the technician's signature; the customer's makes it fully signed", () => {
    expect(statusWhenFinished({ technicianSignature: null, customerSignature: null })).toBeNull();
    expect(statusWhenFinished({ technicianSignature: null, customerSignature: "kund" })).toBeNull();
    expect(statusWhenFinished({ technicianSignature: "tekniker", customerSignature: null })).toBe("technician-signed");
    expect(statusWhenFinished({ technicianSignature: "tekniker", customerSignature: "kund" })).toBe("fully-signed");
  });

  it("the customer signs only after the technician and only once", () => {
    expect(customerMaySign({ technicianSignature: null, customerSignature: null })).toBe(false);
    expect(customerMaySign({ technicianSignature: "tekniker", customerSignature: null })).toBe(true);
    expect(customerMaySign({ technicianSignature: "tekniker", customerSignature: "kund" })).toBe(false);
  });

  it("offers the signing link only while waiting for the customer", () => {
    expect(signingLinkAvailable("draft")).toBe(false);
    expect(signingLinkAvailable("technician-signed")).toBe(true);
    expect(signingLinkAvailable("fully-signed")).toBe(false);
  });
});

describe("checklists", () => {
  it("has the ten groups of rules §3 with their fields", () => {
    expect(Object.keys(CHECKLIST_GROUPS)).toHaveLength(10);
    expect(Object.keys(CHECKLIST_GROUPS.customerHandover.items)).toEqual([
      "operatingInstructionsProvided",
      "warrantyInformationProvided",
      "maintenanceScheduleProvided",
      "customerTrainingCompleted",
      "customerSatisfied",
    ]);
  });

  it("'Markera alla' ticks every item; once all are ticked it becomes 'Avmarkera alla'", () => {
    const first = toggleAll("pressureTests", { vacuumTest: true });
    expect(first).toEqual({ label: "Markera alla", next: { vacuumTest: true, pressureTest: true, leakageTest: true } });
    expect(toggleAll("pressureTests", first.next)).toEqual({ label: "Avmarkera alla", next: { vacuumTest: false, pressureTest: false, leakageTest: false } });
  });
});
