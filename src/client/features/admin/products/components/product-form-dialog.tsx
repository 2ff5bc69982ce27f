import { zodResolver } from "@hookform/resolvers/zod";
import { useDeferredValue, useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { FieldError, Label } from "@/client/components/ui/label";
import { Select } from "@/client/components/ui/select";
import { TextField } from "@/client/components/ui/text-field";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { PRODUCT_TYPE_LABELS, PRODUCT_TYPES, ProductInputSchema, productTypeLabel, type Product, type ProductInput } from "@/common/schemas/products";
import { DialogFormFooter } from "../../components/admin-page";
import { joinPresent } from "../../lib/format";
import { useCreateProduct, useCustomerChoices, useUpdateProduct } from "../api";
import { productsPageText as text } from "../text";

export const productName = (p: Pick<Product, "brand" | "model">) => [p.brand, p.model].filter(Boolean).join(" ");

const EMPTY: ProductInput = { customerId: 0, type: "luftvärmepump", brand: "", model: "", serialNumber: "", installationDate: "", warrantyExpiry: "" };
const valuesOf = (p: Product): ProductInput => ({
  customerId: p.customerId,
  type: p.type as ProductInput["type"],
  brand: p.brand ?? "",
  model: p.model,
  serialNumber: p.serialNumber ?? "",
  installationDate: p.installationDate ?? "",
  warrantyExpiry: p.warrantyExpiry ?? "",
});

/**
 * Create (rules §2 Products) or edit (issue 23 point 8) a product: one form, the shared schema's
 * Swedish messages inline, the server's refusals (a serial number already registered, an unknown
 * customer) below the form and in a toast. Editing starts from the saved values and the product's
 * own customer; another customer is found by the register's search.
 */
export function ProductFormDialog({ product, open, onOpenChange }: { product?: Product; open: boolean; onOpenChange: (open: boolean) => void }) {
  const idPrefix = useId().replace(/:/g, "");
  const id = (name: string) => `${idPrefix}-product-${name}`;
  const form = product ? text.editForm : text.form;
  const [customerQuery, setCustomerQuery] = useState("");
  const deferred = useDeferredValue(customerQuery.trim());
  const matches = useCustomerChoices(deferred, open);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProductInput>({ defaultValues: product ? valuesOf(product) : EMPTY, resolver: zodResolver(ProductInputSchema) as never });
  useEffect(() => {
    if (open) reset(product ? valuesOf(product) : EMPTY);
  }, [open, product, reset]);
  const close = (next: boolean) => {
    if (!next) {
      reset(product ? valuesOf(product) : EMPTY);
      setCustomerQuery("");
      setFailure(null);
    }
    onOpenChange(next);
  };
  const onError = (error: unknown) => {
    const message = errorMessage(error, product ? text.toasts.updateFailed : text.toasts.createFailed);
    setFailure(message);
    toast({ variant: "destructive", title: text.toasts.failureTitle, description: message });
  };
  const onSubmit = (input: ProductInput) => {
    setFailure(null);
    if (product) {
      update.mutate(
        { id: product.id, input },
        {
          onSuccess: (saved) => {
            toast({ title: text.toasts.updated, description: `${productName(saved)} – ${saved.customerName}` });
            close(false);
          },
          onError,
        },
      );
      return;
    }
    create.mutate(input, {
      onSuccess: (saved) => {
        toast({ title: text.toasts.created, description: `${productName(saved)} – ${saved.customerName}` });
        close(false);
      },
      onError,
    });
  };
  const choices = (matches.data?.items ?? []).filter((c) => c.id !== product?.customerId);
  // An imported product's type (not one the form offers) stays choosable, so an edit does not change it unasked.
  const types: string[] = product && !(PRODUCT_TYPES as readonly string[]).includes(product.type) ? [product.type, ...PRODUCT_TYPES] : [...PRODUCT_TYPES];

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{form.title}</DialogTitle>
          <DialogDescription>{form.description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4">
          <TextField
            id={id("customer-search")}
            type="search"
            label={text.form.customerSearch}
            value={customerQuery}
            onChange={(event) => setCustomerQuery(event.target.value)}
          />
          <div className="grid gap-1.5">
            <Label htmlFor={id("customer")}>{text.form.customer}</Label>
            <Select
              id={id("customer")}
              aria-invalid={errors.customerId ? true : undefined}
              aria-describedby={errors.customerId ? id("customer-error") : undefined}
              {...register("customerId", { valueAsNumber: true })}
            >
              {product ? (
                <option value={product.customerId}>{joinPresent([product.customerName, product.customerCity], " – ")}</option>
              ) : (
                <option value={0}>{text.form.customerNone}</option>
              )}
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {joinPresent([c.name, c.city], " – ")}
                </option>
              ))}
            </Select>
            <FieldError id={id("customer-error")}>{errors.customerId?.message}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id("type")}>{text.form.type}</Label>
            <Select id={id("type")} {...register("type")}>
              {types.map((type) => (
                <option key={type} value={type}>
                  {PRODUCT_TYPE_LABELS[type as keyof typeof PRODUCT_TYPE_LABELS] ?? productTypeLabel(type)}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id={id("brand")} label={text.form.brand} error={errors.brand?.message} {...register("brand")} />
            <TextField id={id("model")} label={text.form.model} error={errors.model?.message} {...register("model")} />
          </div>
          <TextField id={id("serial")} label={text.form.serialNumber} error={errors.serialNumber?.message} {...register("serialNumber")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={id("installed")}
              type="date"
              label={text.form.installationDate}
              error={errors.installationDate?.message}
              {...register("installationDate")}
            />
            <TextField
              id={id("warranty")}
              type="date"
              label={text.form.warrantyExpiry}
              error={errors.warrantyExpiry?.message}
              {...register("warrantyExpiry")}
            />
          </div>
          <DialogFormFooter
            failure={failure}
            onCancel={() => close(false)}
            cancelLabel={form.cancel}
            submitLabel={form.submit}
            pendingLabel={form.submitting}
            pending={create.isPending || update.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
