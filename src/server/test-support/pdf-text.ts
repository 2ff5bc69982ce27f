import { createRequire } from "node:module";
import { dirname } from "node:path";

/** A PDF's text as a viewer reads it (pdf.js), one drawn item per piece, joined by spaces (no-break spaces as plain ones). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const fonts = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: fonts }).promise;
  const items: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const content = await (await doc.getPage(n)).getTextContent();
    for (const item of content.items) if ("str" in item && item.str.trim()) items.push(item.str.replace(/\u00a0/g, " "));
  }
  return items.join(" ");
}
