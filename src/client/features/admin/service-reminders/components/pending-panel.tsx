import { useState } from "react";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { LoadFailed } from "../../components/load-failed";
import { ScrollTable } from "../../components/scroll-table";
import { joinPresent } from "../../lib/format";
import { formatListDate } from "@/common/format";
import { serviceRemindersPageText } from "../text";
import { useCreateReminders, usePendingProducts } from "../api/service-reminders";

const text = serviceRemindersPageText.pending;

/**
 * Pending products (rules §2, §9) with a choice of which get a reminder now: all that can be reminded
 * are chosen at first; customers who unsubscribed are shown but cannot be chosen.
 */
export function PendingPanel() {
  const pending = usePendingProducts();
  // Products the admin has left out; everything else that can be reminded is chosen.
  const [leftOut, setLeftOut] = useState<ReadonlySet<number>>(new Set());
  const create = useCreateReminders();

  if (pending.isPending) return <Spinner />;
  if (pending.isError) return <LoadFailed message={text.loadFailed} retryLabel={serviceRemindersPageText.retry} onRetry={() => void pending.refetch()} />;
  const remindable = pending.data.filter((p) => !p.customer.unsubscribed);
  const chosen = remindable.filter((p) => !leftOut.has(p.id)).map((p) => p.id);
  const toggle = (id: number) =>
    setLeftOut((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setLeftOut(chosen.length === remindable.length ? new Set(remindable.map((p) => p.id)) : new Set());
  const submit = () =>
    create.mutate(chosen, {
      onSuccess: ({ createdCount }) => {
        toast({ title: text.created, description: text.createdDescription(createdCount) });
        setLeftOut(new Set());
      },
      onError: (error) => toast({ variant: "destructive", title: text.createFailed, description: errorMessage(error, text.createFailed) }),
    });

  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">{text.intro}</p>
      {pending.data.length === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <>
          <ScrollTable
            label={text.tableLabel}
            minWidth="min-w-[40rem]"
            columns={[
              {
                key: "select",
                className: "w-12",
                header: (
                  <input
                    type="checkbox"
                    className="size-5 accent-brand-700"
                    aria-label={text.selectAll}
                    checked={remindable.length > 0 && chosen.length === remindable.length}
                    disabled={remindable.length === 0}
                    onChange={toggleAll}
                  />
                ),
              },
              ...[text.product, text.installed, text.customer, text.contact].map((header) => ({ key: header, header })),
            ]}
          >
            {pending.data.map((product) => (
              <tr key={product.id} className="border-t border-slate-200">
                <td className="px-3 py-2">
                  {product.customer.unsubscribed ? null : (
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-700"
                      aria-label={text.selectProduct(product.model, product.customer.name)}
                      checked={!leftOut.has(product.id)}
                      onChange={() => toggle(product.id)}
                    />
                  )}
                </td>
                <td className="px-3 py-2 font-medium text-slate-900">{product.model}</td>
                <td className="px-3 py-2">{formatListDate(product.installDate)}</td>
                <td className="px-3 py-2">
                  {joinPresent([product.customer.name, product.customer.city])}
                  {product.customer.unsubscribed && (
                    <Badge tone="warning" className="ml-2" title={text.unsubscribedHint}>
                      {text.unsubscribed}
                    </Badge>
                  )}
                </td>
                <td className="px-3 py-2">
                  <div>{product.customer.email}</div>
                  <div className="text-slate-600">{product.customer.phone}</div>
                </td>
              </tr>
            ))}
          </ScrollTable>
          <div className="flex justify-end">
            <Button onClick={submit} disabled={create.isPending || chosen.length === 0}>
              {create.isPending ? text.creating : text.create(chosen.length)}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
