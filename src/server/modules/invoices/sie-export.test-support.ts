import { decodeCp437 } from "./cp437";

export type ParsedSie = {
  /** Every line's label ("#FLAGGA", "#VER", "{", ...), in file order. */
  labels: string[];
  /** The fields of each label's first line, quotes removed ("#GEN" → ["20261126"]). */
  fields: Record<string, string[]>;
  /** #KONTO lines: account number → name. */
  accounts: Record<string, string>;
  vouchers: { date: string; text: string; transactions: { account: string; amountOre: number }[] }[];
};

/**
 * Reads back what writeSie wrote, as an importing program would: CP437 bytes, LF lines, quoted
 * fields with \" inside, {} object lists, vouchers as #VER followed by a { … } block of #TRANS.
 * Strict where the writer must be: a #TRANS outside a block or an amount with other than two
 * decimals throws.
 */
export function parseSie(bytes: Uint8Array): ParsedSie {
  const text = decodeCp437(bytes);
  if (!text.endsWith("\n") || text.includes("\r")) throw new Error("lines must end with LF");
  const parsed: ParsedSie = { labels: [], fields: {}, accounts: {}, vouchers: [] };
  let open: ParsedSie["vouchers"][number] | null = null;
  let inBlock = false;
  for (const line of text.slice(0, -1).split("\n")) {
    const [label, ...fields] = tokens(line);
    parsed.labels.push(label);
    if (!(label in parsed.fields)) parsed.fields[label] = fields;
    if (label === "#KONTO") parsed.accounts[fields[0]] = fields[1];
    else if (label === "#VER") {
      open = { date: fields[2], text: fields[3], transactions: [] };
      parsed.vouchers.push(open);
    } else if (label === "{") {
      if (!open || inBlock) throw new Error("{ without #VER");
      inBlock = true;
    } else if (label === "}") {
      if (!inBlock) throw new Error("} without {");
      inBlock = false;
      open = null;
    } else if (label === "#TRANS") {
      if (!open || !inBlock) throw new Error("#TRANS outside a voucher");
      if (fields[1] !== "{}") throw new Error(`object list ${fields[1]}`);
      open.transactions.push({ account: fields[0], amountOre: parseAmount(fields[2]) });
    }
  }
  if (inBlock) throw new Error("unclosed voucher");
  return parsed;
}

/** A line's fields: whitespace-separated, "quoted" with \" escapes, or a {…} object list. */
function tokens(line: string): string[] {
  const result: string[] = [];
  let index = 0;
  while (index < line.length) {
    if (line[index] === " " || line[index] === "\t") {
      index++;
    } else if (line[index] === '"') {
      let value = "";
      index++;
      while (line[index] !== '"') {
        if (index >= line.length) throw new Error(`unclosed quote: ${line}`);
        if (line[index] === "\\" && line[index + 1] === '"') index++;
        value += line[index++];
      }
      index++;
      result.push(value);
    } else if (line[index] === "{" && line.length > 1) {
      const end = line.indexOf("}", index);
      result.push(line.slice(index, end + 1));
      index = end + 1;
    } else {
      const end = line.slice(index).search(/[ \t]/);
      const value = end === -1 ? line.slice(index) : line.slice(index, index + end);
      result.push(value);
      index += value.length;
    }
  }
  return result;
}

function parseAmount(amount: string): number {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount);
  if (!match) throw new Error(`amount ${amount} is not kronor with two decimals`);
  const ore = Number(match[2]) * 100 + Number(match[3]);
  return match[1] ? -ore : ore;
}
