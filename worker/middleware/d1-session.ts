import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'
import { COOKIE, clearCookie, readCookie, setSecretCookie } from './cookies.ts'

/**
 * D1 read replication (issue 11 point 3; docs/caching.md). Every request reads through one D1 session, so its reads
 * may go to the nearest replica and are still in order. A request that changed something leaves the session's
 * bookmark in a cookie; the shopper's next request starts its session from that bookmark, so whichever replica
 * answers is at least as new as their own last write (their cart, order, profile). Without replication switched on
 * D1 answers everything from the primary and the bookmark costs nothing.
 */

/** A bookmark is only needed until replicas have caught up (seconds); an hour is generous. */
export const BOOKMARK_MAX_AGE = 60 * 60
const BOOKMARK_PATTERN = /^[\w.:+/=-]{1,256}$/

/** The D1 binding, read and written through `session` (the embedded backend uses only prepare and batch). */
function sessionDatabase(db: D1Database, session: D1DatabaseSession): D1Database {
  return {
    prepare: (query: string) => session.prepare(query),
    batch: (statements: D1PreparedStatement[]) => session.batch(statements),
    // outside the session, on the primary: migrations and operator scripts
    exec: (query: string) => db.exec(query),
    withSession: (constraint?: string) => db.withSession(constraint),
    dump: () => db.dump(),
  } as D1Database
}

export const d1Session = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const db = c.env.DB
    if (typeof db?.withSession !== 'function') return next()
    const cookie = readCookie(c, COOKIE.d1Bookmark)
    const incoming = cookie && BOOKMARK_PATTERN.test(cookie) ? cookie : undefined
    // Without a bookmark of their own, any replica will do; a shopper who just wrote reads at least their write.
    const session = db.withSession(incoming ?? 'first-unconstrained')
    c.env = { ...c.env, DB: sessionDatabase(db, session) }
    await next()
    const wrote = !['GET', 'HEAD', 'OPTIONS'].includes(c.req.method)
    const sessionChanged = c.var.session?.changes.auth || c.var.session?.changes.cart
    if (!wrote && !sessionChanged) return
    const bookmark = session.getBookmark()
    if (bookmark && BOOKMARK_PATTERN.test(bookmark)) {
      if (bookmark !== incoming) setSecretCookie(c, COOKIE.d1Bookmark, bookmark, BOOKMARK_MAX_AGE)
    } else if (incoming) {
      clearCookie(c, COOKIE.d1Bookmark)
    }
  })
