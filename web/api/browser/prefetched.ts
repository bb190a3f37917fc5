import { PREFETCH_DATA_TTL_MS } from '#kernel/config.ts'

/**
 * GET answers fetched ahead of a navigation (web/state/session/prefetch.ts), each used once by the same GET
 * within PREFETCH_DATA_TTL_MS, so a click on a prefetched link does not wait for its data again.
 */
const stored = new Map<string, { at: number; answer: Promise<unknown> }>()
let recording = false

/** Runs `start` (a loader, called for its requests only) so that the GETs it sends synchronously are kept. */
export function keepGets(start: () => void) {
  recording = true
  try {
    start()
  } finally {
    recording = false
  }
}

export function isKeeping() {
  return recording
}

export function keep(path: string, answer: Promise<unknown>) {
  // a failed prefetch is simply not used: the navigation asks again and sees the error itself
  stored.set(path, { at: Date.now(), answer: answer.catch(() => undefined) })
}

/** The kept answer for `path` (once), or undefined. */
export function takeKept(path: string): Promise<unknown> | undefined {
  const hit = stored.get(path)
  stored.delete(path)
  return hit && Date.now() - hit.at < PREFETCH_DATA_TTL_MS ? hit.answer : undefined
}
