import { describe, expect, it } from "vitest";
import { pageHead, PRERENDERED_PAGES, SPA_SHELL_HEAD } from "./page-head";

const landing = PRERENDERED_PAGES.find((page) => page.path === "/")!;

describe("the head of the prerendered pages", () => {
  it("gives every public page its own title, description and Open Graph tags", () => {
    expect(PRERENDERED_PAGES.map((page) => page.path)).toEqual(["/", "/booking", "/policies/terms", "/policies/privacy", "/policies/cookies"]);
    const descriptions = new Set(PRERENDERED_PAGES.map((page) => page.description));
    expect(descriptions.size).toBe(PRERENDERED_PAGES.length);
    for (const page of PRERENDERED_PAGES) {
      const head = pageHead(page, null);
      expect(head).toMatch(/<title>[^<]+ \| Värmepumpsservice<\/title>/);
      expect(head).toContain('<meta name="description" content="');
      expect(head).toContain('<meta property="og:title"');
      expect(head).toContain('<meta property="og:locale" content="sv_SE" />');
      // Search engines show about 160 characters.
      expect(page.description.length, page.path).toBeLessThanOrEqual(160);
    }
  });

  it("adds og:url and a canonical link only when the public address is known", () => {
    expect(pageHead(landing, null)).not.toContain("og:url");
    const head = pageHead(PRERENDERED_PAGES[1], "https://boka.example.se");
    expect(head).toContain('<meta property="og:url" content="https://boka.example.se/booking" />');
    expect(head).toContain('<link rel="canonical" href="https://boka.example.se/booking" />');
  });

  it("writes the structured data as JSON that cannot end its script element", () => {
    const head = pageHead({ ...landing, structuredData: () => ({ name: "</script><script>alert(1)</script>" }) }, null);
    const json = /<script type="application\/ld\+json">(.*)<\/script>/.exec(head)?.[1] ?? "";
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual({ name: "</script><script>alert(1)</script>" });
  });

  it("keeps the shell of the other pages out of search engines", () => {
    expect(SPA_SHELL_HEAD).toContain('<meta name="robots" content="noindex" />');
  });
});
