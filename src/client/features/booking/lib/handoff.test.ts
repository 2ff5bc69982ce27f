import { describe, expect, it } from "vitest";
import { withHandoff } from "./handoff";

describe("the assistant's text in the booking's description", () => {
  it("fills an empty description", () => {
    expect(withHandoff("  ", "Från felsökningsassistenten: …", null)).toBe("Från felsökningsassistenten: …");
  });

  it("keeps what the customer wrote and adds the assistant's text after it, once", () => {
    const once = withHandoff("Det luktar bränt.", "Problem: Ingen värme", null);
    expect(once).toBe("Det luktar bränt.\n\nProblem: Ingen värme");
    expect(withHandoff(once, "Problem: Ingen värme", null)).toBe(once);
  });

  it("replaces the text of an earlier run of the assistant", () => {
    expect(withHandoff("Det luktar bränt.\n\nProblem: Ingen värme", "Problem: Konstiga ljud", "Problem: Ingen värme")).toBe(
      "Det luktar bränt.\n\nProblem: Konstiga ljud",
    );
  });
});
