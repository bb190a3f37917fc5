/**
 * A D1 binding that fails the way D1 does during a passing fault, for tests that cannot hold a real lock inside
 * workerd (tests/e2e/d1-lock.test.ts holds a real one on the file). It wraps the test's real D1: every statement
 * still runs there, unless `fault` says this call fails, in which case it throws D1's own error.
 */
/** One call to D1: a batch's `sql` is its statements' SQL joined. */
export type D1Call = { kind: 'batch' | 'run' | 'first' | 'all' | 'raw'; sql: string }

/** What a local D1 throws while another process holds the write lock (seen from workerd). */
export const LOCKED = 'D1_ERROR: NOSENTRY database is locked: SQLITE_BUSY'

export function faultyD1(db: D1Database, fault: (call: D1Call) => string | null): D1Database {
  const real = new WeakMap<object, { statement: D1PreparedStatement; sql: string }>()
  const fail = (call: D1Call) => {
    const message = fault(call)
    if (message) throw new Error(message, { cause: new Error(message.replace(/^D1_ERROR: /, '')) })
  }
  const wrap = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, key) {
        if (key === 'bind') return (...values: unknown[]) => wrap(target.bind(...values), sql)
        if (key === 'first' || key === 'all' || key === 'run' || key === 'raw') {
          return async (...args: unknown[]) => {
            fail({ kind: key, sql })
            return (target[key] as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        const value = Reflect.get(target, key)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    real.set(proxy, { statement, sql })
    return proxy
  }
  return new Proxy(db, {
    get(target, key) {
      if (key === 'prepare') return (sql: string) => wrap(target.prepare(sql), sql)
      if (key === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          fail({ kind: 'batch', sql: statements.map((s) => real.get(s)?.sql ?? '').join(';\n') })
          return target.batch(statements.map((s) => real.get(s)?.statement ?? s))
        }
      }
      // the request's D1 session (worker/middleware/d1-session.ts) fails the same way; its bookmark is the real one
      if (key === 'withSession') return (constraint?: string) => faultyD1(target.withSession(constraint) as unknown as D1Database, fault)
      const value = Reflect.get(target, key)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
