import { Badge, type BadgeTone } from "@/client/components/ui/badge";
import type { AgreementStatus } from "@/common/agreements/terms";
import { AGREEMENT_STATUS_LABELS } from "../text";

const TONES: Record<AgreementStatus, BadgeTone> = {
  pending: "warning",
  active: "success",
  paused: "info",
  ended: "neutral",
};

/** An agreement's status in words ('Väntar på godkännande', 'Aktivt', 'Pausat', 'Upphört'); the colour only repeats it. */
export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  return <Badge tone={TONES[status]}>{AGREEMENT_STATUS_LABELS[status]}</Badge>;
}
