import { zodResolver } from "@hookform/resolvers/zod";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Input } from "@/client/components/ui/input";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { apiFetch, errorMessage } from "@/client/lib/api";
import type { CustomerList } from "@/common/schemas/customers";
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, ProductInputSchema, productTypeLabel, type Product, type ProductInput } from "@/common/schemas/products";
import { AdminPage, DialogFormFooter } from "../components/admin-page";
import { LoadFailed } from "../components/load-failed";
import { formatShortDate } from "../lib/format";
import { useDocumentTitle } from "../lib/use-document-title";
import { productsPageText as text } from "./text";

const key = ["admin", "products"] as const;
const nameOf = (p: Product) => [p.brand, p.model].filter(Boolean).join(" ");

function CreateProductDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [customerQuery, setCustomerQuery] = useState("");
  const deferred = useDeferredValue(customerQuery.trim());
  const matches = useQuery({
    queryKey: ["admin", "customers", "pick", deferred],
    queryFn: ({ signal }) => apiFetch<CustomerList>(`/api/customers?${new URLSearchParams({ q: deferred })}`, { signal }),
    enabled: open && deferred.length >= 2,
  });
  const create = useMutation({
    mutationFn: (input: ProductInput) => apiFetch<Product>("/api/products", { method: "POST", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
  const empty: ProductInput = { customerId: 0, type: "luftvärmepump", brand: "", model: "", serialNumber: "", installationDate: "", warrantyExpiry: "" };
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProductInput>({ defaultValues: empty, resolver: zodResolver(ProductInputSchema) as never });
  const close = (next: boolean) => {
    if (!next) {
      reset(empty);
      setCustomerQuery("");
    }
    onOpenChange(next);
  };
  const onSubmit = (input: ProductInput) =>
    create.mutate(input, {
      onSuccess: (product) => {
        toast({ title: text.toasts.created, description: `${nameOf(product)} – ${product.customerName}` });
        close(false);
      },
      onError: (error) => toast({ variant: "destructive", title: text.toasts.failureTitle, description: errorMessage(error, text.toasts.createFailed) }),
    });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{text.form.title}</DialogTitle>
          <DialogDescription>{text.form.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <TextField id="product-customer-search" type="search" label={text.form.customerSearch} value={customerQuery} onChange={(event) => setCustomerQuery(event.target.value)} />
          <div className="grid gap-1.5">
            <Label htmlFor="product-customer">{text.form.customer}</Label>
            <Select
              id="product-customer"
              aria-invalid={errors.customerId ? true : undefined}
              aria-describedby={errors.customerId ? "product-customer-error" : undefined}
              {...register("customerId", { valueAsNumber: true })}
            >
              <option value={0}>{text.form.customerNone}</option>
              {(matches.data?.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} – {c.city}
                </option>
              ))}
            </Select>
            <FieldError id="product-customer-error">{errors.customerId?.message}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="product-type">{text.form.type}</Label>
            <Select id="product-type" {...register("type")}>
              {PRODUCT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PRODUCT_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="product-brand" label={text.form.brand} error={errors.brand?.message} {...register("brand")} />
            <TextField id="product-model" label={text.form.model} error={errors.model?.message} {...register("model")} />
          </div>
          <TextField id="product-serial" label={text.form.serialNumber} error={errors.serialNumber?.message} {...register("serialNumber")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="product-installed" type="date" label={text.form.installationDate} error={errors.installationDate?.message} {...register("installationDate")} />
            <TextField id="product-warranty" type="date" label={text.form.warrantyExpiry} error={errors.warrantyExpiry?.message} {...register("warrantyExpiry")} />
          </div>
          <DialogFormFooter onCancel={() => close(false)} cancelLabel={text.form.cancel} submitLabel={text.form.submit} pendingLabel={text.form.submitting} pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ProductDetailDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  return (
    <Dialog open={!!product} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{product ? nameOf(product) : ""}</DialogTitle>
          <DialogDescription>{product ? productTypeLabel(product.type) : ""}</DialogDescription>
        </DialogHeader>
        {product && (
          <dl className="grid grid-cols-[9rem_1fr] gap-x-3 gap-y-1 text-sm text-slate-700">
            <dt className="text-slate-600">{text.customer}</dt>
            <dd>
              {product.customerName}, {product.customerCity}
            </dd>
            <dt className="text-slate-600">{text.serial}</dt>
            <dd>{product.serialNumber ?? "–"}</dd>
            <dt className="text-slate-600">{text.installed}</dt>
            <dd>{product.installationDate ? formatShortDate(product.installationDate) : "–"}</dd>
            <dt className="text-slate-600">{text.warranty}</dt>
            <dd>{product.warrantyExpiry ? formatShortDate(product.warrantyExpiry) : "–"}</dd>
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** /admin/products (SPEC §2 Products; issue 12): search, create dialog, detail dialog. */
export default function ProductsPage() {
  useDocumentTitle(text.title);
  const [q, setQ] = useState("");
  const deferred = useDeferredValue(q.trim());
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<Product | null>(null);
  const list = useQuery({
    queryKey: [...key, deferred],
    queryFn: ({ signal }) => apiFetch<Product[]>(`/api/products?${new URLSearchParams({ q: deferred })}`, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <AdminPage back={{ to: "/admin?tab=customers", label: text.back }} title={text.title} intro={text.intro} create={{ label: text.create, onClick: () => setCreating(true) }} width="max-w-6xl">
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
                aria-label={text.open(`${nameOf(product)}, ${product.customerName}`)}
                className="grid h-full w-full gap-1 rounded-lg border border-slate-200 bg-white p-4 text-left text-sm text-slate-700 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                <span className="font-semibold text-slate-900">{nameOf(product)}</span>
                <span>{productTypeLabel(product.type)}</span>
                <span>
                  {product.customerName}, {product.customerCity}
                </span>
                {product.installationDate && (
                  <span className="text-xs text-slate-600">
                    {text.installed} {formatShortDate(product.installationDate)}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <CreateProductDialog open={creating} onOpenChange={setCreating} />
      <ProductDetailDialog product={open} onClose={() => setOpen(null)} />
    </AdminPage>
  );
}
