import { BadgePercent, Bot, ClipboardList, History } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState, type Ref } from "react";
import { useLocation, useNavigate, useSearchParams, type Location } from "react-router";
import { isServiceType, todayIn, type IsoDate } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import type { CreatedBooking } from "./api/create-booking";
import { Spinner } from "@/client/components/ui/spinner";
import { lazyWithReload } from "@/client/lib/chunk-reload";
import { useHydrated } from "@/client/lib/hydration";
import type { AssistantResult } from "@/common/assistant/diagnose";
import { SERVICE_TYPE_LABELS } from "@/common/constants";
import type { AssistantHandoff, AssistantSession } from "@/client/features/booking/assistant/assistant-panel";
import { assistantPageText } from "@/client/features/booking/assistant/text";
import { QueryScope } from "@/client/lib/query-scope";
import { BookingWizard, type StepChange } from "./components/booking-wizard";
import { BookingSuccess } from "./components/lazy-steps";
import { browserStorage } from "./lib/browser-storage";
import { clearDraft, emptyDraftValues, loadDraft, type DraftValues, type WizardStep } from "./lib/draft-storage";
import type { BookingHandoff } from "./lib/handoff";
import { formatLongDate, formatTimestamp } from "@/client/lib/format-date";
import type { ReminderOffer } from "@/common/schemas/service-reminders";
import { getReminderOffer } from "./api/get-reminder-offer";
import { bookingText } from "./text";

/** Sets document.title while the page shows, and puts the previous title back afterwards. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

type InitialState = { values: DraftValues; step: WizardStep; restoredAt: string | null };

// The troubleshooting assistant (rules §2: `?ai=true`) is its own chunk: the wizard's first download
// does not carry it.
const AssistantPanel = lazyWithReload(async () => ({ default: (await import("@/client/features/booking/assistant/assistant-panel")).AssistantPanel }));

type Mode = "form" | "assistant";

/** The two ways of the page (rules §2: buttons switch between the assistant and the booking form). */
function ModeSwitch({ mode, onMode }: { mode: Mode; onMode: (mode: Mode) => void }) {
  const base =
    "inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 sm:flex-none";
  const look = (active: boolean) =>
    active ? `${base} bg-brand-700 text-white` : `${base} bg-white text-brand-800 ring-1 ring-inset ring-brand-700 hover:bg-brand-50`;
  return (
    <div role="group" aria-label={assistantPageText.switchLabel} className="flex gap-2">
      <button type="button" aria-pressed={mode === "form"} className={look(mode === "form")} onClick={() => onMode("form")}>
        <ClipboardList className="size-4" aria-hidden="true" />
        {assistantPageText.toForm}
      </button>
      <button type="button" aria-pressed={mode === "assistant"} className={look(mode === "assistant")} onClick={() => onMode("assistant")}>
        <Bot className="size-4" aria-hidden="true" />
        {assistantPageText.toAssistant}
      </button>
    </div>
  );
}

/**
 * After the assistant: what it found, above the form, with a way back to the details (rules §2). The
 * hand-off lands here: it is scrolled to the top and focused, so it is seen and read out.
 */
function AssistantBanner({ result, onShow, ref }: { result: AssistantResult; onShow: () => void; ref: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className={
        result.needsService
          ? "grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
          : "grid gap-2 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-slate-900"
      }
    >
      <p>{result.needsService ? assistantPageText.banner.needsService(SERVICE_TYPE_LABELS[result.serviceType]) : assistantPageText.banner.selfFix}</p>
      <button
        type="button"
        onClick={onShow}
        className="justify-self-start rounded-md font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {assistantPageText.banner.showAgain}
      </button>
    </div>
  );
}

/** The form prefilled from a reminder: a service of the customer's heat pump, at their address. */
function offerValues(offer: ReminderOffer): DraftValues {
  const { name, email, phone, address, city, postalCode, heatpumpModel } = offer;
  return { ...emptyDraftValues("service"), name, email, phone, address, city, postalCode, heatpumpModel };
}

