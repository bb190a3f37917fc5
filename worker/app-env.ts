import type { Env } from './env.ts'
import type { SessionState } from './middleware/session.ts'
import type { Currency, Locale } from '#kernel/models.ts'
import type { ServerTiming } from './middleware/request-id.ts'

/** Hono's typing for the app: bindings plus what middleware puts on the context. */
export interface AppEnv {
  Bindings: Env
  Variables: {
    requestId: string
    timing: ServerTiming
    nonce: string
    locale: Locale
    currency: Currency
    country: string
    session: SessionState
  }
}
