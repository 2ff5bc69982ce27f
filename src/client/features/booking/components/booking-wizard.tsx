import { ArrowLeft, ArrowRight, Save, Send } from "lucide-react";
import { Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { FormProvider, useForm, type DefaultValues, type FieldErrors } from "react-hook-form";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { toast } from "@/client/components/ui/toast-store";
import { isApiError } from "@/client/lib/api";
import { isBookableDate, ruleSlots, type IsoDate } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import { BOOKING_STEP_FIELDS } from "@/common/booking-fields";
import type { BookingFormValues, CreateBooking } from "@/common/schemas/bookings";
import { useCreateBooking, type CreatedBooking } from "../api/create-booking";
import { useImageEntries } from "../hooks/use-image-entries";
import { browserStorage } from "../lib/browser-storage";
import { saveDraft, type DraftValues, type WizardStep } from "../lib/draft-storage";
import { bookingText } from "../text";
import { ContactStep, preloadLaterSteps, ScheduleStep } from "./lazy-steps";
import { ServiceStep } from "./service-step";
import { StepBar } from "./step-bar";

type FieldName = keyof BookingFormValues;

// SPEC §5: each step validates with its own schema (lib/step-resolvers). They come with zod in a
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
};

/** The three-step booking form (SPEC §2, §4): next only when the step validates, previous always. */
export function BookingWizard({ initialValues, initialStep, getToday, onBooked, disabled = false }: BookingWizardProps) {
  const idPrefix = useId().replace(/:/g, "");
  const [step, setStepState] = useState<WizardStep>(initialStep);
  const stepRef = useRef<WizardStep>(initialStep);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(false);
  const images = useImageEntries();
  const createBooking = useCreateBooking();

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

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      if (!name) return;
      if (name === "serviceType") keepScheduleValid(values.serviceType as ServiceType);
      const withErrors = (BOOKING_STEP_FIELDS[stepRef.current] as readonly FieldName[]).filter((f) => getFieldState(f).error);
      if (withErrors.length > 0) void trigger(withErrors);
    });
    return () => subscription.unsubscribe();
  }, [form, getFieldState, trigger, keepScheduleValid]);

  // Steps 2-3 come in their own chunk: fetch it once the customer starts (or at once on a later step).
  useEffect(() => {
    if (initialStep > 1) preloadLaterSteps().catch(() => {}); // Suspense retries when the step renders
  }, [initialStep]);
  const preload = () => {
    preloadLaterSteps().catch(() => {});
    loadStepResolvers().catch(() => {}); // validation retries the download when it runs
  };

  // Only successful images go into the form, as data URLs (SPEC §5).
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

  const goTo = (next: WizardStep) => {
    dismissFormError();
    stepRef.current = next;
    focusHeading.current = true;
    setStepState(next);
  };
  useEffect(() => {
    if (!focusHeading.current) return;
    focusHeading.current = false;
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView({ block: "start" });
  }, [step]);

  /** Moves the focus to the first field of `fields` that has an error (SPEC §8 'Formulärfel'). */
  const focusFirstInvalid = (fields: readonly string[], errors: FieldErrors<BookingFormValues>) => {
    const name = fields.find((f) => errors[f as FieldName]);
    if (!name) return;
    const root = formRef.current;
    const target =
      root?.querySelector<HTMLElement>(`[data-field="${name}"]:not([disabled])`) ??
      root?.querySelector<HTMLElement>(`[name="${name}"]:checked:not([disabled])`) ??
      root?.querySelector<HTMLElement>(`[name="${name}"]:not([disabled])`);
    target?.focus();
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
    if (step < 3) goTo((step + 1) as WizardStep);
  };

  const previous = () => {
    if (step > 1) goTo((step - 1) as WizardStep);
  };

  const saveDraftNow = () => {
    const saved = saveDraft(browserStorage(), getValues(), step, new Date());
    if (saved) toast({ title: bookingText.draft.savedTitle, description: bookingText.draft.savedDescription });
    else
      toast({
        variant: "destructive",
        title: bookingText.draft.saveFailedTitle,
        description: bookingText.draft.saveFailedDescription,
      });
  };

  const submitFailed = (description: string) =>
    toast({ variant: "destructive", title: bookingText.errors.submitFailedTitle, description });

  const onValid = async (values: CreateBooking) => {
    const payload: CreateBooking = {
      ...values,
      heatpumpModel: values.serviceType === "hembesok" || !values.heatpumpModel ? undefined : values.heatpumpModel,
      images: values.images ?? [],
    };
    try {
      const created = await createBooking.mutateAsync(payload);
      dismissFormError();
      onBooked(created);
    } catch (error) {
      if (isApiError(error, 409)) {
        // DECISIONS 5: the slot was taken meanwhile; offer the remaining times of the date.
        submitFailed(error.serverMessage ?? bookingText.errors.slotTakenFallback);
        setValue("timeSlot", "");
        goTo(2);
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
      goTo(firstStep);
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
            <h2
              id={`${idPrefix}-step-heading`}
              ref={headingRef}
              tabIndex={-1}
              className="scroll-mt-24 text-2xl font-semibold text-slate-900 focus:outline-none"
            >
              {bookingText.steps.names[step]}
            </h2>
            {step === 1 && <ServiceStep idPrefix={idPrefix} images={images} />}
            <Suspense fallback={<Spinner />}>
              {step === 2 && <ScheduleStep idPrefix={idPrefix} today={getToday()} />}
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
