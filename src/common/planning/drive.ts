import { parseTimeSlot } from "../booking-rules";

// Drive estimates between a day's visits (issue 13). Visits have fixed times, so what planning needs
// is whether the drive from one visit to the next fits in the gap between them.

export type Place = { coordinates?: { lat: number; lng: number } | null; postalCode: string };
export type DriveMethod = "coordinates" | "postalCode";
export type Drive = { minutes: number; method: DriveMethod };

/** Roads are longer than the straight line; 1.3 is a common factor for Swedish roads outside cities. */
const ROAD_FACTOR = 1.3;
const AVERAGE_KMH = 60;
const EARTH_RADIUS_KM = 6371;

/** Great-circle distance in km. */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

const roundUpTo5 = (minutes: number) => Math.max(5, Math.ceil(minutes / 5) * 5);

/**
 * Swedish postal codes are geographic: the more leading digits two codes share, the nearer they
 * are. Same three digits: a neighbourhood (15 min); two: the same area (30); one: the same region
 * (60); none: further (120). Rough, and said to be so where shown.
 */
function byPostalCode(from: string, to: string): number {
  const a = from.replace(/\D/g, "");
  const b = to.replace(/\D/g, "");
  if (a.length < 3 || b.length < 3) return 120;
  if (a.slice(0, 3) === b.slice(0, 3)) return 15;
  if (a.slice(0, 2) === b.slice(0, 2)) return 30;
  if (a[0] === b[0]) return 60;
  return 120;
}

/** The drive from one place to another: from coordinates when both have them, else by postal code. */
export function driveBetween(from: Place, to: Place): Drive {
  if (from.coordinates && to.coordinates) {
    const km = haversineKm(from.coordinates, to.coordinates) * ROAD_FACTOR;
    return { minutes: roundUpTo5((km / AVERAGE_KMH) * 60), method: "coordinates" };
  }
  return { minutes: byPostalCode(from.postalCode, to.postalCode), method: "postalCode" };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export type Leg = Drive & { fromId: number; toId: number; gapMinutes: number; fits: boolean };

/**
 * The legs between consecutive visits of one day (sorted by start here), each with its drive, the
 * gap between the end of one visit and the start of the next, and whether the drive fits in it.
 * A visit ends when its time does (`endTime`: an installation at the end of its working day,
 * rules D24), else when its slot does.
 */
export function dayLegs<T extends Place & { id: number; timeSlot: string; endTime?: string }>(visits: readonly T[]): Leg[] {
  const timed = visits
    .map((visit) => {
      const slot = parseTimeSlot(visit.timeSlot);
      return { visit, slot: slot && visit.endTime ? { ...slot, end: visit.endTime.slice(0, 5) } : slot };
    })
    .filter((v): v is { visit: T; slot: NonNullable<ReturnType<typeof parseTimeSlot>> } => v.slot !== null)
    .sort((a, b) => minutesOf(a.slot.start) - minutesOf(b.slot.start));
  return timed.slice(1).map(({ visit, slot }, i) => {
    const previous = timed[i];
    const drive = driveBetween(previous.visit, visit);
    const gapMinutes = minutesOf(slot.start) - minutesOf(previous.slot.end);
    return { ...drive, fromId: previous.visit.id, toId: visit.id, gapMinutes, fits: drive.minutes <= gapMinutes };
  });
}
