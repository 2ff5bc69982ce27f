import { History } from "lucide-react";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { isServiceType, todayIn, type IsoDate } from "@/common/booking-rules";
import type { ServiceType } from "@/common/constants";
import type { CreatedBooking } from "./api/create-booking";
import { Spinner } from "@/client/components/ui/spinner";
import { useHydrated } from "@/client/lib/hydration";
import { QueryScope } from "@/client/lib/query-scope";
import { BookingWizard } from "./components/booking-wizard";
import { BookingSuccess } from "./components/lazy-steps";
import { browserStorage } from "./lib/browser-storage";
import { clearDraft, emptyDraftValues, loadDraft, type DraftValues, type WizardStep } from "./lib/draft-storage";
import { formatTimestamp } from "./lib/format-date";
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

/** The page as prerendered (scripts/build-client.mjs): step 1 with nothing chosen, no draft. */
const STATIC_SHELL: InitialState = { values: emptyDraftValues(""), step: 1, restoredAt: null };

/** `?service=` chooses the service (SPEC §2 page query). */
function serviceFrom(serviceParam: string | null): ServiceType | null {
  return isServiceType(serviceParam) ? serviceParam : null;
}

function fromUrl(serviceParam: string | null): InitialState {
  return { values: emptyDraftValues(serviceFrom(serviceParam) ?? ""), step: 1, restoredAt: null };
}

/**
 * /booking (SPEC §2 Public booking wizard). Every navigation to the page (a new location key)
 * starts it afresh, so a link to /booking?service=… from the header or footer works while here.
 */
export default function BookingPage() {
  const location = useLocation();
  return (
    <QueryScope>
      <BookingFlow key={location.key} />
    </QueryScope>
  );
}

function BookingFlow() {
  const [searchParams] = useSearchParams();
  const serviceParam = searchParams.get("service");
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

  // SPEC §4: a saved draft is restored, with a date or time that can no longer be booked cleared;
  // `?service=` wins over the draft's service. Checking it needs zod, so it is loaded for that.
  useEffect(() => {
    if (personalised.current) return;
    personalised.current = true;
    const serviceFromUrl = serviceFrom(serviceParam);
    const draft = loadDraft(browserStorage(), new Date());
    if (!draft) {
      if (firstService.current !== (serviceFromUrl ?? "")) {
        setInitial(fromUrl(serviceParam));
        setAttempt((n) => n + 1); // the wizard starts again from these values
      }
      setReady(true);
      return;
    }
    let cancelled = false;
    import("./lib/draft-revival")
      .then(({ reviveDraft }) => {
        if (cancelled) return;
        setInitial({ ...reviveDraft(draft, { today: getToday(), serviceFromUrl }), restoredAt: draft.savedAt });
        setAttempt((n) => n + 1);
      })
      .catch(() => {}) // without the module the visitor starts afresh; the draft stays saved
      .finally(() => {
        if (!cancelled) setReady(true);
      });
    return () => {
      // Unmounted before the draft arrived (or React's development double run): do it again next time.
      cancelled = true;
      personalised.current = false;
    };
  }, [serviceParam, getToday]);

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
      <BookingWizard
        key={attempt}
        initialValues={initial.values}
        initialStep={initial.step}
        getToday={getToday}
        onBooked={onBooked}
        disabled={!ready}
      />
    </div>
  );
}
