/** A domain error with a Swedish message for the user and the HTTP status to answer with. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
    /** For a 429: when the client may try again (the Retry-After header). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (message: string) => new AppError("NOT_FOUND", 404, message);
export const badRequest = (message: string) => new AppError("BAD_REQUEST", 400, message);
export const unprocessable = (message: string) => new AppError("UNPROCESSABLE", 422, message);
export const conflict = (message: string) => new AppError("CONFLICT", 409, message);
export const unauthorized = (message: string) => new AppError("UNAUTHORIZED", 401, message);
export const forbidden = (message: string) => new AppError("FORBIDDEN", 403, message);
export const tooManyRequests = (code: string, message: string, retryAfterSeconds: number) => new AppError(code, 429, message, retryAfterSeconds);
