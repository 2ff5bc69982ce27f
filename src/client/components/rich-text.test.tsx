import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RichText } from "./rich-text";

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
});
