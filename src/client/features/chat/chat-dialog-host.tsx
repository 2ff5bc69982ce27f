import { Suspense } from "react";
import { lazyWithReload } from "@/client/lib/chunk-reload";
import { useChatLauncher, useChatLaunchers } from "@/client/lib/chat-launcher";
import { withPublicStyles } from "@/client/lib/with-public-styles";

const ChatDialog = lazyWithReload(withPublicStyles(async () => ({ default: (await import("./chat-dialog")).ChatDialog })));

/**
 * Handles every ServiceBot button of the page and mounts the dialog once someone shows intent to open
 * it (rules §2 ServiceBot dialog): the dialog, Radix Dialog, its icons and the public stylesheet are not
 * part of any page's first download (issue 7).
 */
export function ChatDialogHost() {
  useChatLaunchers();
  const { wanted } = useChatLauncher();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ChatDialog />
    </Suspense>
  );
}
