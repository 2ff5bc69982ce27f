import { describe, expect, it } from "vitest";
import { COMPANY } from "@/common/constants";
import { BRAND } from "./brand";

describe("brand", () => {
  it("is the company's short name", () => {
    expect(BRAND).toBe(COMPANY.shortName);
  });
});
