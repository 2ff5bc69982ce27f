import { describe, expect, it } from "vitest";
import { winAnsi } from "./pdf-writer";

// Helvetica's WinAnsi encoding cannot draw every character a name or an amount may hold; pdf-lib
// throws on one it lacks, so the whole document would fail.

describe("winAnsi", () => {
  it("keeps what WinAnsi has: Swedish letters, no-break spaces, Latin-1", () => {
    expect(winAnsi("Åsa Öberg, Ängby\u00a01:23 é ü ø ß")).toBe("Åsa Öberg, Ängby\u00a01:23 é ü ø ß");
  });

  it("composes letters typed as a letter and an accent", () => {
    expect(winAnsi("A\u030asa O\u0308berg")).toBe("Åsa Öberg");
  });

  it("writes typographic characters and Intl's minus plainly", () => {
    expect(winAnsi("08:00\u201310:00 \u2018a\u2019 \u201cb\u201d \u22122\u00a0400,00 1\u202f234")).toBe("08:00-10:00 'a' \"b\" -2\u00a0400,00 1\u00a0234");
  });

  it("drops accents WinAnsi lacks and writes one '?' for anything else", () => {
    expect(winAnsi("Łukasz Ćwikła Đorđe Şahin")).toBe("Lukasz Cwikla Dorde Sahin");
    expect(winAnsi("Kund 😀 李")).toBe("Kund ? ?");
    expect(winAnsi("a\tb\nc")).toBe("a b\nc");
  });
});
