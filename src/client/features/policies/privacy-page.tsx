import { PolicyArticle } from "./components/policy-article";
import { useCompany } from "@/client/lib/company";
import { privacyDocument } from "./text";

/** /policies/privacy: 11 sections, in effect from 2025-05-18 (rules §2). */
export default function PrivacyPage() {
  return <PolicyArticle doc={privacyDocument(useCompany())} idPrefix="integritet" />;
}
