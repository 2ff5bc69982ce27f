import type { ReactNode } from "react";

// Answers of the assistant and of ServiceBot are plain text with two marks (rules §2: "bold markers
// and numbered lists with line breaks"): **bold** and lines starting with "1. ", and ServiceBot's
// links to pages of this site, [text](/booking?service=service) (issue 11). They become React
// elements here, never HTML, so nothing in an answer can add markup or script to the page; a link
// becomes one only when it is a path on this site and the caller renders links at all, otherwise
// its text stays.

/** Renders a link whose href has been checked to be a path on this site. */
export type LinkRenderer = (link: { href: string; text: string; key: string }) => ReactNode;

const MARKS = /(\*\*[^*]+\*\*|\[[^\]\n]+\]\([^)\s]*\))/g;
const LINK = /^\[([^\]\n]+)\]\(([^)\s]*)\)$/;
const SITE = "https://site.invalid";

/** True for a path on this site ("/booking?service=service"); false for "//host", "/\\host", "https:…", "javascript:…". */
export function isSitePath(href: string): boolean {
  if (!/^\/(?![/\\])/.test(href) || /[\\\s]/.test(href)) return false;
  try {
    return new URL(href, SITE).origin === SITE;
  } catch {
    return false;
  }
}

function inline(text: string, key: string, renderLink: LinkRenderer | undefined): ReactNode[] {
  return text.split(MARKS).map((part, index) => {
    const partKey = `${key}-${index}`;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4) return <strong key={partKey}>{part.slice(2, -2)}</strong>;
    const link = LINK.exec(part);
    if (!link) return part;
    const [, label, href] = link;
    return renderLink && isSitePath(href) ? renderLink({ href, text: label, key: partKey }) : label;
  });
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

/** Text with **bold**, numbered lists, line breaks and (with `renderLink`) links to this site, as React elements. */
export function RichText({ text, className, renderLink }: { text: string; className?: string; renderLink?: LinkRenderer }) {
  return (
    <div className={className ?? "grid gap-2"}>
      {blocks(text).map((block, index) =>
        block.kind === "list" ? (
          <ol key={index} className="list-decimal space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{inline(item, `${index}-${itemIndex}`, renderLink)}</li>
            ))}
          </ol>
        ) : (
          <p key={index}>
            {block.lines.flatMap((line, lineIndex) =>
              lineIndex === 0
                ? inline(line, `${index}-${lineIndex}`, renderLink)
                : [<br key={`br-${lineIndex}`} />, ...inline(line, `${index}-${lineIndex}`, renderLink)],
            )}
          </p>
        ),
      )}
    </div>
  );
}
