import type { Locale } from '#kernel/models.ts'

/**
 * D1's errors that pass by themselves, so the request may simply be sent again: Cloudflare's list of D1_ERRORs whose
 * recommended action is 'retry' (the Durable Object behind the database reset, restarted, overloaded, or the
 * connection to it lost), and SQLite's own 'database is locked' (SQLITE_BUSY), which is what a local D1 (workerd)
 * raises while another process holds the file's write lock. Any other error is a bug and stays a 500.
 */
const TRANSIENT = [
  /SQLITE_BUSY/,
  /database is locked/i,
  /Network connection lost/i,
  /object to be reset/i,
  /reset because its code was updated/i,
  /exceeded its (memory|CPU time) limit and was reset/i,
  /D1 DB is overloaded/i,
  /Too many requests queued/i,
]

/** Seconds a client should wait before sending the request again (a lock or a restart lasts a moment). */
export const RETRY_AFTER_SECONDS = 2

/** Whether the error (or what caused it: D1 wraps SQLite's error as `cause`) is one of D1's passing faults. */
export function isTransientFault(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (TRANSIENT.some((pattern) => pattern.test(e.message))) return true
  }
  return false
}

/** The sentence for a shopper whose request met such a fault, in their language, with when to try again (API, BFF, pages). */
export function busyMessage(locale: Locale, seconds = RETRY_AFTER_SECONDS): string {
  return locale === 'de'
    ? `Unser Shopsystem war kurz ausgelastet und konnte nicht antworten. Bitte versuchen Sie es in ${seconds === 1 ? '1 Sekunde' : `${seconds} Sekunden`} erneut.`
    : `Our shop system was busy for a moment and could not answer. Please try again in ${seconds === 1 ? '1 second' : `${seconds} seconds`}.`
}
