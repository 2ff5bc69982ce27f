import { ImagePlus, Upload } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { FieldError, Label } from "@/client/components/ui/label";
import { toast } from "@/client/components/ui/toast-store";
import { errorMessage } from "@/client/lib/api-error";
import { IMAGE_ACCEPT_ATTRIBUTE, imageText, validateImageFile } from "@/common/image-rules";

/** The Swedish texts of one upload form (the staff and the customer's forms word them differently). */
export type ImageUploadTexts = {
  heading: string;
  fileLabel: string;
  fileHint: string;
  captionLabel: string;
  captionPlaceholder?: string;
  upload: string;
  uploading: string;
  uploaded: string;
  uploadFailedTitle: string;
  uploadFailed: string;
};

/** The picker's own words: the browser's file button would say "Choose File" (issue 8: no English). */
const pickerText = { choose: "Välj bild", chooseAnother: "Välj en annan bild", none: "Ingen bild vald" } as const;

/**
 * One image with an optional caption, checked in the browser (type and size, rules §5) before it is
 * sent; the server checks again. `upload` is the mutation of the page (staff by booking id, the
 * customer by their link's token).
 */
export function ImageUploadForm({
  texts,
  upload,
  isPending,
  buttonVariant = "default",
  className,
}: {
  texts: ImageUploadTexts;
  upload: (input: { file: File; caption: string }, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
  buttonVariant?: "default" | "secondary";
  className?: string;
}) {
  const id = useId().replace(/:/g, "");
  const fileRef = useRef<HTMLInputElement>(null);
  const pickerRef = useRef<HTMLButtonElement>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [caption, setCaption] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fileId = `${id}-file`;
  const hintId = `${id}-hint`;
  const chosenId = `${id}-chosen`;
  const errorId = `${id}-error`;

  const refuse = (message: string) => {
    setError(message);
    pickerRef.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return refuse(imageText.uploadRequired);
    const problem = validateImageFile(file);
    if (problem) return refuse(problem);
    setError(null);
    upload(
      { file, caption },
      {
        onSuccess: () => {
          toast({ title: texts.uploaded });
          setCaption("");
          setFileName(null);
          if (fileRef.current) fileRef.current.value = "";
        },
        onError: (failure) => {
          const message = errorMessage(failure, texts.uploadFailed);
          setError(message);
          toast({ variant: "destructive", title: texts.uploadFailedTitle, description: message });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`} className={className}>
      <h3 id={`${id}-heading`} className="font-semibold text-slate-900">
        {texts.heading}
      </h3>
      <div className="grid gap-1.5">
        <Label htmlFor={fileId}>{texts.fileLabel}</Label>
        <p id={hintId} className="text-sm text-slate-700">
          {texts.fileHint}
        </p>
        {/* The input stays in the page (a label, a test or a drop can reach it) but out of sight and
            out of the tab order; the Swedish button beside it opens it. */}
        <input
          ref={fileRef}
          id={fileId}
          name="image"
          type="file"
          tabIndex={-1}
          accept={IMAGE_ACCEPT_ATTRIBUTE}
          onChange={(event) => {
            setError(null);
            setFileName(event.target.files?.[0]?.name ?? null);
          }}
          className="sr-only"
        />
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Button
            ref={pickerRef}
            variant="outline"
            onClick={() => fileRef.current?.click()}
            aria-invalid={error ? true : undefined}
            aria-describedby={[chosenId, hintId, error ? errorId : null].filter(Boolean).join(" ")}
          >
            <ImagePlus aria-hidden="true" />
            {fileName ? pickerText.chooseAnother : pickerText.choose}
          </Button>
          <span id={chosenId} className="min-w-0 break-all text-sm text-slate-700">
            {fileName ?? pickerText.none}
          </span>
        </div>
        <FieldError id={errorId}>{error ?? undefined}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-caption`}>{texts.captionLabel}</Label>
        <Input
          id={`${id}-caption`}
          name="caption"
          maxLength={200}
          autoComplete="off"
          placeholder={texts.captionPlaceholder}
          value={caption}
          onChange={(event) => setCaption(event.target.value)}
        />
      </div>
      <Button type="submit" variant={buttonVariant} disabled={isPending} className="w-full sm:w-auto sm:justify-self-start">
        <Upload aria-hidden="true" />
        {isPending ? texts.uploading : texts.upload}
      </Button>
    </form>
  );
}
