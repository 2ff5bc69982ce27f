import { ApiError } from "@/client/lib/api-error";
import { bookingText } from "../text";

/**
 * rules §8 availability console message: 'could not check availability' when the server answered
 * with an error, 'error when checking availability' when it could not be reached at all.
 */
export function availabilityErrorMessage(error: unknown): string {
  return error instanceof ApiError ? bookingText.availabilityConsole.couldNotCheck : bookingText.availabilityConsole.errorChecking;
}