/** What a reminder's link gives: the discount and until when, or why it does not hold. */
function OfferBanner({ offer }: { offer: ReminderOffer | "missing" }) {
  const text = bookingText.offer;
  if (offer === "missing")
    return (
      <p role="status" className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-sm text-slate-800">
        {text.missing}
      </p>
    );
  return (
    <div
      role="status"
      className={
        offer.valid
          ? "flex gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-slate-900"
          : "flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
      }
    >
      <BadgePercent className="size-5 shrink-0 text-emerald-800" aria-hidden="true" />
      <p>{offer.valid && offer.validUntil ? text.valid(offer.discountPercent, formatLongDate(offer.validUntil)) : offer.used ? text.used : text.expired}</p>
    </div>
  );
}

/** The page as prerendered (scripts/build-client.mjs): step 1 with nothing chosen, no draft. */
const STATIC_SHELL: InitialState = { values: emptyDraftValues(""), step: 1, restoredAt: null };

/** `?service=` chooses the service (rules §2 page query). */
function serviceFrom(serviceParam: string | null): ServiceType | null {
  return isServiceType(serviceParam) ? serviceParam : null;
}

function fromUrl(serviceParam: string | null): InitialState {
  return { values: emptyDraftValues(serviceFrom(serviceParam) ?? ""), step: 1, restoredAt: null };
}

/** `?step=` (issue 8: each step has its own history entry); anything else is step 1. */
export function stepFromUrl(value: string | null): WizardStep {
  return value === "2" ? 2 : value === "3" ? 3 : 1;
}

/**
 * What the wizard keeps in its history entries: which flow made them (Back and Forward between its
 * own steps must not start the page afresh), the step it came from (so 'Föregående' can use the
 * browser's Back), and keepScroll (the wizard scrolls to the step itself; layouts/scroll-to-top).
 */
type StepEntryState = { bookingFlow: string; fromStep?: WizardStep; keepScroll: true };

function flowOf(location: Location): string | null {
  const state = location.state as Partial<StepEntryState> | null;
  return typeof state?.bookingFlow === "string" ? state.bookingFlow : null;
}

