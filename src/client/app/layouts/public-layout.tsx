import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { ChatDialogHost } from "@/client/features/chat/chat-dialog-host";
import { ChatLauncherButton } from "@/client/features/chat/chat-launcher-button";
import { clearPendingLogout } from "@/client/lib/session";

/** Customer-facing pages: the page itself plus the floating ServiceBot button and its dialog. */
export function PublicLayout() {
  const { pathname } = useLocation();
  // A public page is showing, so any logout has reached its destination.
  useEffect(() => clearPendingLogout(), [pathname]);
  return (
    <>
      <Outlet />
      <ChatLauncherButton />
      <ChatDialogHost />
    </>
  );
}
