import { buttonVariants } from "@/client/components/ui/button";
import { Link } from "@/client/components/ui/link";
import type { Protocol } from "@/common/schemas/protocols";
import { protocolUiText as text } from "../text";

/** What was installed, as both protocol lists show it: 'Nibe F2120', or a dash when nothing is filled in. */
export const installedUnitOf = (p: Pick<Protocol, "installedBrand" | "installedModel">) =>
  [p.installedBrand, p.installedModel].filter(Boolean).join(" ") || "–";

/** The lists' 'Visa' link to a protocol, named by its customer for screen readers. */
export function ShowProtocolLink({ protocol }: { protocol: Pick<Protocol, "id" | "customerName"> }) {
  return (
    <Link
      to={`/technician/protocols/${protocol.id}`}
      className={buttonVariants({ variant: "outline", size: "sm" })}
      aria-label={`${text.show}: ${protocol.customerName}`}
    >
      {text.show}
    </Link>
  );
}
