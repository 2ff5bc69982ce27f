/**
 * IBM code page 437, the character set SIE files are written in (SIE 4B §5.8, "#FORMAT PC8").
 * Our own table rather than iconv-lite: that package is only a dependency of a dependency here.
 * Bytes 0x80–0xFF in order; 0x00–0x7F are ASCII (the control glyphs of the original PC are not used).
 */
const UPPER_HALF = "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

const BYTE_OF = new Map<string, number>([...UPPER_HALF].map((character, index) => [character, 0x80 + index]));

/** Typographic characters people paste into names and texts, and what a CP437 file says instead. */
const REPLACEMENTS: Record<string, string> = {
  "\u2013": "-", // en dash
  "\u2014": "-", // em dash
  "\u2212": "-", // minus sign
  "\u2010": "-",
  "\u2011": "-",
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u00b4": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u2026": "...",
  "\u20ac": "EUR",
  "\u00a7": "par.",
  "\u00d7": "x",
  "\u2022": "*",
  "\u00f8": "o", // ø: not in CP437 and has no accent to drop
  "\u00d8": "O",
};

/**
 * Text as CP437 can hold it: typographic dashes and quotes become ASCII, letters with accents that
 * CP437 lacks lose the accent (ř → r), control characters become spaces, and anything else is left out.
 */
export function toCp437Text(text: string): string {
  let result = "";
  for (const character of text.normalize("NFC")) {
    if (isCp437(character)) result += isControl(character) ? " " : character;
    else if (character in REPLACEMENTS) result += REPLACEMENTS[character];
    else result += [...character.normalize("NFD")].filter(isCp437).join("");
  }
  return result;
}

function isControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

function isCp437(character: string): boolean {
  return character.charCodeAt(0) < 0x80 || BYTE_OF.has(character);
}

/** Bytes of text that toCp437Text has made safe; throws on a character CP437 cannot hold. */
export function encodeCp437(text: string): Buffer {
  const characters = [...text];
  const bytes = Buffer.alloc(characters.length);
  characters.forEach((character, index) => {
    const code = character.charCodeAt(0);
    const byte = code < 0x80 ? code : BYTE_OF.get(character);
    if (byte === undefined) throw new Error(`tecknet ${JSON.stringify(character)} finns inte i teckentabell 437`);
    bytes[index] = byte;
  });
  return bytes;
}

export function decodeCp437(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += byte < 0x80 ? String.fromCharCode(byte) : UPPER_HALF[byte - 0x80];
  return text;
}
