import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { setTitleOverride } from "@/client/app/page-titles";
import { resetToasts } from "@/client/components/ui/toast-store";
import { resetChatLauncher } from "@/client/lib/chat-launcher";
import { forgetSession } from "@/client/lib/session-store";

// Issue 28: assertions say what a person sees (toBeInTheDocument, toBeDisabled, toHaveValue...),
// through jest-dom's matchers on Vitest's expect; the types come with the first import.

// Component tests wait for what a lazy chunk or a query renders: Testing Library's default second is
// too short on a shared two-core CI machine transforming the chunk on first import (the wizard's
// lazily loaded step 2 once took longer). Failing waits still fail, five seconds later.
configure({ asyncUtilTimeout: 5_000 });

// The unit project runs its files one after another in each worker without reloading the modules
// (vitest.config.ts, isolate: false), so what the app keeps in module-level stores would pass from one
// file's tests to the next. Each test starts from what a fresh page has: no toasts, no session and no
// pending logout, a closed chat, the route's own title. Each file still gets a fresh DOM.
afterEach(() => {
  resetToasts();
  forgetSession();
  resetChatLauncher();
  setTitleOverride(null);
});
