import { useDeferredValue, useState, type ReactNode } from "react";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { productTypeLabel, type Product } from "@/common/schemas/products";
import { AdminPage } from "../components/admin-page";
import { LoadFailed } from "../components/load-failed";
import { joinPresent } from "../lib/format";
import { formatListDate } from "@/common/format";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useProducts } from "./api";
import { ProductDetailDialog } from "./components/product-detail-dialog";
import { ProductFormDialog, productName } from "./components/product-form-dialog";
import { productsPageText as text } from "./text";

/** /admin/products (rules §2 Products; issue 12): search, create dialog, detail dialog with edit and history (issue 23 point 8). */
export default function ProductsPage({
  extraSections,
}: {
  /** The product's service agreements, from another feature: the admin shell (src/client/app) passes it in. */
  extraSections?: (product: { id: number; customerId: number }) => ReactNode;
} = {}) {
  useDocumentTitle(text.title);
  const [q, setQ] = useState("");
  const deferred = useDeferredValue(q.trim());
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Product | null>(null);
  const list = useProducts(deferred);
  return (
    <AdminPage
      back={{ to: "/admin?tab=customers", label: text.back }}
      title={text.title}
      intro={text.intro}
      create={{ label: text.create, onClick: () => setCreating(true) }}
      width="max-w-6xl"
    >
      <div role="search" className="grid max-w-md gap-1.5">
        <Label htmlFor="product-search">{text.searchLabel}</Label>
        <Input id="product-search" type="search" placeholder={text.searchPlaceholder} value={q} onChange={(event) => setQ(event.target.value)} />
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {list.data.map((product) => (
            <li key={product.id}>
              <button
                type="button"
                onClick={() => setOpen(product)}
                aria-label={text.open(`${productName(product)}, ${product.customerName}`)}
                className="grid h-full w-full gap-1 rounded-lg border border-slate-200 bg-white p-4 text-left text-sm text-slate-700 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="font-semibold text-slate-900">{productName(product)}</span>
                <span>{productTypeLabel(product.type)}</span>
                <span>{joinPresent([product.customerName, product.customerCity])}</span>
                {product.installationDate && (
                  <span className="text-xs text-slate-600">
                    {text.installed} {formatListDate(product.installationDate)}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <ProductFormDialog open={creating} onOpenChange={setCreating} />
      <ProductDetailDialog product={open} onClose={() => setOpen(null)} extraSections={extraSections} />
    </AdminPage>
  );
}
