import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'

/**
 * Counts the D1 round trips of one request: each `first`/`all`/`run`/`raw` of a prepared statement, each `batch`
 * and each `exec` is one trip to the database (in production, to the primary or a replica across the network). The
 * count is what makes a page slow far from the database, so it is reported in `Server-Timing` as `d1;desc=<n>`
 * (docs/performance-d1.md).
 */
export class D1RoundTrips {
  count = 0
  /** Rows the database read for the answered statements (`meta.rows_read`): what D1 bills, and what a query costs
   * whatever the machine's load (bench/search-scale.mjs reports it per search). */
  rowsRead = 0
}

/** Adds a result's (or a batch's results') `meta.rows_read` to the tally, passing the result on unchanged. */
function tallyRows<T>(trips: D1RoundTrips, result: T): T {
  for (const r of Array.isArray(result) ? result : [result]) trips.rowsRead += Number((r as D1Result | undefined)?.meta?.rows_read ?? 0) || 0
  return result
}

type Session = Pick<D1DatabaseSession, 'prepare' | 'batch'> & Partial<Pick<D1DatabaseSession, 'getBookmark'>>

const inner = new WeakMap<object, D1PreparedStatement>()

function countedStatement(statement: D1PreparedStatement, trips: D1RoundTrips): D1PreparedStatement {
  const wrapped = {
    bind: (...values: unknown[]) => countedStatement(statement.bind(...values), trips),
    first: (column?: string) => {
      trips.count++
      return column === undefined ? statement.first() : statement.first(column)
    },
    all: () => {
      trips.count++
      return statement.all().then((result) => tallyRows(trips, result))
    },
    run: () => {
      trips.count++
      return statement.run().then((result) => tallyRows(trips, result))
    },
    raw: (options?: { columnNames?: boolean }) => {
      trips.count++
      return statement.raw(options as { columnNames?: false })
    },
  } as unknown as D1PreparedStatement
  inner.set(wrapped, statement)
  return wrapped
}

/** The statements as the real database knows them (a batch must be given its own statements). */
const unwrap = (statements: D1PreparedStatement[]) => statements.map((s) => inner.get(s) ?? s)

function countedSession<S extends Session>(session: S, trips: D1RoundTrips): S {
  return {
    ...session,
    prepare: (query: string) => countedStatement(session.prepare(query), trips),
    batch: <T>(statements: D1PreparedStatement[]) => {
      trips.count++
      return session.batch<T>(unwrap(statements)).then((results) => tallyRows(trips, results))
    },
    ...(session.getBookmark ? { getBookmark: () => session.getBookmark!() } : {}),
  }
}

/** `db`, counting its round trips into `trips`; sessions made from it (D1 read replication) count too. */
export function countRoundTrips(db: D1Database, trips: D1RoundTrips): D1Database {
  return {
    ...countedSession(db, trips),
    exec: (query: string) => {
      trips.count++
      return db.exec(query)
    },
    withSession: (constraintOrBookmark?: string) => countedSession(db.withSession(constraintOrBookmark), trips),
    dump: () => db.dump(),
  } as D1Database
}

/**
 * The Server-Timing entries perf tooling parses: `d1;desc=<round trips>` (a bare count, no duration), then
 * `d1-rows;desc=<rows read>` (the rows of statements read with `all`/`run`/`batch`; `first` and `raw` do not report them).
 */
export const d1TimingEntry = (trips: D1RoundTrips) => `d1;desc=${trips.count}, d1-rows;desc=${trips.rowsRead}`

/**
 * Puts a counting DB in this request's env, so every layer below (SSR loaders → commerce client → embedded backend)
 * counts into the same tally, and reports it with the other Server-Timing entries.
 */
export const d1RoundTrips = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.env.DB) return next()
    const trips = new D1RoundTrips()
    c.env = { ...c.env, DB: countRoundTrips(c.env.DB, trips) }
    c.var.timing.addRaw(() => d1TimingEntry(trips))
    await next()
  })
