import { COMPANY_DATA_ID, DEFAULT_COMPANY_PROFILE, type CompanyProfile } from "@/common/company";

// The company's details as the settings say now (rules D11). The server writes them into every
// page it serves, as a JSON data block (never run, so the CSP allows it) next to the prerendered
// HTML it filled in with the same values; the client reads the block once, so hydration renders
// exactly what the server sent. The prerender itself renders placeholders (companyPlaceholders)
// that the server replaces.

function injected(): CompanyProfile | null {
  if (typeof document === "undefined") return null;
  const text = document.getElementById(COMPANY_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    return { ...DEFAULT_COMPANY_PROFILE, ...(JSON.parse(text) as Partial<CompanyProfile>) };
  } catch {
    return null;
  }
}

let current: CompanyProfile | null = null;

/** The company's current details (the server's block, or the defaults where there is none, e.g. in unit tests). */
export function useCompany(): CompanyProfile {
  current ??= injected() ?? DEFAULT_COMPANY_PROFILE;
  return current;
}

/** The build's prerender renders placeholders instead (see entry-server.tsx). */
export function renderCompanyAs(profile: CompanyProfile) {
  current = profile;
}
