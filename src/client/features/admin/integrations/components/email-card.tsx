import type { IntegrationsStatus } from "@/common/schemas/integrations";
import { integrationsPageText } from "../text";
import { StatusCard } from "./status-card";

const text = integrationsPageText;

/** E-mail (rules D14): configured or not, and what the outbox holds. */
export function EmailCard({ email }: { email: IntegrationsStatus["email"] }) {
  const figures = [
    { label: text.email.queued, value: email.counts.queued },
    { label: text.email.sent, value: email.counts.sent },
    { label: text.email.failed, value: email.counts.failed },
  ];
  return (
    <StatusCard id="integration-email" title={text.email.title} status={email.configured ? text.configured : text.notConfigured} ok={email.configured}>
      <p className="text-sm text-slate-700">{email.configured ? text.email.configuredText(email.from) : text.email.notConfiguredText}</p>
      <dl className="grid grid-cols-3 gap-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm text-slate-600">{figure.label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </StatusCard>
  );
}
