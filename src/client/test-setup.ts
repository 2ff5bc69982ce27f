import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";

// Issue 28: assertions say what a person sees (toBeInTheDocument, toBeDisabled, toHaveValue...),
// through jest-dom's matchers on Vitest's expect; the types come with the first import.

// Component tests wait for what a lazy chunk or a query renders: Testing Library's default second is
// too short on a shared two-core CI machine transforming the chunk on first import (the wizard's
// lazily loaded step 2 once took longer). Failing waits still fail, five seconds later.
configure({ asyncUtilTimeout: 5_000 });
