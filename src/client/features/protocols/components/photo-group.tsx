import { ImagePlus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { IMAGE_ACCEPT_ATTRIBUTE } from "@/common/image-rules";
import { MAX_IMAGES_PER_GROUP, PROTOCOL_IMAGE_GROUP_LABELS, type ProtocolImageGroup } from "@/common/schemas/protocols";
import { convertProtocolPhoto } from "../api/protocols";
import { browserPhotoSteps, photoErrorMessage, preparePhoto, type PhotoSteps } from "../lib/prepare-photo";
import type { ProtocolFormValues } from "../lib/protocol-form-values";
import { protocolUiText as text } from "../text";

const photoSteps: PhotoSteps = browserPhotoSteps(convertProtocolPhoto);

/**
 * One group of photos. Each picked file is checked and decoded as it is added (issue 23 point 9):
 * the good ones are added, each refused one is named below the group at once.
 */
export function PhotoGroup({ form, group }: { form: UseFormReturn<ProtocolFormValues>; group: ProtocolImageGroup }) {
  const id = useId();
  const problemsId = `${id}-problems`;
  const photos = useWatch({ control: form.control, name: `photos.${group}` }) ?? [];
  const [checking, setChecking] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const add = async (files: File[]) => {
    if (files.length === 0) return;
    setChecking(true);
    setProblems([]);
    const room = MAX_IMAGES_PER_GROUP - (form.getValues(`photos.${group}`) ?? []).length;
    const picked = files.slice(0, room);
    const results = await Promise.allSettled(picked.map((file) => preparePhoto(file, photoSteps)));
    const added = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    setProblems(results.flatMap((result, index) => (result.status === "rejected" ? [photoErrorMessage(picked[index], result.reason)] : [])));
    // What the group holds now: another add may have finished meanwhile.
    if (added.length > 0)
      form.setValue(`photos.${group}`, [...(form.getValues(`photos.${group}`) ?? []), ...added].slice(0, MAX_IMAGES_PER_GROUP), { shouldDirty: true });
    setChecking(false);
  };
  return (
    <div className="grid gap-2">
      <p className="font-medium text-slate-900">{PROTOCOL_IMAGE_GROUP_LABELS[group]}</p>
      <ul className="grid grid-cols-3 gap-2">
        {photos.map((src, index) => (
          <li key={`${index}-${src.length}`} className="relative">
            <img src={src} alt={`${PROTOCOL_IMAGE_GROUP_LABELS[group]} ${index + 1}`} className="aspect-square w-full rounded-md object-cover" />
            <button
              type="button"
              aria-label={`${text.removePhoto(index + 1)}: ${PROTOCOL_IMAGE_GROUP_LABELS[group]}`}
              onClick={() =>
                form.setValue(
                  `photos.${group}`,
                  photos.filter((_, i) => i !== index),
                  { shouldDirty: true },
                )
              }
              className="absolute right-1 top-1 inline-flex size-9 items-center justify-center rounded-full bg-white/90 text-red-800 shadow focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      {photos.length < MAX_IMAGES_PER_GROUP && (
        <label
          htmlFor={id}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 justify-self-start rounded-md px-3 text-sm font-medium text-brand-800 ring-1 ring-inset ring-brand-700 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-brand-700"
        >
          <ImagePlus className="size-4" aria-hidden="true" />
          {text.addPhotos}
          <span className="sr-only">: {PROTOCOL_IMAGE_GROUP_LABELS[group]}</span>
          <input
            id={id}
            type="file"
            accept={IMAGE_ACCEPT_ATTRIBUTE}
            multiple
            className="sr-only"
            aria-describedby={problems.length > 0 ? problemsId : undefined}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              // The same file may be picked again after it was refused or removed.
              event.target.value = "";
              void add(files);
            }}
          />
        </label>
      )}
      <p role="status" className="text-sm text-slate-700">
        {checking ? text.photos.checking : ""}
      </p>
      <div role="alert" id={problemsId}>
        {problems.length > 0 && (
          <ul className="grid gap-1 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