/** The page's search with `step` set (left out for step 1); `service` and the rest are kept. */
function searchWithStep(search: string, step: WizardStep): string {
  const params = new URLSearchParams(search);
  if (step === 1) params.delete("step");
  else params.set("step", String(step));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * /booking (rules §2 Public booking wizard). Every navigation to the page from elsewhere (a new
 * location key) starts it afresh, so a link to /booking?service=… from the header or footer works
 * while here; moving between the wizard's own steps (`?step=`, with Back and Forward) does not.
 */
export default function BookingPage() {
  const location = useLocation();
  const flow = flowOf(location) ?? location.key;
  return (
    <QueryScope>
      <BookingFlow key={flow} flow={flow} />
    </QueryScope>
  );
}

function BookingFlow({ flow }: { flow: string }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const serviceParam = searchParams.get("service");
  // A service reminder's link (issue 12): `?erbjudande=` prefills the form and carries the discount.
  const offerParam = searchParams.get("erbjudande");
  const [offer, setOffer] = useState<ReminderOffer | "missing" | null>(null);
  const urlStep = stepFromUrl(searchParams.get("step"));
  // Today in Sweden, worked out when first needed (a step's rules, a restored draft): the time zone
  // data it loads costs tens of milliseconds the page does not need to appear (issue 7).
  const today = useRef<IsoDate | null>(null);
  const getToday = useCallback(() => (today.current ??= todayIn(new Date())), []);
  const [attempt, setAttempt] = useState(0);
  // Hydrating the prerendered page, the first render must be the static shell; `?service=` (which
  // the build could not know) is applied right after. A page reached by a link starts with it.
  const hydrated = useHydrated();
  const [initial, setInitial] = useState<InitialState>(() => (hydrated ? fromUrl(serviceParam) : STATIC_SHELL));
  // Nothing can be typed until the draft (if any) is in place: a restore would wipe it.
  const [ready, setReady] = useState(false);
  const personalised = useRef(false);
  const firstService = useRef(initial.values.serviceType);

  // The wizard's history entries (issue 8): 'Nästa' adds an entry per step, marked with this flow, so
  // Back and Forward between them keep the flow (and what was entered).
  const locationRef = useRef(location);
  locationRef.current = location;
  const recordStep = useCallback(
    (step: WizardStep, how: StepChange | "initial") => {
      const current = locationRef.current;
      const here = current.state as Partial<StepEntryState> | null;
      const to = { pathname: current.pathname, search: searchWithStep(current.search, step) };
      if (how === "back" && here?.bookingFlow === flow && here.fromStep === step) {
        navigate(-1); // the previous entry is that step: Back and 'Föregående' do the same
        return;
      }
      const currentStep = stepFromUrl(new URLSearchParams(current.search).get("step"));
      // When the page opens, the URL is only changed when its step cannot be shown. Its entry needs no
      // mark: an entry without one belongs to the flow named by its own key, which is this flow's.
      // (A navigation right after hydration would also wait for the parts of the page that hydrate
      // on the first interaction, and with it everything rendered in the same update.)
      if (how === "initial" && currentStep === step) return;
      // The entry remembers the step it was pushed from; a replaced entry keeps that only for its own step.
      const fromStep = how === "push" ? currentStep : currentStep === step ? here?.fromStep : undefined;
      const state: StepEntryState = { bookingFlow: flow, keepScroll: true, ...(fromStep && step > 1 ? { fromStep } : {}) };
      navigate(to, { replace: how !== "push", state });
    },
    [flow, navigate],
  );

  // rules §4: a saved draft is restored, with a date or time that can no longer be booked cleared;
  // `?service=` wins over the draft's service. Checking it needs zod, so it is loaded for that. The
  // step is the URL's (a reload keeps it), but never past the first step that is not complete.
  useEffect(() => {
    if (personalised.current) return;
    personalised.current = true;
    if (offerParam) {
      // The reminder's details win over a draft: the customer came for this offer.
      let cancelled = false;
      getReminderOffer(offerParam)
        .then((found) => {
          if (cancelled) return;
          setOffer(found);
          setInitial({ values: offerValues(found), step: 1, restoredAt: null });
          setAttempt((n) => n + 1);
        })
        .catch(() => !cancelled && setOffer("missing"))
        .finally(() => {
          if (cancelled) return;
          recordStep(1, "initial");
          setReady(true);
        });
      return () => {
        cancelled = true;
        personalised.current = false;
      };
    }
    const serviceFromUrl = serviceFrom(serviceParam);
    const draft = loadDraft(browserStorage(), new Date());
    // A reload or Back keeps the URL's step; a plain /booking continues where the draft was left.
    const requested = searchParams.has("step") ? urlStep : (draft?.step ?? 1);
    if (!draft) {
      if (firstService.current !== (serviceFromUrl ?? "")) {
        setInitial(fromUrl(serviceParam));
        setAttempt((n) => n + 1); // the wizard starts again from these values
      }
      recordStep(1, "initial");
      setReady(true);
      return;
    }
    let cancelled = false;
    import("./lib/draft-revival")
      .then(({ reviveDraft }) => {
        if (cancelled) return;
        // As far as asked and the draft is complete.
        const revived = reviveDraft({ ...draft, step: 3 }, { today: getToday(), serviceFromUrl });
        const step = Math.min(requested, revived.step) as WizardStep;
        setInitial({ values: revived.values, step, restoredAt: draft.savedAt });
        setAttempt((n) => n + 1);
        recordStep(step, "initial");
      })
      .catch(() => recordStep(1, "initial")) // without the module the visitor starts afresh; the draft stays saved
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      // Unmounted before the draft arrived (or React's development double run): do it again next time.
      cancelled = true;
      personalised.current = false;
    };
    // The draft is read once, when the page opens; later URL changes are the wizard's own steps.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serviceParam, getToday]);

  // The assistant: `?ai=true` opens it (after hydration, as `?service=`: the prerendered page is the form).
  const [mode, setMode] = useState<Mode>(() => (hydrated && searchParams.get("ai") === "true" ? "assistant" : "form"));
  const [session, setSession] = useState<AssistantSession | null>(null);
  const [finished, setFinished] = useState<AssistantResult | null>(null);
  useEffect(() => {
    if (searchParams.get("ai") === "true") setMode("assistant");
    // Read once, when the page opens; later the switch keeps the URL in step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const showMode = (next: Mode) => {
    setMode(next);
    const current = locationRef.current;
    const params = new URLSearchParams(current.search);
    if (next === "assistant") params.set("ai", "true");
    else params.delete("ai");
    const query = params.toString();
    navigate(
      { pathname: current.pathname, search: query ? `?${query}` : "" },
      { replace: true, state: { ...(current.state as object | null), bookingFlow: flow, keepScroll: true } },
    );
  };
  // 'Fortsätt till bokning' (or 'Avsluta felsökning'): the form gets the service the assistant
  // recommends and what the customer told it, and the page shows the banner at the top of the form.
  const [handoff, setHandoff] = useState<BookingHandoff | null>(null);
  const bannerRef = useRef<HTMLDivElement>(null);
  const finishAssistant = ({ result, description }: AssistantHandoff) => {
    setFinished(result);
    setHandoff((previous) => ({ id: (previous?.id ?? 0) + 1, serviceType: result.needsService ? result.serviceType : undefined, description }));
    showMode("form");
  };
  useEffect(() => {
    const banner = bannerRef.current;
    if (!handoff || !banner) return;
    banner.focus({ preventScroll: true });
    banner.scrollIntoView({ block: "start" });
  }, [handoff]);

  const [created, setCreated] = useState<CreatedBooking | null>(null);
  useDocumentTitle(created ? bookingText.pageTitleConfirmed : bookingText.pageTitle);

  const onBooked = (booking: CreatedBooking) => {
    clearDraft(browserStorage());
    setCreated(booking);
    window.scrollTo({ top: 0 });
  };

  const startOver = () => {
    clearDraft(browserStorage());
    setInitial(fromUrl(serviceParam));
    setAttempt((n) => n + 1);
    recordStep(1, "replace");
  };

  if (created)
    return (
      <Suspense fallback={<Spinner />}>
        <BookingSuccess booking={created} />
      </Suspense>
    );

  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-8 sm:py-12">
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{bookingText.heading}</h1>
        <p className="text-slate-700">{bookingText.intro}</p>
      </header>
      {initial.restoredAt && (
        <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900 sm:flex-row sm:items-center">
          <History className="size-5 shrink-0 text-amber-800" aria-hidden="true" />
          <p className="flex-1">{bookingText.draft.restored(formatTimestamp(new Date(initial.restoredAt)))}</p>
          <button
            type="button"
            onClick={startOver}
            className="self-start rounded-md px-2 py-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700 sm:self-auto"
          >
            {bookingText.draft.startOver}
          </button>
        </div>
      )}
      {offer && <OfferBanner offer={offer} />}
      <ModeSwitch mode={mode} onMode={showMode} />
      {mode === "assistant" && (
        <Suspense fallback={<Spinner />}>
          <AssistantPanel session={session} onSession={setSession} onFinish={finishAssistant} />
        </Suspense>
      )}
      {/* Hidden, not unmounted, while the assistant shows: what was typed in the form stays. */}
      <div hidden={mode === "assistant"} className="grid gap-6">
        {finished && <AssistantBanner ref={bannerRef} result={finished} onShow={() => showMode("assistant")} />}
        <BookingWizard
          key={attempt}
          initialValues={initial.values}
          initialStep={initial.step}
          getToday={getToday}
          onBooked={onBooked}
          disabled={!ready}
          requestedStep={ready ? urlStep : undefined}
          onStepChange={recordStep}
          offerToken={offer && offer !== "missing" && offerParam ? offerParam : undefined}
          handoff={handoff ?? undefined}
        />
      </div>
    </div>
  );
}
