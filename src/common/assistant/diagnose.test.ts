import { describe, expect, it } from "vitest";
import {
  FOLLOW_UP_ANSWERS,
  HEAT_PUMP_AGES,
  HEAT_PUMP_AGE_LABELS,
  HEAT_PUMP_TYPE_LABELS,
  MAIN_ISSUES,
  MAIN_ISSUE_LABELS,
  answerFollowUp,
  diagnose,
  type AssistantInput,
  type HeatPumpAge,
  type MainIssue,
} from "./diagnose";

// rules §4 assistant flow and rules D15, as a table: every main issue at every age, with and
// without the description that changes the answer.

const input = (mainIssue: MainIssue, heatPumpAge: HeatPumpAge, issueDescription = ""): AssistantInput => ({
  heatPumpType: "air_to_air",
  heatPumpAge,
  mainIssue,
  issueDescription,
});

type Expected = { needsService: boolean; serviceType: string; confidence: number };

/** What each issue gives for a young pump (no age rules), with a neutral description. */
const BASE: Record<MainIssue, Expected> = {
  not_starting: { needsService: false, serviceType: "troubleshooting", confidence: 85 },
  low_efficiency: { needsService: false, serviceType: "service", confidence: 75 },
  no_heat: { needsService: false, serviceType: "troubleshooting", confidence: 90 },
  strange_noise: { needsService: false, serviceType: "troubleshooting", confidence: 85 },
  error_code: { needsService: false, serviceType: "troubleshooting", confidence: 80 },
  other: { needsService: true, serviceType: "service", confidence: 70 },
};

/** The same result at `age`: rules D15 for low efficiency from 5 years, and the over-10 rule. */
function expectedAt(issue: MainIssue, age: HeatPumpAge, base: Expected): Expected {
  let result = { ...base };
  if (issue === "low_efficiency" && (age === "between_5_and_10" || age === "more_than_10")) result = { ...result, needsService: true, serviceType: "service" };
  if (age === "more_than_10") {
    result = result.needsService ? result : { ...result, needsService: true, serviceType: "service" };
    result = { ...result, confidence: Math.min(result.confidence + 10, 95) };
  }
  return result;
}

describe("diagnose: every main issue at every age", () => {
  for (const issue of MAIN_ISSUES) {
    for (const age of HEAT_PUMP_AGES) {
      const expected = expectedAt(issue, age, BASE[issue]);
      it(`${issue}, ${age}: ${expected.needsService ? "service" : "self-fixable"}, ${expected.confidence} %`, () => {
        const result = diagnose(input(issue, age, "Det började i går."));
        expect({ needsService: result.needsService, serviceType: result.serviceType, confidence: result.confidence }).toEqual(expected);
        expect(result.solution.length).toBeGreaterThan(40);
      });
    }
  }
});

