import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from "pdf-lib";

// The house style of the PDFs the company hands out (the installation protocol, the invoice): A4,
// Helvetica, the brand colour, text flowing from the top down onto new pages. Helvetica's WinAnsi
// encoding has å, ä and ö; characters it lacks are replaced rather than failing the document.

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 48;
export const LINE = 14;
export const BRAND = rgb(0.1, 0.31, 0.61);
export const INK = rgb(0.1, 0.1, 0.12);
export const MUTED = rgb(0.4, 0.4, 0.45);

/** Letters WinAnsi lacks that have a plain look-alike no decomposition finds (a Polish Ł, a Croatian Đ). */
const LOOK_ALIKES: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", ı: "i" };

/** A character WinAnsi lacks as its letter without accents ("ć" is "c"), or '?' when there is none. */
function plainLetter(char: string): string {
  if (LOOK_ALIKES[char]) return LOOK_ALIKES[char];
  const bare = char.normalize("NFD").replace(/\p{M}/gu, "");
  return bare && /^[\x20-\x7e\u00a0-\u00ff]+$/.test(bare) ? bare : "?";
}

/**
 * Text Helvetica (WinAnsi) can draw: typographic characters plain (dashes and Intl's minus sign
 * U+2212 as '-', a narrow no-break space as a no-break space), accented letters outside WinAnsi
 * without their accents, anything else (an emoji) one '?'. Composed first, so an "å" typed as a + ring
 * stays "å".
 */
export function winAnsi(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2013\u2014\u2212]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u202f\u2007]/g, "\u00a0")
    .replace(/\t/g, " ")
    .replace(/[^\x20-\x7e\u00a0-\u00ff\n]/gu, plainLetter);
}

export type TextStyle = { size?: number; bold?: boolean; color?: RGB };
/** Where one line goes across the page: from `x`, or ending at `x` when aligned right. */
export type Placement = TextStyle & { x?: number; align?: "left" | "right" };

export class Writer {
  page: PDFPage;
  y = A4.height - MARGIN;
  /** Drawn at the top of every page after the first (a table's header while the table runs). */
  onNewPage: (() => void) | null = null;

  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
  ) {
    this.page = doc.addPage([A4.width, A4.height]);
  }

  /** A writer on a new A4 page in Helvetica and Helvetica Bold. */
  static async create(doc: PDFDocument): Promise<Writer> {
    return new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  }

  /** A new page when `height` points no longer fit on this one. */
  ensure(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([A4.width, A4.height]);
    this.y = A4.height - MARGIN;
    this.onNewPage?.();
  }

  fontOf(bold: boolean): PDFFont {
    return bold ? this.bold : this.font;
  }

  /** The width of a text as drawn, in points. */
  widthOf(value: string, { size = 10, bold = false }: TextStyle = {}): number {
    return this.fontOf(bold).widthOfTextAtSize(winAnsi(value), size);
  }

  /** A text broken into lines of at most `width` points (a word longer than that keeps its own line). */
  wrap(value: string, width: number, { size = 10, bold = false }: TextStyle = {}): string[] {
    const font = this.fontOf(bold);
    const lines: string[] = [];
    for (const paragraph of winAnsi(value).split("\n")) {
      let line = "";
      for (const word of paragraph.split(/\s+/)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) > width && line) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  }

  /** One line at the writing position without moving it: columns of a table row, a label and its amount. */
  draw(value: string, { x = MARGIN, align = "left", size = 10, bold = false, color = INK }: Placement = {}) {
    const text = winAnsi(value);
    const font = this.fontOf(bold);
    const left = align === "right" ? x - font.widthOfTextAtSize(text, size) : x;
    this.page.drawText(text, { x: left, y: this.y - size, size, font, color });
  }

  /** Wrapped text across the page (or from `x`, `width` wide); `size` in points. */
  text(value: string, { size = 10, bold = false, color = INK, x = MARGIN, width = A4.width - MARGIN - x }: TextStyle & { x?: number; width?: number } = {}) {
    for (const line of this.wrap(value, width, { size, bold })) {
      this.ensure(size + 4);
      this.draw(line, { x, size, bold, color });
      this.y -= size + 4;
    }
  }

  heading(value: string) {
    this.ensure(40);
    this.y -= 8;
    this.text(value, { size: 13, bold: true, color: BRAND });
    this.y -= 2;
  }

  row(label: string, value: string | null | undefined) {
    if (!value) return;
    this.text(`${label}: ${value}`);
  }

  /** A thin horizontal line across the page at the writing position. */
  rule({ from = MARGIN, to = A4.width - MARGIN, color = MUTED } = {}) {
    this.page.drawLine({ start: { x: from, y: this.y }, end: { x: to, y: this.y }, thickness: 0.5, color });
  }

  /** A small line at the foot of every page, written once the pages are counted ("Sida 1 av 2"). */
  footers(text: (page: number, pages: number) => string) {
    const pages = this.doc.getPages();
    pages.forEach((page, index) => {
      page.drawText(winAnsi(text(index + 1, pages.length)), { x: MARGIN, y: MARGIN / 2, size: 8, font: this.font, color: MUTED });
    });
  }

  async image(bytes: Uint8Array, maxWidth: number, maxHeight: number) {
    const embedded = kindOf(bytes) === "png" ? await this.doc.embedPng(bytes) : await this.doc.embedJpg(bytes);
    const scale = Math.min(maxWidth / embedded.width, maxHeight / embedded.height, 1);
    const w = embedded.width * scale;
    const h = embedded.height * scale;
    this.ensure(h + LINE);
    this.page.drawImage(embedded, { x: MARGIN, y: this.y - h, width: w, height: h });
    this.y -= h + 6;
  }
}

/** The format by the bytes themselves (the PNG signature), whatever the data URL says. */
const kindOf = (bytes: Uint8Array): "png" | "jpg" => (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 ? "png" : "jpg");
