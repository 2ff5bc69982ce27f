import { Outlet } from "react-router";
import { ChatDialog } from "@/client/features/chat/chat-dialog";
import { ChatLauncherButton } from "@/client/features/chat/chat-launcher-button";

/** Customer-facing pages: the page itself plus the floating ServiceBot button and its dialog. */
export function PublicLayout() {
  return (
    <>
      <Outlet />
      <ChatLauncherButton />
      <ChatDialog />
    </>
  );
}
