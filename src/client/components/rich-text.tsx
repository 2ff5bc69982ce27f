import type { ReactNode } from "react";

// Answers of the assistant and of ServiceBot are plain text with two marks (SPEC §2: "bold markers
// and numbered lists with line breaks"): **bold** and lines starting with "1. ". They become React
// elements here, never HTML, so nothing in an answer can add markup or script to the page.

function inline(text: string, key: string): ReactNode[] {
  return text.split(/(\*\*[^*]+\*\*)/g).map((part, index) =>
    part.startsWith("**") && part.endsWith("**") && part.length > 4 ? <strong key={`${key}-${index}`}>{part.slice(2, -2)}</strong> : part,
  );
}

type Block = { kind: "list"; items: string[] } | { kind: "paragraph"; lines: string[] };

function blocks(text: string): Block[] {
  const result: Block[] = [];
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const item = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    const last = result.at(-1);
    if (item) {
      if (last?.kind === "list") last.items.push(item[1]);
      else result.push({ kind: "list", items: [item[1]] });
    } else if (line.trim() === "") {
      result.push({ kind: "paragraph", lines: [] });
    } else if (last?.kind === "paragraph") {
      last.lines.push(line);
    } else {
      result.push({ kind: "paragraph", lines: [line] });
    }
  }
  return result.filter((block) => (block.kind === "list" ? block.items.length > 0 : block.lines.length > 0));
}

/** Text with **bold**, numbered lists and line breaks, as React elements. */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ?? "grid gap-2"}>
      {blocks(text).map((block, index) =>
        block.kind === "list" ? (
          <ol key={index} className="list-decimal space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{inline(item, `${index}-${itemIndex}`)}</li>
            ))}
          </ol>
        ) : (
          <p key={index}>
            {block.lines.flatMap((line, lineIndex) => (lineIndex === 0 ? inline(line, `${index}-${lineIndex}`) : [<br key={`br-${lineIndex}`} />, ...inline(line, `${index}-${lineIndex}`)]))}
          </p>
        ),
      )}
    </div>
  );
}
