import { describe, expect, it } from "vitest";
import { parseId } from "./parse-id";

describe("parseId", () => {
  it("reads a positive whole number", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("123456789")).toBe(123456789);
  });

  it("is null for anything else", () => {
    for (const value of [undefined, "", "0", "-1", "1.5", "12a", " 12", "1234567890"]) expect(parseId(value)).toBeNull();
  });
});