describe("diagnose: descriptions that change the answer", () => {
  it.each(["E1", "E5", "E6", "F3", "H6", "e5", "Displayen visar F3 sedan i morse", "kod: H6."])("a serious error code (%s) needs troubleshooting", (text) => {
    expect(diagnose(input("error_code", "less_than_2", text))).toMatchObject({ needsService: true, serviceType: "troubleshooting", confidence: 80 });
  });

  it.each(["E2", "E10", "F31", "felkod 7", "BE1X"])("another code (%s) is self-fixable", (text) => {
    expect(diagnose(input("error_code", "less_than_2", text)).needsService).toBe(false);
  });

  it.each(["Jag har startat om den", "Provade en omstart", "Har rengjort filtret", "tvättat filtren"])("no heat after '%s' needs troubleshooting", (text) => {
    expect(diagnose(input("no_heat", "between_2_and_5", text))).toMatchObject({ needsService: true, serviceType: "troubleshooting", confidence: 90 });
  });

  it.each(["Den låter väldigt högt", "ett metalliskt ljud", "skrapande ljud från fläkten", "Starkt brummande"])(
    "a noise described as '%s' needs troubleshooting",
    (text) => {
      expect(diagnose(input("strange_noise", "between_2_and_5", text))).toMatchObject({ needsService: true, serviceType: "troubleshooting", confidence: 85 });
    },
  );

  it.each(["En hög smäll när den startar", "Höga ljud från utedelen"])("a noise described as '%s' (hög, höga) needs troubleshooting", (text) => {
    expect(diagnose(input("strange_noise", "between_2_and_5", text)).needsService).toBe(true);
  });

  it("says why a technician is needed when the description calls for one", () => {
    expect(diagnose(input("no_heat", "between_2_and_5", "Har startat om")).solution).toContain("Då behöver en tekniker felsöka anläggningen.");
    expect(diagnose(input("strange_noise", "between_2_and_5", "metalliskt ljud")).solution).toContain("Stäng av pumpen och låt en tekniker undersöka den.");
    expect(diagnose(input("error_code", "between_2_and_5", "E5")).solution).toContain("Boka en felsökning så tar vi med rätt delar.");
  });

  it("a quiet, ordinary noise is self-fixable", () => {
    expect(diagnose(input("strange_noise", "between_2_and_5", "Det porlar lite ibland")).needsService).toBe(false);
  });

  it("over 10 years: a spare-parts note when service is needed, a routine service otherwise; +10 capped at 95", () => {
    const serious = diagnose(input("no_heat", "more_than_10", "startat om"));
    expect(serious.solution).toContain("reservdelar");
    expect(serious.confidence).toBe(95); // 90 + 10, capped
    const routine = diagnose(input("not_starting", "more_than_10"));
    expect(routine).toMatchObject({ needsService: true, serviceType: "service", confidence: 95 });
    expect(routine.solution).toContain("regelbunden service");
    expect(diagnose(input("other", "more_than_10")).confidence).toBe(80);
  });

  it("rules D15: low efficiency from 5 years explains the wear", () => {
    expect(diagnose(input("low_efficiency", "between_5_and_10")).solution).toContain("slitage");
    expect(diagnose(input("low_efficiency", "between_2_and_5")).solution).not.toContain("slitage");
    // Over 10 years the wear is explained too, and it is service the pump needs (with the spare-parts note).
    const old = diagnose(input("low_efficiency", "more_than_10")).solution;
    expect(old).toContain("slitage");
    expect(old).toContain("reservdelar");
  });
});

describe("answerFollowUp: canned answers by keyword", () => {
  it.each([
    ["Hur lång garanti har jag?", FOLLOW_UP_ANSWERS.warranty],
    ["Vad kostar en service?", FOLLOW_UP_ANSWERS.price],
    ["Vilket pris gäller?", FOLLOW_UP_ANSWERS.price],
    ["Hur lång tid tar det?", FOLLOW_UP_ANSWERS.time],
    ["Hur snabbt kan ni komma?", FOLLOW_UP_ANSWERS.time],
    ["Hur rengör jag filtret?", FOLLOW_UP_ANSWERS.filter],
    ["Vad betyder lampan?", FOLLOW_UP_ANSWERS.fallback],
  ])("'%s'", (question, answer) => {
    expect(answerFollowUp(question)).toBe(answer);
  });

  it("quotes the constants of rules §9", () => {
    expect(FOLLOW_UP_ANSWERS.price).toContain("1 500–3 000 kr");
    expect(FOLLOW_UP_ANSWERS.time).toContain("1–2 timmar");
    expect(FOLLOW_UP_ANSWERS.time).toContain("24–48 timmar");
    expect(FOLLOW_UP_ANSWERS.warranty).toContain("2–5 år");
  });
});

describe("the Swedish labels of the assistant's choices", () => {
  it("names every pump type, age and main issue", () => {
    expect(HEAT_PUMP_TYPE_LABELS).toEqual({
      air_to_air: "Luft/luft",
      air_to_water: "Luft/vatten",
      ground_source: "Bergvärme",
      exhaust_air: "Frånluft",
      other: "Annan",
    });
    expect(HEAT_PUMP_AGE_LABELS).toEqual({
      less_than_2: "Mindre än 2 år",
      between_2_and_5: "2–5 år",
      between_5_and_10: "5–10 år",
      more_than_10: "Mer än 10 år",
    });
    expect(MAIN_ISSUE_LABELS).toEqual({
      not_starting: "Startar inte",
      low_efficiency: "Dålig effekt",
      no_heat: "Ingen värme",
      strange_noise: "Konstiga ljud",
      error_code: "Felkod i displayen",
      other: "Annat problem",
    });
  });
});
