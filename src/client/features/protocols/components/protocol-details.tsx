import { CheckCircle2, Circle } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { installationTypeLabel } from "@/common/constants";
import { formatListDate, formatListDateTime } from "@/common/format";
import { CHECKLIST_GROUPS, formatTonnes, type ChecklistGroupKey } from "@/common/protocols/rules";
import { PROTOCOL_IMAGE_GROUP_LABELS, PROTOCOL_IMAGE_GROUPS, type CustomerProtocol } from "@/common/schemas/protocols";
import { protocolUiText as text } from "../text";

function Fact({ label, value }: { label: string; value: ReactNode }) {
  if (value === null || value === undefined || value === "") return null;
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}

export function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Everything rules §2 lists for the customer's protocol page, in that order; staff see the same. */
export function ProtocolDetails({ protocol }: { protocol: CustomerProtocol }) {
  const f = text.fields;
  const photos = PROTOCOL_IMAGE_GROUPS.filter((group) => (protocol.protocolImages[group] ?? []).length > 0);
  return (
    <div className="grid gap-4">
      <DetailCard title={text.sections.basic}>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact label={f.customerName} value={protocol.customerName} />
          <Fact label={f.installationAddress.replace(" *", "")} value={protocol.installationAddress} />
          <Fact label={f.installationDate} value={formatListDate(protocol.installationDate)} />
          <Fact label={f.customerPhone} value={protocol.customerPhone} />
          <Fact label={f.customerEmail} value={protocol.customerEmail} />
          <Fact label={f.installedBrand} value={protocol.installedBrand} />
          <Fact label={f.installedModel} value={protocol.installedModel} />
          <Fact label={f.installedPower} value={protocol.installedPower} />
          <Fact label={f.installationType} value={installationTypeLabel(protocol.installationType)} />
          <Fact label={f.indoorUnitLocation} value={protocol.indoorUnitLocation} />
          <Fact label={f.outdoorUnitLocation} value={protocol.outdoorUnitLocation} />
          <Fact
            label={f.refrigerantType}
            value={
              protocol.refrigerantAmount !== null
                ? `${protocol.refrigerantType}, ${protocol.refrigerantAmount.toLocaleString("sv-SE")} kg`
                : protocol.refrigerantType
            }
          />
          <Fact label="CO2e" value={protocol.co2eTonnes !== null ? formatTonnes(protocol.co2eTonnes) : null} />
        </dl>
        {protocol.leakChecksRequired && <p className="mt-3 font-medium text-amber-900">{text.leakChecks}</p>}
      </DetailCard>
      {(Object.keys(CHECKLIST_GROUPS) as ChecklistGroupKey[]).map((group) => (
        <DetailCard key={group} title={CHECKLIST_GROUPS[group].title}>
          <ul className="grid gap-1 sm:grid-cols-2">
            {Object.entries(CHECKLIST_GROUPS[group].items).map(([key, label]) => {
              const done = protocol.checklists[group]?.[key] === true;
              const Icon = done ? CheckCircle2 : Circle;
              return (
                <li key={key} className="flex items-center gap-2 text-slate-900">
                  <Icon className={done ? "size-4 text-green-700" : "size-4 text-slate-400"} aria-hidden="true" />
                  {label}
                  <span className="sr-only">: {done ? text.yes : text.no}</span>
                </li>
              );
            })}
          </ul>
        </DetailCard>
      ))}
      {protocol.demontagedProducts && (
        <DetailCard title={text.sections.dismantled}>
          <p className="whitespace-pre-line">{protocol.demontagedProducts}</p>
        </DetailCard>
      )}
      {protocol.notes && (
        <DetailCard title={text.sections.notes}>
          <p className="whitespace-pre-line">{protocol.notes}</p>
        </DetailCard>
      )}
      {photos.length > 0 && (
        <DetailCard title={text.sections.photos}>
          {photos.map((group) => (
            <div key={group} className="mb-3 grid gap-2">
              <p className="font-medium">{PROTOCOL_IMAGE_GROUP_LABELS[group]}</p>
              <ul className="grid grid-cols-3 gap-2">
                {protocol.protocolImages[group].map((src, index) => (
                  <li key={index}>
                    <img src={src} alt={`${PROTOCOL_IMAGE_GROUP_LABELS[group]} ${index + 1}`} className="aspect-square w-full rounded-md object-cover" />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </DetailCard>
      )}
    </div>
  );
}

/** A signature card: the image with its time, or 'Väntar på signatur'. */
export function SignatureCard({ title, signature, signedAt }: { title: string; signature: string | null; signedAt: string | null }) {
  return (
    <DetailCard title={title}>
      {signature ? (
        <figure className="grid gap-1">
          <img src={signature} alt={`${title}: ${text.signed}`} className="w-full max-w-[500px] rounded-md border border-slate-200 bg-white" />
          {signedAt && <figcaption className="text-sm text-slate-700">{text.signedAt(formatListDateTime(signedAt))}</figcaption>}
        </figure>
      ) : (
        <p className="text-slate-700">{text.waitingForSignature}</p>
      )}
    </DetailCard>
  );
}
