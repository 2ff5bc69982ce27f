import { ArrowLeft, ArrowRight, Save, Send } from "lucide-react";
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormProvider, useForm, type DefaultValues, type FieldErrors } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { isApiError } from "@/client/lib/api-error";
import type { IsoDate } from "@/common/booking-rules";
import { BOOKING_STEP_FIELDS } from "@/common/booking-fields";
import type { BookingFormValues, CreateBooking, CreateBookingRequest } from "@/common/schemas/bookings";
import { useCreateBooking, type CreatedBooking } from "../api/create-booking";
import { useDraftAutosave } from "../hooks/use-draft-autosave";
import { useFieldFollowUps } from "../hooks/use-field-follow-ups";
import { useFollowRequestedStep } from "../hooks/use-follow-requested-step";
import { useFormErrorToast } from "../hooks/use-form-error-toast";
import { useHandoff } from "../hooks/use-handoff";
import { useImageEntries } from "../hooks/use-image-entries";
import { useStepHeadingFocus } from "../hooks/use-step-heading-focus";
import { useWizardStep, type StepChange } from "../hooks/use-wizard-step";
import type { DraftValues, WizardStep } from "../lib/draft-storage";
import { focusFirstInvalid } from "../lib/focus-first-invalid";
import type { BookingHandoff } from "../lib/handoff";
import type { SlotConflict } from "../lib/slot-conflict";
import { bookingText } from "../text";
import { ContactStep, preloadLaterSteps, ScheduleStep } from "./lazy-steps";
import { ServiceStep } from "./service-step";
import { StepBar } from "./step-bar";

// Kept importable from here, where the page and the tests have always found them.
export { AUTOSAVE_DELAY_MS } from "../hooks/use-draft-autosave";
export type { StepChange } from "../hooks/use-wizard-step";

type FieldName = keyof BookingFormValues;

// rules §5: each step validates with its own schema (lib/step-resolvers). They come with zod in a
// chunk of their own, fetched on the first interaction together with steps 2-3 (issue 7: the
// booking page renders without zod).
let stepResolvers: Promise<typeof import("../lib/step-resolvers")> | null = null;
function loadStepResolvers() {
  stepResolvers ??= import("../lib/step-resolvers").catch((error: unknown) => {
    stepResolvers = null; // a failed download may be retried on the next validation
    throw error;
  });
  return stepResolvers;
}

function stepOf(field: string): WizardStep {
  if ((BOOKING_STEP_FIELDS[1] as readonly string[]).includes(field)) return 1;
  if ((BOOKING_STEP_FIELDS[2] as readonly string[]).includes(field)) return 2;
  return 3;
}

type BookingWizardProps = {
  initialValues: DraftValues;
  initialStep: WizardStep;
  /** Today in Sweden (computed on first use: it loads time zone data). */
  getToday: () => IsoDate;
  onBooked: (booking: CreatedBooking) => void;
  /** Until the page is ready (hydrated, draft restored) nothing can be typed, chosen or sent. */
  disabled?: boolean;
  /**
   * The step the page's URL asks for (`?step=2`). When it changes (the browser's Back or Forward) the
   * wizard follows: back always, forward only past steps that are complete.
   */
  requestedStep?: WizardStep;
  /** Called whenever the wizard itself moves to another step, so the page can record it in the history. */
  onStepChange?: (step: WizardStep, how: StepChange) => void;
  /** The service reminder the customer came from (its discount is noted on the booking, issue 12). */
  offerToken?: string;
  /** The troubleshooting assistant's hand-off: applied to the form once per `id`. */
  handoff?: BookingHandoff;
};

