import { History } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { isServiceType, todayIn, type IsoDate } from "@/common/booking-rules";
import type { CreatedBooking } from "./api/create-booking";
import { Spinner } from "@/client/components/ui/spinner";
import { BookingWizard } from "./components/booking-wizard";
import { BookingSuccess } from "./components/lazy-steps";
import { browserStorage } from "./lib/browser-storage";
import { clearDraft, emptyDraftValues, loadDraft, reviveDraft, type DraftValues, type WizardStep } from "./lib/draft-storage";
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

/**
 * What the wizard starts with (SPEC §4): the saved draft when there is one, with a date or time
 * that can no longer be booked cleared; `?service=` chooses the service and wins over the draft's.
 */
function initialState(serviceParam: string | null, today: IsoDate, useDraft: boolean): InitialState {
  const serviceFromUrl = isServiceType(serviceParam) ? serviceParam : null;
  const draft = useDraft ? loadDraft(browserStorage(), new Date()) : null;
  if (!draft) return { values: emptyDraftValues(serviceFromUrl ?? ""), step: 1, restoredAt: null };
  return { ...reviveDraft(draft, { today, serviceFromUrl }), restoredAt: draft.savedAt };
}

/**
 * /booking (SPEC §2 Public booking wizard). Every navigation to the page (a new location key)
 * starts it afresh, so a link to /booking?service=… from the header or footer works while here.
 */
export default function BookingPage() {
  const location = useLocation();
  return <BookingFlow key={location.key} />;
}

function BookingFlow() {
  const [searchParams] = useSearchParams();
  const [today] = useState(() => todayIn(new Date()));
  const [attempt, setAttempt] = useState(0);
  const [initial, setInitial] = useState(() => initialState(searchParams.get("service"), today, true));
  const [created, setCreated] = useState<CreatedBooking | null>(null);
  useDocumentTitle(created ? bookingText.pageTitleConfirmed : bookingText.pageTitle);

  const onBooked = (booking: CreatedBooking) => {
    clearDraft(browserStorage());
    setCreated(booking);
    window.scrollTo({ top: 0 });
  };

  const startOver = () => {
    clearDraft(browserStorage());
    setInitial(initialState(searchParams.get("service"), today, false));
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
        today={today}
        onBooked={onBooked}
      />
    </div>
  );
}
