import { ImageOff, Trash2 } from "lucide-react";
import { useState } from "react";
import { ImageUploadForm } from "@/client/components/image-upload-form";
import { Button } from "@/client/components/ui/button";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import type { BookingImage } from "@/common/schemas/admin-bookings";
import type { BookingLinkView } from "@/common/schemas/booking-links";
import { useDeleteBookingImage } from "../api/delete-booking-image";
import { useUploadBookingImage } from "../api/upload-booking-image";
import { formatListDate } from "@/common/format";
import { bookingLinkPageText } from "../text";
import { Section } from "./section";

const text = bookingLinkPageText.images;

/**
 * rules §2 images area: every image of the booking; when the link allows updates (rules §6
 * updatesAllowed) the customer may upload more and delete their own, otherwise it is read-only.
 */
export function BookingImages({ token, view }: { token: string; view: BookingLinkView }) {
  return (
    <Section id="booking-link-images" title={text.heading}>
      <p className="text-sm text-slate-700">{text.intro}</p>
      {view.images.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">{text.none}</p>
      ) : (
        <ul aria-label={text.listLabel} className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
          {view.images.map((image) => (
            <ImageCard key={image.id} token={token} image={image} canDelete={view.updatesAllowed && image.uploadedBy === "customer"} />
          ))}
        </ul>
      )}
      {view.updatesAllowed ? (
        <UploadForm token={token} />
      ) : (
        <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">{text.readOnly}</p>
      )}
    </Section>
  );
}

function ImageCard({ token, image, canDelete }: { token: string; image: BookingImage; canDelete: boolean }) {
  const [broken, setBroken] = useState(false);
  const remove = useDeleteBookingImage(token);
  const when = formatListDate(image.createdAt);
  const name = image.caption || when;
  const onDelete = () =>
    remove.mutate(image.id, {
      onSuccess: () => toast({ title: text.deletedTitle }),
      onError: (error) => toast({ variant: "destructive", title: text.deleteFailedTitle, description: errorMessage(error, text.deleteFailed) }),
    });

  return (
    <li className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      {broken ? (
        <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 bg-slate-100 text-sm text-slate-700">
          <ImageOff className="size-8" aria-hidden="true" />
          {text.failedToShow}
        </div>
      ) : (
        <img
          src={image.imageUrl}
          alt={image.caption ? text.altWithCaption(image.caption) : text.altWithoutCaption(when)}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
      )}
      <div className="flex items-start justify-between gap-2 p-3">
        <div className="grid min-w-0 gap-0.5 text-sm">
          {image.caption && <p className="break-words font-medium text-slate-900">{image.caption}</p>}
          <p className="text-slate-700">
            {image.uploadedBy === "customer" ? text.uploadedByCustomer : text.uploadedByStaff(image.uploadedByName)}, {when}
          </p>
        </div>
        {canDelete && (
          <Button
            variant="outline"
            size="sm"
            onClick={onDelete}
            disabled={remove.isPending}
            aria-label={text.deleteLabel(name)}
            className="shrink-0 text-red-800"
          >
            <Trash2 aria-hidden="true" />
            {text.delete}
          </Button>
        )}
      </div>
    </li>
  );
}

/** rules §5 Booking link image upload: a file is required; its type and size are checked before sending. */
function UploadForm({ token }: { token: string }) {
  const upload = useUploadBookingImage(token);
  return (
    <ImageUploadForm
      texts={{ ...text, heading: text.uploadHeading, uploaded: text.uploadedTitle }}
      upload={upload.mutate}
      isPending={upload.isPending}
      className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4"
    />
  );
}
