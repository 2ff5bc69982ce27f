import { bookingLinkPath } from "./get-booking-link";

/**
 * GET /api/booking-links/:token/refrigerant-report/:year.pdf: the customer's yearly refrigerant
 * report (issue 26) for a year the link's answer offers. A plain link downloads it: no fetch, the
 * browser saves the PDF (404 when the link no longer works).
 */
export const refrigerantReportPath = (token: string, year: number) => `${bookingLinkPath(token)}/refrigerant-report/${year}.pdf`;
