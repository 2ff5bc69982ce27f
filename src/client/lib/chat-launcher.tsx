import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

// The ServiceBot dialog is opened from several places (floating button, landing page buttons);
// they all share this one open state so there is only ever one dialog.
type ChatLauncher = { isOpen: boolean; open: () => void; setOpen: (open: boolean) => void };

const ChatLauncherContext = createContext<ChatLauncher | null>(null);

export function ChatLauncherProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const value = useMemo(() => ({ isOpen, setOpen, open: () => setOpen(true) }), [isOpen]);
  return <ChatLauncherContext.Provider value={value}>{children}</ChatLauncherContext.Provider>;
}

export function useChatLauncher(): ChatLauncher {
  const context = useContext(ChatLauncherContext);
  if (!context) throw new Error("useChatLauncher must be used inside ChatLauncherProvider");
  return context;
}
