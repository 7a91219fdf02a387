import { data } from "react-router";

/** A percent sign not followed by two hex digits, or bytes that are no UTF-8: no page can have such an address. */
export function isMalformed(pathname: string): boolean {
  try {
    // The result is used: a bare call, having no visible effect, is dropped by the minifier.
    return decodeURIComponent(pathname) === undefined;
  } catch {
    return true;
  }
}

/** Said by the error boundary's data: the address could not be read (400), rather than found nowhere. */
export const BAD_ADDRESS = "bad-address";

/** What a loader throws for an address no record has: 404, or 400 when the address cannot even be read. */
export function notFoundAt(pathname: string, message: string) {
  return isMalformed(pathname) ? data(BAD_ADDRESS, { status: 400 }) : data(message, { status: 404 });
}

export const isBadAddressError = (error: unknown) =>
  typeof error === "object" &&
  error !== null &&
  (error as { status?: unknown; data?: unknown }).status === 400 &&
  (error as { data?: unknown }).data === BAD_ADDRESS;
