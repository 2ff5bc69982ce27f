import { Pencil } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Spinner } from "@/client/components/ui/spinner";
import { isIsoDate } from "@/common/booking-rules";
import { productTypeLabel, type Product } from "@/common/schemas/products";
import { ChangeHistory } from "../../components/change-history";
import { joinPresent } from "../../lib/format";
import { formatListDate } from "@/common/format";
import { useProduct } from "../api";
import { productsPageText as text } from "../text";
import { ProductFormDialog, productName } from "./product-form-dialog";

/** How the history shows a value: a type by its label, a date in Swedish. */
const valueText = (field: string, value: string) => (field === "type" ? productTypeLabel(value) : isIsoDate(value) ? formatListDate(value) : value);

/** The detail dialog (rules §2 Products): the product as saved now, who changed it and when (issue 23 point 8), and its edit form. */
export function ProductDetailDialog({
  product,
  onClose,
  extraSections,
}: {
  product: Product | null;
  onClose: () => void;
  /** More about the product, mounted by the admin shell: its service agreements and its refrigerant register entry with its timeline (issue 26). */
  extraSections?: (product: { id: number; customerId: number }) => ReactNode;
}) {
  const detail = useProduct(product?.id ?? null);
  const [editing, setEditing] = useState(false);
  const historyHeading = useId();
  // The list's copy until the detail has come (the same product, perhaps a moment older).
  const shown = detail.data ?? product;
  return (
    <Dialog open={!!product} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{shown ? productName(shown) : ""}</DialogTitle>
          <DialogDescription>{shown ? productTypeLabel(shown.type) : ""}</DialogDescription>
        </DialogHeader>
        {shown && (
          <div className="grid gap-4 text-sm text-slate-700">
            <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-600">{text.customer}</dt>
              <dd>{joinPresent([shown.customerName, shown.customerCity])}</dd>
              <dt className="text-slate-600">{text.serial}</dt>
              <dd>{shown.serialNumber ?? "–"}</dd>
              <dt className="text-slate-600">{text.installed}</dt>
              <dd>{shown.installationDate ? formatListDate(shown.installationDate) : "–"}</dd>
              <dt className="text-slate-600">{text.warranty}</dt>
              <dd>{shown.warrantyExpiry ? formatListDate(shown.warrantyExpiry) : "–"}</dd>
            </dl>
            <Button variant="outline" className="justify-self-start" onClick={() => setEditing(true)} disabled={!detail.data}>
              <Pencil aria-hidden="true" />
              {text.edit}
            </Button>
            {extraSections?.({ id: shown.id, customerId: shown.customerId })}
            <section aria-labelledby={historyHeading} className="grid gap-2">
              <h3 id={historyHeading} className="font-semibold text-slate-900">
                {text.changes}
              </h3>
              {detail.data ? (
                <ChangeHistory
                  changes={detail.data.changes}
                  fieldLabel={(field) => text.fields[field] ?? field}
                  valueText={valueText}
                  empty={text.noChanges}
                  changedWithoutValues={text.changedWithoutValues}
                />
              ) : (
                <Spinner className="py-2" />
              )}
            </section>
          </div>
        )}
        {detail.data && <ProductFormDialog product={detail.data} open={editing} onOpenChange={setEditing} />}
      </DialogContent>
    </Dialog>
  );
}
