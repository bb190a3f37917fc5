import { addDays, storeDayOf } from '#kernel/store-clock.ts'

/** How many store days of search analytics are kept (today included); older days are deleted (docs/operations.md). */
export const SEARCH_STATS_KEEP_DAYS = 90

/** The first store day still kept on `now`'s day. */
export const firstKeptDay = (now: Date) => addDays(storeDayOf(now), -(SEARCH_STATS_KEEP_DAYS - 1))

/** Deletes the days past the retention (the scheduled run, every 5 minutes: a range delete on the key, usually of nothing). */
export async function purgeOldSearchStats(db: D1Database, now: Date): Promise<number> {
  const result = await db.prepare('DELETE FROM search_queries WHERE day < ?').bind(firstKeptDay(now)).run()
  return result.meta.changes ?? 0
}
