/** The message the OAuth popup posts to the window that opened it (same origin only). */
export const GOOGLE_RESULT_MESSAGE = "vps-google-calendar";
export type GoogleResult = "connected" | "failed";

export const isGoogleResult = (value: string | null): value is GoogleResult => value === "connected" || value === "failed";
