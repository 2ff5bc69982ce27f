import { Car, MapPin, Route, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Input } from "@/client/components/ui/input";
import { Select } from "@/client/components/ui/select";
import { Spinner } from "@/client/components/ui/spinner";
import { isIsoDate, staffTimeText, todayIn } from "@/common/booking-rules";
import { dayLegs, type Leg } from "@/common/planning/drive";
import { estimatedDrivingHours, suggestsSplit } from "@/common/planning/formulas";
import type { PlanningBooking } from "@/common/schemas/planning";
import { AdminPage } from "../components/admin-page";
import { FigureCard } from "../components/figure-card";
import { LoadFailed } from "../components/load-failed";
import { formatAddress, formatLongDate } from "../lib/format";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { useActiveBookings, useCities } from "./api";
import { CoordinatesDialog } from "./components/coordinates-dialog";
import { VisitStatus } from "./components/visit-status";
import { planningPageText } from "./text";

const text = planningPageText.route;

function byCity(bookings: PlanningBooking[]): [string, PlanningBooking[]][] {
  const groups = new Map<string, PlanningBooking[]>();
  for (const booking of bookings) {
    const city = booking.city.trim() || "–";
    groups.set(city, [...(groups.get(city) ?? []), booking]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b, "sv"));
}

function LegLine({ leg }: { leg: Leg }) {
  return (
    <li className={leg.fits ? "flex gap-2 py-1 pl-6 text-sm text-slate-600" : "flex gap-2 py-1 pl-6 text-sm font-medium text-red-800"}>
      {leg.fits ? <Car className="size-4 shrink-0" aria-hidden="true" /> : <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />}
      <span>
        {text.leg(leg.minutes, leg.method)} – {leg.fits ? text.legFits(leg.gapMinutes) : text.legTooTight(leg.minutes, leg.gapMinutes)}
      </span>
    </li>
  );
}

function VisitLine({ booking, onCoordinates }: { booking: PlanningBooking; onCoordinates: (booking: PlanningBooking) => void }) {
  return (
    <li className="grid gap-1 rounded-md border border-slate-200 bg-white p-3 text-sm sm:grid-cols-[7rem_1fr_auto] sm:items-center">
      <span className="font-semibold text-slate-900">{staffTimeText(booking)}</span>
      <span>
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900">{booking.customerName}</span>
          <VisitStatus status={booking.status} />
        </span>
        <span className="block text-slate-700">{formatAddress(booking)}</span>
        <span className="block text-slate-600">{text.technician(booking.technicianName)}</span>
      </span>
      {booking.coordinates ? (
        <span className="text-xs text-slate-600">{text.hasCoordinates}</span>
      ) : (
        <Button variant="outline" size="sm" onClick={() => onCoordinates(booking)} aria-label={text.setCoordinates(booking.customerName)}>
          <MapPin aria-hidden="true" />
          {text.lat}/{text.lng}
        </Button>
      )}
    </li>
  );
}

/** /admin/route-optimization (rules §2, §9; issues 13, 23): a day's active visits per city, with their status, in time order with drives. */
export default function RouteOptimizationPage() {
  useDocumentTitle(text.title);
  const [params, setParams] = useSearchParams();
  const date = isIsoDate(params.get("datum") ?? "") ? params.get("datum")! : todayIn(new Date());
  const city = params.get("ort") ?? "";
  const setFilter = (next: { datum?: string; ort?: string }) => {
    const merged = { datum: date, ort: city, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v)), { replace: true });
  };
  const cities = useCities();
  const bookings = useActiveBookings(date, date, city);
  const [coordinatesFor, setCoordinatesFor] = useState<PlanningBooking | null>(null);

  const groups = bookings.data ? byCity(bookings.data) : [];
  const legs = bookings.data ? dayLegs(bookings.data) : [];
  const legAfter = new Map(legs.map((leg) => [leg.fromId, leg]));
  return (
    <AdminPage back={{ to: "/admin?tab=planning", label: planningPageText.back }} title={text.title} intro={text.intro} width="max-w-6xl">
      <div className="grid gap-4 sm:grid-cols-2 sm:max-w-xl">
        <div className="grid gap-1.5">
          <Label htmlFor="route-date">{text.date}</Label>
          <Input id="route-date" type="date" value={date} onChange={(event) => isIsoDate(event.target.value) && setFilter({ datum: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="route-city">{text.city}</Label>
          <Select id="route-city" value={city} onChange={(event) => setFilter({ ort: event.target.value })}>
            <option value="">{text.allCities}</option>
            {(cities.data ?? []).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{formatLongDate(date)}</h2>
      {bookings.isPending ? (
        <Spinner />
      ) : bookings.isError ? (
        <LoadFailed message={planningPageText.loadFailed} retryLabel={planningPageText.retry} onRetry={() => void bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <p className="text-slate-700">{text.empty}</p>
      ) : (
        <>
          <section aria-label={text.title} className="grid grid-cols-3 gap-3 max-sm:grid-cols-1">
            <FigureCard icon={Route} label={text.cards.visits} value={bookings.data.length} />
            <FigureCard icon={MapPin} label={text.cards.cities} value={groups.length} />
            <FigureCard
              icon={Car}
              label={text.cards.driving}
              value={text.cards.drivingValue(estimatedDrivingHours(groups.length))}
              hint={text.cards.drivingHint}
            />
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            {groups.map(([name, visits]) => (
              <Card key={name} role="region" aria-label={name}>
                <CardHeader>
                  <CardTitle as="h3">
                    {name} – {text.visits(visits.length)}
                  </CardTitle>
                  {suggestsSplit(visits.length) && <p className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">{text.split}</p>}
                </CardHeader>
                <CardContent>
                  <ul className="grid gap-2">
                    {visits.map((booking) => (
                      <VisitLine key={booking.id} booking={booking} onCoordinates={setCoordinatesFor} />
                    ))}
                  </ul>
                </CardContent>
              </Card>
            ))}
          </div>
          <section aria-labelledby="route-order" className="grid gap-3">
            <h2 id="route-order" className="text-lg font-semibold text-slate-900">
              {text.orderTitle}
            </h2>
            <p className="text-sm text-slate-700">{text.orderIntro}</p>
            <ol className="grid gap-1">
              {bookings.data.map((booking) => {
                const leg = legAfter.get(booking.id);
                return (
                  <li key={booking.id}>
                    <ul className="grid gap-1">
                      <VisitLine booking={booking} onCoordinates={setCoordinatesFor} />
                      {leg && <LegLine leg={leg} />}
                    </ul>
                  </li>
                );
              })}
            </ol>
          </section>
        </>
      )}
      <CoordinatesDialog
        customer={coordinatesFor ? { id: coordinatesFor.customerId, name: coordinatesFor.customerName } : null}
        onClose={() => setCoordinatesFor(null)}
      />
    </AdminPage>
  );
}
