import { ArrowLeft, ArrowRight, Save, Send } from "lucide-react";
import { Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import { FormProvider, useForm, type DefaultValues, type FieldErrors } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { isApiError } from "@/client/lib/api-error";
import { isBookableDate, ruleSlots, type IsoDate } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import { BOOKING_STEP_FIELDS } from "@/common/booking-fields";
import type { BookingFormValues, CreateBooking, CreateBookingRequest } from "@/common/schemas/bookings";
import { useCreateBooking, type CreatedBooking } from "../api/create-booking";
import { useImageEntries } from "../hooks/use-image-entries";
import { browserStorage } from "../lib/browser-storage";
import { saveDraft, type DraftValues, type WizardStep } from "../lib/draft-storage";
import { withHandoff, type BookingHandoff } from "../lib/handoff";
import type { SlotConflict } from "../lib/slot-conflict";
import { bookingText } from "../text";
import { ContactStep, preloadLaterSteps, ScheduleStep } from "./lazy-steps";
import { ServiceStep } from "./service-step";
import { StepBar } from "./step-bar";

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

/**
 * How the wizard moved, for the page's history entry (issue 8: each step has its own entry):
 * 'push' a new entry ('Nästa'), 'back' to the previous step (the browser's Back when that entry is
 * the previous step, else a replacement), 'replace' the current entry (sent back to a step with errors).
 */
export type StepChange = "push" | "back" | "replace";

/** Autosave waits this long after the last change (issue 8: the draft is saved as the customer types). */
export const AUTOSAVE_DELAY_MS = 400;

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
  // Two ways to hold the step. On the booking page the URL does (`requestedStep`, issue 8): the step
  // shown is the URL's, but never past the last step checked complete (`reachable`), so Back, Forward
  // and a reload always agree with the address bar, even when the router skips a state in between.
  // Without a URL (tests, other hosts) the wizard keeps the step itself.
  const controlled = requestedStep !== undefined && onStepChange !== undefined;
  const [ownStep, setOwnStep] = useState<WizardStep>(initialStep);
  const [reachable, setReachable] = useState<WizardStep>(initialStep);
  const step: WizardStep = controlled ? (Math.min(requestedStep, reachable) as WizardStep) : ownStep;
  const stepRef = useRef<WizardStep>(step);
  useLayoutEffect(() => {
    stepRef.current = step;
  }, [step]);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
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

  /** After a change of service: a date that service cannot be booked on goes, and so does a time it does not offer. */
  const keepScheduleValid = useCallback(
    (serviceType: ServiceType) => {
      const { date, timeSlot } = getValues();
      if (date && !isBookableDate(serviceType, date, getToday())) {
        setValue("date", "");
        setValue("timeSlot", "");
      } else if (timeSlot && !ruleSlots(serviceType, date).some((s) => s.label === timeSlot)) {
        setValue("timeSlot", "");
      }
    },
    [getValues, setValue, getToday],
  );

  // Issue 8: the draft is saved as the customer types (debounced), and at once when the page is left
  // or hidden, so a reload, the Back button or a closed tab keeps what was entered. Images are not saved.
  const autosaveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const finished = useRef(false);
  const saveNow = useCallback(() => {
    if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
    autosaveTimer.current = null;
    if (finished.current) return null;
    return saveDraft(browserStorage(), getValues(), stepRef.current, new Date());
  }, [getValues]);
  const scheduleSave = useCallback(() => {
    if (finished.current) return;
    if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
    autosaveTimer.current = setTimeout(saveNow, AUTOSAVE_DELAY_MS);
  }, [saveNow]);
  useEffect(() => {
    // Only a change is saved: a page left untouched writes no draft.
    const flush = () => {
      if (autosaveTimer.current) saveNow();
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onHidden);
    return () => {
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onHidden);
      // Unmounted ('Börja om', a booking made, another page): a save still waiting is dropped, so a
      // cleared draft never comes back.
      if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
    };
  }, [saveNow]);

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (!name) return;
      if (name === "serviceType") keepScheduleValid(values.serviceType as ServiceType);
      if (name === "timeSlot" && values.timeSlot) setConflict(null);
      const withErrors = (BOOKING_STEP_FIELDS[stepRef.current] as readonly FieldName[]).filter((f) => getFieldState(f).error);
      if (withErrors.length > 0) void trigger(withErrors);
      if (name !== "images") scheduleSave();
    });
    return () => subscription.unsubscribe();
  }, [form, getFieldState, trigger, keepScheduleValid, scheduleSave]);

  // The assistant's hand-off (rules §2): its service and its text in the description, beside what the
  // customer typed here (a second run replaces the first run's text). As typed values: the draft keeps them.
  const appliedHandoff = useRef<{ id: number; description: string } | null>(null);
  useEffect(() => {
    if (!handoff || handoff.id === appliedHandoff.current?.id) return;
    if (handoff.serviceType) setValue("serviceType", handoff.serviceType, { shouldDirty: true });
    const description = withHandoff(getValues("description"), handoff.description, appliedHandoff.current?.description ?? null);
    setValue("description", description, { shouldDirty: true });
    appliedHandoff.current = { id: handoff.id, description: handoff.description };
  }, [handoff, getValues, setValue]);

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

  // The last 'Formulärfel' toast: it goes away once the step is fixed and the wizard moves on.
  const formErrorToast = useRef<{ dismiss: () => void } | null>(null);
  const dismissFormError = () => {
    formErrorToast.current?.dismiss();
    formErrorToast.current = null;
  };

  /**
   * Moves to `next`: 'push' after 'Nästa' checked the step (the steps up to `next` are then known
   * complete), 'back' to an earlier step, 'replace' to a step that has errors.
   */
  const goTo = (next: WizardStep, how: StepChange) => {
    dismissFormError();
    if (how === "push") setReachable((r) => (next > r ? next : r));
    if (how === "replace") setReachable(next);
    if (controlled) onStepChange(next, how);
    else {
      setOwnStep(next);
      onStepChange?.(next, how);
    }
  };

  // A new step: its heading takes the focus and the top of the page, and the draft remembers it.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: "start" });
    if (form.formState.isDirty) scheduleSave();
  }, [step, form.formState, scheduleSave]);

  /**
   * Scrolls the first field of `fields` that has an error into view with its label and message, and
   * focuses it (rules §8 'Formulärfel'; issue 8: on a phone the service choice's message was 1 100 px
   * below the top). A field's group (`data-field-group`) is what is scrolled to, below the sticky header
   * (the page's scroll-padding, theme.css); the toast keeps clear of it (components/ui/toast-placement).
   */
  const focusFirstInvalid = (fields: readonly string[], errors: FieldErrors<BookingFormValues>) => {
    const name = fields.find((f) => errors[f as FieldName]);
    if (!name) return;
    const root = formRef.current;
    const target =
      root?.querySelector<HTMLElement>(`[data-field="${name}"]:not([disabled])`) ??
      root?.querySelector<HTMLElement>(`[name="${name}"]:checked:not([disabled])`) ??
      root?.querySelector<HTMLElement>(`[name="${name}"]:not([disabled])`);
    if (!target) return;
    const group =
      root?.querySelector<HTMLElement>(`[data-field-group="${name}"]`) ??
      (target.id ? root?.querySelector<HTMLElement>(`label[for="${target.id}"]`) : null) ??
      target;
    group.scrollIntoView({ block: "start" });
    target.focus({ preventScroll: true });
  };

  const showFormError = () => {
    formErrorToast.current = toast({
      variant: "destructive",
      title: bookingText.errors.formErrorTitle,
      description: bookingText.errors.formErrorDescription,
    });
  };

  const next = async () => {
    const fields = BOOKING_STEP_FIELDS[step];
    const valid = await trigger(fields as unknown as FieldName[]);
    if (!valid) {
      showFormError();
      // The live field states: `form.formState` is the last render's, which may not have caught up yet.
      const errors = Object.fromEntries(fields.map((f) => [f, getFieldState(f as FieldName).error]).filter(([, error]) => error));
      focusFirstInvalid(fields, errors as FieldErrors<BookingFormValues>);
      return;
    }
    if (step < 3) goTo((step + 1) as WizardStep, "push");
  };

  const previous = () => {
    if (step > 1) goTo((step - 1) as WizardStep, "back");
  };

  // The browser's Forward (or a typed `?step=`) past the last step known complete: the steps before
  // are checked first; the first with errors is shown as 'Nästa' shows it. When the URL first
  // arrives (the page has just opened or been reloaded) it is only clamped, without messages.
  const previousRequest = useRef(requestedStep);
  useEffect(() => {
    const previous = previousRequest.current;
    previousRequest.current = requestedStep;
    if (!controlled || disabled || requestedStep <= reachable) return;
    if (previous === undefined) {
      onStepChange(reachable, "replace");
      return;
    }
    let cancelled = false;
    void (async () => {
      for (let s = reachable; s < requestedStep; s = (s + 1) as WizardStep) {
        stepRef.current = s; // the resolver follows the step being checked
        const fields = BOOKING_STEP_FIELDS[s];
        const valid = await trigger(fields as unknown as FieldName[]);
        if (cancelled) return;
        if (!valid) {
          stepRef.current = reachable;
          goTo(s, "replace");
          showFormError();
          const errors = Object.fromEntries(fields.map((f) => [f, getFieldState(f as FieldName).error]).filter(([, error]) => error));
          focusFirstInvalid(fields, errors as FieldErrors<BookingFormValues>);
          return;
        }
      }
      setReachable(requestedStep);
    })();
    return () => {
      cancelled = true;
    };
    // Runs when the URL's step or the known-complete step changes; the helpers are new every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requestedStep, reachable, controlled, disabled]);

  const saveDraftNow = () => {
    const saved = saveNow();
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
      finished.current = true; // no autosave may bring the draft back after the booking
      if (autosaveTimer.current) clearTimeout(autosaveTimer.current);
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
    focusFirstInvalid(BOOKING_STEP_FIELDS[3], errors);
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
