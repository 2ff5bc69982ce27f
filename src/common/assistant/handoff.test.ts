import { describe, expect, it } from "vitest";
import { BOOKING_FIELD_MAX } from "../booking-fields";
import { errorCodesIn, handoffDescription } from "./handoff";

describe("the assistant's hand-off to the booking form", () => {
  it("writes the problem, the heat pump, the error code and the customer's words in Swedish", () => {
    expect(
      handoffDescription({
        heatPumpType: "air_to_water",
        heatPumpAge: "between_2_and_5",
        mainIssue: "error_code",
        issueDescription: "  Displayen visar E5 sedan i morse ",
      }),
    ).toBe(
      [
        "Från felsökningsassistenten:",
        "Problem: Felkod i displayen",
        "Värmepump: Luft/vatten, 2–5 år",
        "Felkod: E5",
        "Beskrivning: Displayen visar E5 sedan i morse",
      ].join("\n"),
    );
  });

  it("leaves out what the customer did not say", () => {
    expect(handoffDescription({ heatPumpType: "air_to_air", heatPumpAge: "more_than_10", mainIssue: "strange_noise", issueDescription: "" })).toBe(
      ["Från felsökningsassistenten:", "Problem: Konstiga ljud", "Värmepump: Luft/luft, mer än 10 år"].join("\n"),
    );
  });

  it("finds error codes as displays show them, not refrigerants or model numbers", () => {
    expect(errorCodesIn("Daikin visar u4, sedan E-101 och åter U4")).toEqual(["U4", "E101"]);
    expect(errorCodesIn("Nibe F2040 med R32, 10 år gammal")).toEqual([]);
    expect(errorCodesIn("H6.")).toEqual(["H6"]);
    expect(errorCodesIn("Koden EE-12 blinkar")).toEqual(["EE12"]);
  });

  it("lists several codes on one line", () => {
    const text = handoffDescription({
      heatPumpType: "air_to_air",
      heatPumpAge: "less_than_2",
      mainIssue: "error_code",
      issueDescription: "Först U4, sedan E101",
    });
    expect(text.split("\n")).toContain("Felkoder: U4, E101");
  });

  it("stays within the booking form's limit for a description", () => {
    const text = handoffDescription({ heatPumpType: "other", heatPumpAge: "less_than_2", mainIssue: "other", issueDescription: "x".repeat(2000) });
    expect(text.length).toBeLessThanOrEqual(BOOKING_FIELD_MAX.description);
    expect(text.endsWith("x…")).toBe(true);
  });

  it("keeps the customer's words whole when they just fit", () => {
    const answers = { heatPumpType: "other", heatPumpAge: "less_than_2", mainIssue: "other" } as const;
    const room = BOOKING_FIELD_MAX.description - handoffDescription({ ...answers, issueDescription: "" }).length - "\nBeskrivning: ".length;
    const text = handoffDescription({ ...answers, issueDescription: "x".repeat(room) });
    expect(text).toHaveLength(BOOKING_FIELD_MAX.description);
    expect(text.endsWith("xx")).toBe(true);
  });
});