/** The three-step booking form (rules §2, §4): next only when the step validates, previous always. */
export function BookingWizard({
  initialValues,
  initialStep,
  getToday,
  onBooked,
  disabled = false,
  requestedStep,
  onStepChange,
  offerToken,
  handoff,
}: BookingWizardProps) {
  const idPrefix = useId().replace(/:/g, "");
  const { step, stepRef, reachable, setReachable, moveTo } = useWizardStep({ initialStep, requestedStep, onStepChange });
  const formRef = useRef<HTMLFormElement>(null);
  const images = useImageEntries();
  const createBooking = useCreateBooking();
  const [conflict, setConflict] = useState<SlotConflict | null>(null);

  const form = useForm<BookingFormValues, unknown, CreateBooking>({
    defaultValues: { ...initialValues, images: [] } as DefaultValues<BookingFormValues>,
    // The resolver follows the step the wizard is on.
    resolver: async (values, context, options) => {
      const step = stepRef.current;
      return (await loadStepResolvers()).STEP_RESOLVERS[step](values, context, options);
    },
    // Nothing is validated while the customer types into a fresh step (no errors on blur either, which
    // would move the buttons under the pointer); 'Nästa' validates, and from then on a field with
    // an error is checked again on every change, so its message goes as soon as it is fixed.
    mode: "onSubmit",
    shouldFocusError: false,
  });
  const { setValue, getValues, trigger, formState, getFieldState } = form;
  const { showFormError, dismissFormError } = useFormErrorToast();

  const autosave = useDraftAutosave(getValues, stepRef);
  useFieldFollowUps({ form, stepRef, getToday, setConflict, scheduleSave: autosave.scheduleSave });
  useHandoff(handoff, form);

  // Steps 2-3 come in their own chunk: fetch it once the customer starts (or at once on a later step).
  useEffect(() => {
    if (initialStep > 1) preloadLaterSteps().catch(() => {}); // Suspense retries when the step renders
  }, [initialStep]);
  const preload = () => {
    preloadLaterSteps().catch(() => {});
    loadStepResolvers().catch(() => {}); // validation retries the download when it runs
  };

  // Only successful images go into the form, as data URLs (rules §5).
  const imagesHaveError = !!formState.errors.images;
  useEffect(() => {
    setValue("images", images.dataUrls, { shouldValidate: imagesHaveError });
  }, [images.dataUrls, setValue, imagesHaveError]);

  /** Every move dismisses the last 'Formulärfel' toast: the step it was about is fixed now, or left. */
  const goTo = (next: WizardStep, how: StepChange) => {
    dismissFormError();
    moveTo(next, how);
  };

  // A new step: the draft remembers it (once something was entered).
  const headingRef = useStepHeadingFocus(step, () => {
    if (form.formState.isDirty) autosave.scheduleSave();
  });

  const checkStep = (s: WizardStep) => trigger(BOOKING_STEP_FIELDS[s] as unknown as FieldName[]);

  /** A step that did not validate: the 'Formulärfel' toast, and its first field with an error in view. */
  const showStepErrors = (s: WizardStep) => {
    showFormError();
    const fields = BOOKING_STEP_FIELDS[s];
    // The live field states: `form.formState` is the last render's, which may not have caught up yet.
    const errors = Object.fromEntries(fields.map((f) => [f, getFieldState(f as FieldName).error]).filter(([, error]) => error));
    focusFirstInvalid(formRef.current, fields, errors as FieldErrors<BookingFormValues>);
  };

  const next = async () => {
    if (!(await checkStep(step))) {
      showStepErrors(step);
      return;
    }
    if (step < 3) goTo((step + 1) as WizardStep, "push");
  };

  const previous = () => {
    if (step > 1) goTo((step - 1) as WizardStep, "back");
  };

  useFollowRequestedStep({
    requestedStep,
    onStepChange,
    disabled,
    reachable,
    setReachable,
    stepRef,
    checkStep,
    sendBackTo: (s) => {
      goTo(s, "replace");
      showStepErrors(s);
    },
  });

  const saveDraftNow = () => {
    const saved = autosave.saveNow();
    if (saved) toast({ title: bookingText.draft.savedTitle, description: bookingText.draft.savedDescription });
    else
      toast({
        variant: "destructive",
        title: bookingText.draft.saveFailedTitle,
        description: bookingText.draft.saveFailedDescription,
      });
  };

  const submitFailed = (description: string) => toast({ variant: "destructive", title: bookingText.errors.submitFailedTitle, description });

  const onValid = async (values: CreateBooking) => {
    const payload: CreateBookingRequest = {
      ...values,
      heatpumpModel: values.serviceType === "hembesok" || !values.heatpumpModel ? undefined : values.heatpumpModel,
      images: values.images ?? [],
      ...(offerToken ? { offerToken } : {}),
    };
    try {
      const created = await createBooking.mutateAsync(payload);
      dismissFormError();
      autosave.finish(); // no autosave may bring the draft back after the booking
      onBooked(created);
    } catch (error) {
      if (isApiError(error, 409)) {
        // rules D5: the slot was taken meanwhile. Step 2 says so above the times (issue 8: not only
        // in a toast), the taken time is gone, and a date that is now full gives way to the next free one.
        setConflict({
          message: error.serverMessage ?? bookingText.errors.slotTakenFallback,
          date: values.date,
          timeSlot: values.timeSlot,
          at: Date.now(),
        });
        dismissFormError();
        setValue("timeSlot", "", { shouldDirty: true });
        goTo(2, "back");
      } else if (isApiError(error)) {
        submitFailed(error.serverMessage ?? bookingText.errors.submitFailedFallback);
      } else if (error instanceof Error) {
        submitFailed(bookingText.errors.submitFailedFallback);
      } else {
        submitFailed(bookingText.errors.createFailed);
      }
    }
  };

  const onInvalid = (errors: FieldErrors<BookingFormValues>) => {
    const firstStep = Math.min(...Object.keys(errors).map(stepOf)) as WizardStep;
    if (firstStep < 3) {
      // A field of an earlier step broke (e.g. a restored draft): go back to it.
      submitFailed(bookingText.errors.invalidForm);
      goTo(firstStep, "replace");
      return;
    }
    showFormError();
    focusFirstInvalid(formRef.current, BOOKING_STEP_FIELDS[3], errors);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (createBooking.isPending) return;
    if (step < 3) void next();
    else void form.handleSubmit(onValid, onInvalid)(event);
  };

  const submitting = createBooking.isPending;
  return (
    <FormProvider {...form}>
      <div className="grid gap-6">
        <StepBar step={step} />
        <form
          ref={formRef}
          noValidate
          onSubmit={onSubmit}
          onPointerDownCapture={preload}
          onKeyDownCapture={preload}
          onFocusCapture={preload}
          aria-labelledby={`${idPrefix}-step-heading`}
          aria-busy={disabled || undefined}
        >
          {/* Disabled until the page is ready: the prerendered form cannot work without its code,
              and a click or keystroke before hydration would submit it natively or be lost. */}
          <fieldset disabled={disabled} className="grid min-w-0 gap-6">
            <h2 id={`${idPrefix}-step-heading`} ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
              {bookingText.steps.names[step]}
            </h2>
            {step === 1 && <ServiceStep idPrefix={idPrefix} images={images} />}
            <Suspense fallback={<Spinner />}>
              {step === 2 && <ScheduleStep idPrefix={idPrefix} today={getToday()} conflict={conflict} />}
              {step === 3 && <ContactStep idPrefix={idPrefix} />}
            </Suspense>

            <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:items-center">
              {step > 1 && (
                <Button variant="outline" onClick={previous} disabled={submitting}>
                  <ArrowLeft aria-hidden="true" />
                  {bookingText.buttons.previous}
                </Button>
              )}
              <Button variant="secondary" onClick={saveDraftNow} disabled={submitting} className="sm:ml-auto">
                <Save aria-hidden="true" />
                {bookingText.buttons.saveDraft}
              </Button>
              {step < 3 ? (
                <Button key="next" type="submit">
                  {bookingText.buttons.next}
                  <ArrowRight aria-hidden="true" />
                </Button>
              ) : (
                <Button key="submit" type="submit" disabled={submitting || images.processing} aria-busy={submitting || undefined}>
                  <Send aria-hidden="true" />
                  {submitting ? bookingText.buttons.submitting : bookingText.buttons.submit}
                </Button>
              )}
            </div>
          </fieldset>
        </form>
      </div>
    </FormProvider>
  );
}
