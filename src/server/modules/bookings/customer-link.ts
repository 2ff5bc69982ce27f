import { randomBytes } from "node:crypto";
import { addDays } from "@/common/booking-rules";

// The customer's personal link to their booking (rules D9), the same wherever it is made.

/** 256 random bits: nobody finds a booking by guessing. */
export const newLinkToken = () => randomBytes(32).toString("base64url");

/** The page /booking/shared/{token} on the public site. */
export const customerLinkUrl = (publicUrl: string, token: string) => `${publicUrl}/booking/shared/${token}`;

/** The visit's .ics file behind the link. */
export const customerCalendarPath = (token: string) => `/api/booking-links/${token}/calendar.ics`;

/** Links stay valid for 30 days after the visit. */
const LINK_VALID_DAYS_AFTER_VISIT = 30;
export const linkExpiry = (visitDate: string) => new Date(`${addDays(visitDate, LINK_VALID_DAYS_AFTER_VISIT)}T23:59:59Z`);
