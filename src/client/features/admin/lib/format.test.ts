import { describe, expect, it } from "vitest";
import { formatAddress, joinPresent } from "./format";

describe("joinPresent and formatAddress", () => {
  it("leave out empty parts instead of a stray separator (an erased customer has no city)", () => {
    expect(joinPresent(["Raderad kund #13", ""])).toBe("Raderad kund #13");
    expect(joinPresent(["Raderad kund #13", "  ", null, undefined])).toBe("Raderad kund #13");
    expect(joinPresent(["Lars Andersson", "Uppsala"])).toBe("Lars Andersson, Uppsala");
    expect(joinPresent(["Nibe F2120", "Uppsala"], " – ")).toBe("Nibe F2120 – Uppsala");
    expect(joinPresent(["", ""])).toBe("–");
  });

  it("write an address with what there is of it", () => {
    expect(formatAddress({ address: "Storgatan 12", postalCode: "753 20", city: "Uppsala" })).toBe("Storgatan 12, 753 20 Uppsala");
    expect(formatAddress({ address: "", postalCode: "", city: "" })).toBe("–");
    expect(formatAddress({ address: "Storgatan 12", postalCode: "", city: "Uppsala" })).toBe("Storgatan 12, Uppsala");
  });
});
