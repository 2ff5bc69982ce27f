import { ImageOff, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { ImageUploadForm } from "@/client/components/image-upload-form";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { ConfirmDialog } from "@/client/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { cn } from "@/client/lib/cn";
import type { BookingImage } from "@/common/schemas/admin-bookings";
import { formatListDateTime } from "@/common/format";
import { useDeleteBookingImage } from "../api/delete-booking-image";
import { useUploadBookingImage } from "../api/upload-booking-image";
import { adminBookingsText } from "../text";

const text = adminBookingsText.images;

/** An image, or when it cannot be loaded, a placeholder saying so (rules §2: fallback image on load error). */
function ImageWithFallback({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={`${alt}: ${text.fallback}`}
        className={cn("flex flex-col items-center justify-center gap-2 bg-slate-100 p-4 text-center text-sm text-slate-700", className)}
      >
        <ImageOff className="size-8" aria-hidden="true" />
        <span aria-hidden="true">{text.fallback}</span>
      </div>
    );
  }
  return <img src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailedSrc(src)} className={className} />;
}

function uploaderText(image: BookingImage) {
  const role = text.uploaders[image.uploadedBy];
  return image.uploadedByName && image.uploadedBy !== "customer" ? `${image.uploadedByName} (${role})` : role;
}

function altOf(image: BookingImage, n: number) {
  return image.caption || `${text.dialogTitle} ${n}`;
}

/** The enlarge dialog (rules §2): the image large, its caption, who uploaded it and when. Staff may delete it. */
function ImageDialog({
  image,
  n,
  bookingId,
  onClose,
  returnFocusTo,
}: {
  image: BookingImage;
  n: number;
  bookingId: number;
  onClose: () => void;
  /** The thumbnail that opened the dialog: focus goes back to it (the dialog has no Radix trigger). */
  returnFocusTo: HTMLElement | null;
}) {
  const remove = useDeleteBookingImage(bookingId);
  const descriptionId = useId();
  const [confirming, setConfirming] = useState(false);
  const doDelete = () => {
    setConfirming(false);
    remove.mutate(image.id, {
      onSuccess: () => {
        toast({ title: text.deleteSuccess });
        onClose();
      },
      onError: (error) => toast({ variant: "destructive", title: text.deleteFailed, description: errorMessage(error, text.deleteFailed) }),
    });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-3xl"
        aria-describedby={descriptionId}
        onCloseAutoFocus={(event) => {
          if (returnFocusTo?.isConnected) {
            event.preventDefault();
            returnFocusTo.focus();
          }
        }}
      >
        <DialogHeader>
          <DialogTitle>{image.caption || `${text.dialogTitle} ${n}`}</DialogTitle>
          <DialogDescription id={descriptionId}>
            {text.uploadedBy}: {uploaderText(image)} · {text.uploadedAt}: {formatListDateTime(image.createdAt)}
          </DialogDescription>
        </DialogHeader>
        <ImageWithFallback src={image.imageUrl} alt={altOf(image, n)} className="max-h-[65dvh] w-full rounded-lg bg-slate-100 object-contain" />
        <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="font-medium text-slate-700">{text.caption}</dt>
          <dd className="text-slate-900">{image.caption || text.noCaption}</dd>
          <dt className="font-medium text-slate-700">{text.uploadedBy}</dt>
          <dd className="text-slate-900">{uploaderText(image)}</dd>
          <dt className="font-medium text-slate-700">{text.uploadedAt}</dt>
          <dd className="text-slate-900">{formatListDateTime(image.createdAt)}</dd>
        </dl>
        <div className="flex justify-end">
          <Button variant="destructive" size="sm" disabled={remove.isPending} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" />
            {remove.isPending ? text.deleting : text.delete}
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          title={text.deleteConfirmTitle}
          description={text.deleteConfirmText}
          confirmLabel={text.deleteConfirm}
          cancelLabel={text.cancel}
          onConfirm={doDelete}
          onCancel={() => setConfirming(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Staff upload (multipart POST /api/booking/images): the file is checked here first (type, 10 MB), then re-encoded by the server. */
function UploadForm({ bookingId }: { bookingId: number }) {
  const upload = useUploadBookingImage(bookingId);
  return (
    <ImageUploadForm
      texts={{ ...text, heading: text.uploadHeading, uploaded: text.uploadSuccess }}
      upload={upload.mutate}
      isPending={upload.isPending}
      buttonVariant="secondary"
      className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    />
  );
}

/** rules §2 customer images gallery with the enlarge dialog, and the staff upload. */
export function BookingImages({ bookingId, images }: { bookingId: number; images: BookingImage[] }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const openedFrom = useRef<HTMLElement | null>(null);
  const openIndex = images.findIndex((image) => image.id === openId);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{text.heading}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {images.length === 0 ? (
          <p className="text-sm text-slate-700">{text.empty}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {images.map((image, index) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={(event) => {
                    openedFrom.current = event.currentTarget;
                    setOpenId(image.id);
                  }}
                  className="group grid w-full gap-1 rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  <span className="sr-only">{text.open(image.caption, index + 1)}</span>
                  <span aria-hidden="true">
                    <ImageWithFallback
                      src={image.imageUrl}
                      alt=""
                      className="aspect-square w-full rounded-lg border border-slate-200 bg-slate-100 object-cover group-hover:opacity-90"
                    />
                  </span>
                  <span aria-hidden="true" className="truncate text-sm text-slate-800">
                    {image.caption || text.noCaption}
                  </span>
                  <span aria-hidden="true" className="text-xs text-slate-600">
                    {uploaderText(image)} · {formatListDateTime(image.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        {openIndex >= 0 && (
          <ImageDialog image={images[openIndex]} n={openIndex + 1} bookingId={bookingId} onClose={() => setOpenId(null)} returnFocusTo={openedFrom.current} />
        )}
        <UploadForm bookingId={bookingId} />
      </CardContent>
    </Card>
  );
}
