import { RefundRefused } from '#worker/backend/refunds/refused.ts'

/**
 * An operator's action the console refuses, with the sentence it shows (422 or 409). Its own module: every console
 * action module throws it, and the order actions import the refund claims, which throw it too.
 */
export class ActionRefused extends Error {}

/**
 * `work` (a batch), refused with `message` when a UNIQUE key stops it: another operator or tab did the same thing a
 * moment before (the same SKU or coupon code, a second 'Ship', a second refund of a line).
 */
export async function unlessTaken<T>(work: Promise<T>, message: string): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (String(error).includes('UNIQUE')) throw new ActionRefused(message)
    throw error
  }
}

/** `work` (the backend's refund module), its refusal shown as the console's own. */
export async function refusedAs<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof RefundRefused) throw new ActionRefused(error.message)
    throw error
  }
}
