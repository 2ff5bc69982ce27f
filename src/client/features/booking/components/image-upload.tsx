import { CircleAlert, CircleCheck, ImageIcon, LoaderCircle, Upload, X } from "lucide-react";
import { useState, type ChangeEvent, type DragEvent } from "react";
import { FieldError, Label } from "@/client/components/ui/label";
import { cn } from "@/client/lib/cn";
import { IMAGE_ACCEPT_ATTRIBUTE, imageText, MAX_IMAGES } from "@/common/image-rules";
import type { ImageEntries } from "../hooks/use-image-entries";
import type { ImageEntry } from "../lib/image-entry";
import { bookingText } from "../text";

const text = bookingText.images;

/**
 * rules §2 step 1 image upload ('(viktigt)'), §4 image entries, §5 images: pick or drop up to four
 * images; each shows its progress, its status or error, and can be removed. The drop area is
 * highlighted while something is dragged over it and dimmed and disabled while files are processed.
 */
export function ImageUpload({ id, images, error }: { id: string; images: ImageEntries; error?: string }) {
  const [dragOver, setDragOver] = useState(false);
  const atLimit = images.remaining === 0;
  const disabled = images.processing || atLimit;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    images.addFiles(Array.from(event.target.files ?? []));
    event.target.value = ""; // the same file can be picked again after removing it
  };
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? "none" : "copy";
    if (!disabled) setDragOver(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (!disabled) images.addFiles(Array.from(event.dataTransfer.files));
  };

  const count = images.entries.filter((e) => e.status !== "error").length;

  return (
    <div data-field-group="images" className="grid gap-2">
      <Label htmlFor={id}>
        {text.label} <span className="font-semibold text-accent-700">{text.important}</span>
      </Label>
      <p id={hintId} className="text-sm text-slate-600">
        {text.hint}
      </p>
      <div
        data-testid="image-dropzone"
        data-drag-over={dragOver || undefined}
        data-disabled={disabled || undefined}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={cn(
          "relative flex flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
          "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700",
          dragOver ? "border-brand-700 bg-brand-50" : "border-slate-400 bg-slate-50",
          disabled ? "opacity-60" : "hover:border-brand-700 hover:bg-brand-50",
        )}
      >
        {images.processing ? (
          <LoaderCircle className="size-7 animate-spin text-brand-700" aria-hidden="true" />
        ) : (
          <Upload className="size-7 text-brand-700" aria-hidden="true" />
        )}
        {/* Both texts are in the HTML; CSS picks one by the pointer (no hydration difference). */}
        <p className="font-medium text-slate-900">
          {images.processing ? (
            text.processing
          ) : (
            <>
              <span className="pointer-coarse:hidden">{text.dropzone}</span>
              <span className="hidden pointer-coarse:inline">{text.dropzoneTouch}</span>
            </>
          )}
        </p>
        <p className="text-sm text-slate-700">
          {atLimit ? (
            imageText.maxImagesReached
          ) : (
            <>
              <span className="pointer-coarse:hidden">{text.choose}</span>
              <span className="hidden pointer-coarse:inline">{text.chooseTouch}</span>
            </>
          )}
        </p>
        <input
          id={id}
          type="file"
          multiple
          accept={IMAGE_ACCEPT_ATTRIBUTE}
          disabled={disabled}
          onChange={onChange}
          aria-describedby={[hintId, statusId, error ? errorId : null].filter(Boolean).join(" ")}
          aria-invalid={error ? true : undefined}
          className="absolute inset-0 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
      </div>
      <p id={statusId} aria-live="polite" className="text-sm text-slate-700">
        {images.processing ? text.processing : text.count(count, MAX_IMAGES)}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
      {images.entries.length > 0 && (
        <ul aria-label={text.listLabel} data-chat-avoid="" className="grid gap-2">
          {images.entries.map((entry) => (
            <ImageRow key={entry.id} entry={entry} onRemove={() => images.remove(entry.id)} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ImageRow({ entry, onRemove }: { entry: ImageEntry; onRemove: () => void }) {
  const previewable = entry.status === "success" && entry.dataUrl && !/^data:image\/hei[cf]/.test(entry.dataUrl);
  return (
    <li
      data-status={entry.status}
      className={cn("flex items-center gap-3 rounded-lg border bg-white p-2", entry.status === "error" ? "border-red-300" : "border-slate-200")}
    >
      <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-slate-100 text-slate-600">
        {previewable ? <img src={entry.dataUrl} alt="" className="size-full object-cover" /> : <ImageIcon className="size-5" aria-hidden="true" />}
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="truncate text-sm font-medium text-slate-900">
          {entry.name} <span className="font-normal text-slate-600">({text.fileSize(entry.size)})</span>
        </p>
        {entry.status === "loading" && (
          <>
            <div
              role="progressbar"
              aria-label={text.progress(entry.name)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={entry.progress}
              className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${entry.progress}%` }} />
            </div>
            <p className="text-xs text-slate-700">{text.statusLoading}</p>
          </>
        )}
        {entry.status === "success" && (
          <p className="flex items-center gap-1 text-xs text-green-800">
            <CircleCheck className="size-3.5" aria-hidden="true" />
            {text.statusSuccess}
          </p>
        )}
        {entry.status === "error" && (
          <p className="flex items-start gap-1 text-sm font-medium text-red-700">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{entry.error ?? imageText.genericError}</span>
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={text.remove(entry.name)}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <X className="size-5" aria-hidden="true" />
      </button>
    </li>
  );
}
