import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RichText, isSitePath, type LinkRenderer } from "./rich-text";

describe("RichText", () => {
  it("renders **bold**, numbered lists and line breaks", () => {
    const { container } = render(<RichText text={"**Gör så här:**\n1. Stäng av\n2. Vänta **5 minuter**\n\nRad ett\nrad två"} />);
    expect(container.querySelector("strong")?.textContent).toBe("Gör så här:");
    expect(Array.from(container.querySelectorAll("ol > li"), (li) => li.textContent)).toEqual(["Stäng av", "Vänta 5 minuter"]);
    expect(container.querySelectorAll("br")).toHaveLength(1);
  });

  it("shows markup in an answer as text, never as HTML", () => {
    const hostile = '<img src=x onerror="alert(1)"> **<b>fet</b>** <script>alert(2)</script>';
    const { container } = render(<RichText text={hostile} />);
    expect(container.querySelector("img, script, b")).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(container.querySelector("strong")?.textContent).toBe("<b>fet</b>");
  });

  // Issue 11: ServiceBot links to the booking page; only paths on this site become links.
  const renderLink: LinkRenderer = ({ href, text, key }) => (
    <a key={key} href={href}>
      {text}
    </a>
  );

  it("renders a link to a path on this site through the caller's renderer, in text and in lists", () => {
    const text = "Boka här: [Boka service](/booking?service=service).\n1. [Boka hembesök](/booking?service=hembesok) (kostnadsfritt)";
    const { container } = render(<RichText text={text} renderLink={renderLink} />);
    expect(Array.from(container.querySelectorAll("a"), (a) => [a.getAttribute("href"), a.textContent])).toEqual([
      ["/booking?service=service", "Boka service"],
      ["/booking?service=hembesok", "Boka hembesök"],
    ]);
    expect(container.textContent).toBe("Boka här: Boka service.Boka hembesök (kostnadsfritt)");
  });

  it.each([
    "//evil.example/booking",
    "/\\evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,x",
    "booking",
    "/ booking",
    "mailto:a@b.se",
  ])("makes no link to %s, only text", (href) => {
    expect(isSitePath(href)).toBe(false);
    const { container } = render(<RichText text={`Se [här](${href}) nu`} renderLink={renderLink} />);
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toMatch(/^Se .*här.* nu$/);
  });

  it("without a renderer, a link's text stays and no link is made", () => {
    const { container } = render(<RichText text="[Boka service](/booking?service=service)" />);
    expect(container.querySelector("a")).toBeNull();
    expect(container.textContent).toBe("Boka service");
  });
});
