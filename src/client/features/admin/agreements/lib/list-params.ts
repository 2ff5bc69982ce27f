// The list's search and status filter live in the URL (like the invoice list): reload and Back keep
// them, and only values that differ from the defaults are written.
import { AGREEMENT_STATUSES } from "@/common/agreements/terms";
import type { AgreementListQuery } from "../api/get-agreements";

export const DEFAULT_AGREEMENT_QUERY: AgreementListQuery = { q: "", status: "all" };

/** The list query from the URL; anything unknown or malformed falls back to its default. */
export function agreementQueryFromParams(params: URLSearchParams): AgreementListQuery {
  const status = params.get("status");
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    status: status !== null && (AGREEMENT_STATUSES as readonly string[]).includes(status) ? (status as AgreementListQuery["status"]) : "all",
  };
}

/** The URL parameters for a list query, defaults left out. */
export function agreementQueryToParams(query: AgreementListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status !== DEFAULT_AGREEMENT_QUERY.status) params.set("status", query.status);
  return params;
}
