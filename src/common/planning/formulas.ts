// The planning and statistics figures of rules §9, one definition each for the screens and the server.

/** Route optimisation: an estimated half hour of driving per city, rounded up to whole hours. */
export const estimatedDrivingHours = (cityCount: number) => Math.ceil(cityCount * 0.5);

/** More visits than this in one city: split them between two technicians. */
export const SPLIT_ABOVE_VISITS = 3;
export const suggestsSplit = (visitsInCity: number) => visitsInCity > SPLIT_ABOVE_VISITS;

/** Technician planning: visits per technician, rounded; 0 without technicians. */
export const averageVisitsPerTechnician = (visits: number, technicians: number) => (technicians > 0 ? Math.round(visits / technicians) : 0);

/** Statistics: completed of all bookings, in whole per cent; 0 of none. */
export const completionRate = (completed: number, total: number) => (total > 0 ? Math.round((completed / total) * 100) : 0);

/** Statistics: visits per customer to one decimal; 0 without customers. */
export const visitsPerCustomer = (visits: number, customers: number) => (customers > 0 ? Math.round((visits / customers) * 10) / 10 : 0);
