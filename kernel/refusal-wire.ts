/**
 * How the storefront's own browser asks the BFF for a refusal it expects (a wrong coupon, a wrong password, a
 * declined card) without a 'Failed to load resource' line in the console. Chromium logs every fetch answered 400 or
 * more, whatever the page does with it; so the browser's requests that change something send `ASK_HEADER`, and the
 * BFF answers a 4xx refusal with 200, the same `{ error, errors?, code? }` body, `no-store`, and the real status in
 * `STATUS_HEADER`. The browser's client turns that back into the same `ApiError`. Anything else (curl, a test, the
 * Spree API itself) gets the real status; a 5xx is never moved into the body, so real failures still show.
 * Decision record 0017.
 */
export const REFUSAL_ASK_HEADER = 'x-refusal-in-body'
export const REFUSAL_STATUS_HEADER = 'x-refused-status'
