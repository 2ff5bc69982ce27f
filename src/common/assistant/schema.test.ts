import { describe, expect, it } from "vitest";
import { AssistantInputSchema } from "./schema";

/** Field → first message, as the assistant's form shows them. */
function messages(value: unknown): Record<string, string> {
  const result = AssistantInputSchema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

const answered = { heatPumpType: "air_to_water", heatPumpAge: "between_2_and_5", mainIssue: "no_heat" };

describe("the assistant's questions (rules §5 Assistant)", () => {
  it("needs the pump's type, its age and the main issue, each asked for in Swedish", () => {
    expect(messages({})).toEqual({
      heatPumpType: "Välj typ av värmepump",
      heatPumpAge: "Välj värmepumpens ålder",
      mainIssue: "Välj vad problemet gäller",
    });
    expect(messages({ ...answered, heatPumpAge: "more_than_20" })).toEqual({ heatPumpAge: "Välj värmepumpens ålder" });
  });

  it("takes the description as optional, up to 2 000 characters", () => {
    expect(AssistantInputSchema.parse(answered)).toEqual({ ...answered, issueDescription: "" });
    expect(AssistantInputSchema.parse({ ...answered, issueDescription: "Det blåser kallt" })).toEqual({ ...answered, issueDescription: "Det blåser kallt" });
    expect(messages({ ...answered, issueDescription: "x".repeat(2000) })).toEqual({});
    expect(Object.keys(messages({ ...answered, issueDescription: "x".repeat(2001) }))).toEqual(["issueDescription"]);
  });
});
