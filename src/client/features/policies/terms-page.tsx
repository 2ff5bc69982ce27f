import { PolicyArticle } from "./components/policy-article";
import { useCompany } from "@/client/lib/company";
import { termsDocument } from "./text";

/** /policies/terms: 13 sections, in effect from 2025-05-21 (rules §2, §9). */
export default function TermsPage() {
  return <PolicyArticle doc={termsDocument(useCompany())} idPrefix="villkor" />;
}
