import type { MouseEvent } from "react";
import { Link } from "@/client/components/ui/link";
import { RichText, type LinkRenderer } from "@/client/components/rich-text";
import { useChatLauncher } from "@/client/lib/chat-launcher";

// How a ServiceBot answer reads in the chat (issue 11): RichText's bold and lists, and its links to
// pages of this site (the booking page with a service chosen) as router links. RichText lets only
// paths on this site through; everything else in an answer stays text.

const linkClass =
  "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

/** A plain click navigates here, so the chat steps aside; a click that opens a new tab leaves it open. */
const opensHere = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function MessageText({ text }: { text: string }) {
  const { setOpen } = useChatLauncher();
  const renderLink: LinkRenderer = ({ href, text: label, key }) => (
    <Link key={key} to={href} className={linkClass} onClick={(event) => opensHere(event) && setOpen(false)}>
      {label}
    </Link>
  );
  return <RichText text={text} renderLink={renderLink} />;
}
