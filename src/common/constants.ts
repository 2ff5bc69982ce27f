// Domain constants shared by client and server. Swedish labels are the ones rules §2-§4 use.

export const ROLES = ["admin", "technician"] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: "Administratör", technician: "Tekniker" };

export const SERVICE_TYPES = ["service", "installation", "troubleshooting", "hembesok"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  service: "Service",
  installation: "Installation",
  troubleshooting: "Felsökning",
  hembesok: "Hembesök",
};

// Blocked times apply to these three; hembesok is never blocked separately (rules §3).
export const BLOCKABLE_SERVICE_TYPES = ["service", "installation", "troubleshooting"] as const;

export const BOOKING_STATUSES = ["planned", "confirmed", "in_progress", "completed", "cancelled", "rescheduled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  planned: "Planerad",
  confirmed: "Bekräftad",
  in_progress: "Pågående",
  completed: "Genomförd",
  cancelled: "Avbokad",
  rescheduled: "Omplanerad",
};
/** Visits still to be made (issue 23: what planning shows); completed and cancelled ones are not. */
export const ACTIVE_BOOKING_STATUSES = ["planned", "confirmed", "rescheduled", "in_progress"] as const satisfies readonly BookingStatus[];

export const PROTOCOL_STATUSES = ["draft", "technician-signed", "fully-signed"] as const;
export type ProtocolStatus = (typeof PROTOCOL_STATUSES)[number];
export const PROTOCOL_STATUS_LABELS: Record<ProtocolStatus, string> = {
  draft: "Utkast",
  "technician-signed": "Väntar på kundsignatur",
  "fully-signed": "Fullständigt signerat",
};
/** The same statuses in lists (rules §4: 'Väntar på kund', 'Slutförd'). */
export const PROTOCOL_STATUS_SHORT_LABELS: Record<ProtocolStatus, string> = {
  draft: "Utkast",
  "technician-signed": "Väntar på kund",
  "fully-signed": "Slutförd",
};

export const IMAGE_UPLOADERS = ["admin", "customer", "technician"] as const;

export const SERVICE_HISTORY_TYPES = ["maintenance", "repair", "installation", "inspection", "warranty", "other"] as const;
export const SERVICE_HISTORY_STATUSES = ["completed", "in_progress", "cancelled"] as const;

export const INSTALLATION_TYPES = ["luftvarmepump", "luft-vatten", "bergvarmepump", "franluft", "varmepumpsberedare"] as const;
export type InstallationType = (typeof INSTALLATION_TYPES)[number];
/** The protocol's installation types as the form, the protocol pages and the PDF show them. */
export const INSTALLATION_TYPE_LABELS: Record<InstallationType, string> = {
  luftvarmepump: "Luftvärmepump",
  "luft-vatten": "Luft/vatten",
  bergvarmepump: "Bergvärmepump",
  franluft: "Frånluft",
  varmepumpsberedare: "Värmepumpsberedare",
};
/** A stored installation type's label; an unknown value as it is. */
export const installationTypeLabel = (type: string): string => INSTALLATION_TYPE_LABELS[type as InstallationType] ?? type;
export const REFRIGERANT_TYPES = ["R32", "R290", "R410A"] as const;

export const PRODUCT_TYPES_TECHNICIAN = {
  air_to_air: "Luft/luft",
  air_to_water: "Luft/vatten",
  ground_source: "Bergvärme",
  exhaust_air: "Frånluft",
  air_water_tank: "Varmvattenberedare",
} as const;
export const PRODUCT_TYPES_ADMIN = ["värmepump", "luftvärmepump", "bergvärmepump", "vattenvärmepump"] as const;

export const TIME_OF_DAY_LABELS = { morning: "Förmiddag", afternoon: "Eftermiddag", evening: "Kväll" } as const;

// rules §9 terms and company facts, used by policy pages, footer and e-mails.
export const COMPANY = {
  name: "Värmepumpsservice i Sverige AB",
  shortName: "Värmepumpsservice",
  orgNumber: "559123-4567",
  phone: "08-123 456 70",
  email: "info@varmepumpsservice.se",
  address: "Industrivägen 12",
  postalCode: "171 48",
  city: "Solna",
  openingHours: "Måndag–fredag 08:00–17:00, helger stängt",
} as const;

export const TERMS = {
  cancellationHours: 24,
  lateCancellationFeePercent: 50,
  invoiceDays: 30,
  workWarrantyMonths: 12,
  complaintDays: 14,
  termsChangeNoticeDays: 30,
  bookingDraftCookieDays: 30,
  analyticsCookieYears: 2,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
