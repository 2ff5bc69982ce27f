import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rules";

// Issue 22, point 7: rules §5's rule let a word, a capital and a year or digits through. The rule of
// every new password refuses what is easy to guess and says why, in Swedish.

const owner = { username: "greta", name: "Greta Lindholm", companyName: "Värmepumpsservice i Sverige AB" };

describe("passwordProblem", () => {
  it.each([
    ["Admin1234", "ett vanligt ord och en enkel sifferföljd"],
    ["Sommar2024", "ett vanligt ord och ett årtal"],
    ["Sommar2024!", "ett vanligt ord och ett årtal"],
    ["Valkommen2024", "ett vanligt ord och ett årtal"],
    ["Göteborg1", "ett vanligt ord och en siffra"],
    ["Password1", "ett vanligt lösenord"],
    ["Anna1985", "ett vanligt namn och ett årtal"],
    ["Lindholm1987", "ditt namn, användarnamnet eller företagets namn och ett årtal"],
    ["Dr0ttning1", "ett vanligt ord med utbytta tecken (som 0 för o) och en siffra"],
  ])("refuses %j: it is made of %s", (password, parts) => {
    expect(passwordProblem(password, owner)).toBe(
      `Lösenordet är för lätt att gissa: det består av ${parts}. Välj en längre fras, gärna några ord som inte hör ihop.`,
    );
  });

  it("keeps rules §5's rule and the username rule, in that order", () => {
    expect(passwordProblem("Ab1", owner)).toBe("Lösenordet måste vara minst 8 tecken");
    expect(passwordProblem("kanelbulle-fjäll-9", owner)).toBe("Lösenordet måste innehålla minst en stor bokstav, en liten bokstav och en siffra");
    expect(passwordProblem("Greta-Kanel-Fjäll-9", owner)).toBe("Lösenordet får inte innehålla användarnamnet.");
    expect(passwordProblem(`A1${"x".repeat(199)}`, owner)).toBe("Lösenordet får vara högst 200 tecken");
  });

  it("accepts a phrase of unrelated words, and judges a long password by its start", () => {
    for (const password of ["Kanelbulle-Fjäll-9", "Gränsvakt-Moln-63", "Tr0ub4dor&3xyz", "kV9#pLw2zQ"])
      expect(passwordProblem(password, owner), password).toBeNull();
    expect(passwordProblem(`Kanelbulle-Fjäll-9${"å".repeat(150)}`, owner)).toBeNull();
    expect(passwordProblem("Sommar2024".repeat(19), owner)).toMatch(/^Lösenordet är för lätt att gissa/);
  });
});
