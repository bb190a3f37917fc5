import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'

/** Collects `Server-Timing` entries for one request (durations in ms, or a bare description such as a cache state). */
export class ServerTiming {
  #entries: Array<string | (() => string)> = []
  #start = performance.now()

  /** Times `fn` and records it as `name;dur=…`. */
  async measure<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const start = performance.now()
    try {
      return await fn()
    } finally {
      this.add(name, performance.now() - start)
    }
  }

  add(name: string, durationMs?: number, description?: string) {
    let entry = name.replace(/[^A-Za-z0-9_-]/g, '_')
    if (description) entry += `;desc="${description.replace(/["\\]/g, '')}"`
    if (durationMs !== undefined) entry += `;dur=${durationMs.toFixed(1)}`
    this.#entries.push(entry)
  }

  /** An entry written as given, worked out when the header is (a count that grows during the request). */
  addRaw(entry: () => string) {
    this.#entries.push(entry)
  }

  header() {
    const entries = this.#entries.map((entry) => (typeof entry === 'string' ? entry : entry()))
    return [...entries, `total;dur=${(performance.now() - this.#start).toFixed(1)}`].join(', ')
  }
}

/** Gives every request an id (echoed as `X-Request-Id`) and a `Server-Timing` header. */
export const requestId = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const id = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID()
    const timing = new ServerTiming()
    c.set('requestId', id)
    c.set('timing', timing)
    await next()
    c.res.headers.set('X-Request-Id', id)
    c.res.headers.set('Server-Timing', timing.header())
  })
