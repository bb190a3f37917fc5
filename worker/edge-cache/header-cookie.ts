import type { Context } from 'hono'
import type { AppEnv } from '#worker/app-env.ts'
import { DEVELOPMENT_HEADER_SECRET, type Env } from '#worker/env.ts'
import { commerceContext } from '#worker/commerce/for-request.ts'
import { fromBase64Url, nowSeconds, toBase64Url } from '#worker/lib/crypto.ts'
import { readCookie } from '#worker/middleware/cookies.ts'
import type { SessionState } from '#worker/middleware/session.ts'
import { ANONYMOUS, type PersonalState } from '#web/state/session/personal-state.ts'
import { personalStateOf, UNKNOWN } from './personal-header.ts'

/**
 * The header's personal bits (personal-state.ts) in a signed, short-lived cookie, so a page view of a shopper who
 * changed nothing costs no database read (docs/decisions/0063-header-state-in-a-signed-cookie.md). It is only a
 * hint for the header: money, stock and checkout never read it.
 *
 * Value: `<payload>.<mac>`, both base64url; the payload is `{e: expiry (s), a: member 1/0, n: first name, c: cart
 * count, w: wished variant ids}`. The MAC is HMAC-SHA256 over the payload AND the shopper's bearer and cart token,
 * which the cookie does not carry: copied into another shopper's browser (other tokens) it does not verify.
 */

export const HEADER_COOKIE = 'header_state'
/** Short: a change made elsewhere (another device, the console) shows within this bound. */
export const HEADER_COOKIE_MAX_AGE = 10 * 60
/** A state that would make the cookie large (a long wishlist) is not issued: that shopper keeps the database read. */
const MAX_WISHED = 60
const MAX_NAME = 60

type Secrets = Pick<Env, 'ENVIRONMENT' | 'HEADER_STATE_SECRET' | 'HEADER_STATE_SECRET_PREVIOUS'>

const encoder = new TextEncoder()
const keys = new Map<string, Promise<CryptoKey>>()

function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret)
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
    if (keys.size > 8) keys.clear()
    keys.set(secret, key)
  }
  return key
}

/** The signing secret, then the previous one (still believed during a rotation, never used to sign). */
function secretsOf(env: Secrets): string[] {
  const dev = env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test'
  const current = env.HEADER_STATE_SECRET || (dev ? DEVELOPMENT_HEADER_SECRET : '')
  return current ? [current, ...(env.HEADER_STATE_SECRET_PREVIOUS ? [env.HEADER_STATE_SECRET_PREVIOUS] : [])] : []
}

/** What is signed: the payload and the tokens it belongs to (a JSON array, so no value can shift into another). */
const signed = (payload: string, session: SessionState) => encoder.encode(JSON.stringify([payload, session.bearer ?? '', session.cartToken ?? '']))

/** The cookie's value for `state` of this session, or null when it is not worth issuing (no secret, too large). */
export async function signHeaderState(env: Secrets, session: SessionState, state: PersonalState, now = nowSeconds()): Promise<string | null> {
  const [secret] = secretsOf(env)
  if (!secret || state.wished.length > MAX_WISHED || (state.firstName?.length ?? 0) > MAX_NAME) return null
  const body = { e: now + HEADER_COOKIE_MAX_AGE, a: state.authenticated ? 1 : 0, n: state.firstName, c: state.cartCount, w: state.wished }
  const payload = toBase64Url(encoder.encode(JSON.stringify(body)))
  const mac = await crypto.subtle.sign('HMAC', await keyOf(secret), signed(payload, session))
  return `${payload}.${toBase64Url(new Uint8Array(mac))}`
}

/**
 * The state in `value` when it was signed by this store (current or previous secret) for this very session and has
 * not expired; else null, and the caller reads the database. `crypto.subtle.verify` compares in constant time.
 */
export async function verifyHeaderState(env: Secrets, session: SessionState, value: string | undefined, now = nowSeconds()): Promise<PersonalState | null> {
  const match = value ? /^([\w-]{1,3000})\.([\w-]{43})$/.exec(value) : null
  if (!match) return null
  const [, payload, macText] = match as unknown as [string, string, string]
  let mac: Uint8Array<ArrayBuffer>
  try {
    mac = fromBase64Url(macText)
  } catch {
    return null
  }
  const data = signed(payload, session)
  let believed = false
  for (const secret of secretsOf(env)) {
    if (await crypto.subtle.verify('HMAC', await keyOf(secret), mac, data)) {
      believed = true
      break
    }
  }
  if (!believed) return null
  try {
    const body = JSON.parse(new TextDecoder().decode(fromBase64Url(payload))) as { e: number; a: number; n: string | null; c: number; w: string[] }
    if (!(typeof body.e === 'number' && body.e > now && Number.isInteger(body.c) && body.c >= 0 && Array.isArray(body.w))) return null
    return { authenticated: body.a === 1, firstName: typeof body.n === 'string' ? body.n : null, cartCount: body.c, wished: body.w.filter((id) => typeof id === 'string') }
  } catch {
    return null
  }
}

/** The shopper's header state and the `Set-Cookie` line that goes with the answer (null: the cookie stays as it is). */
export interface Personal {
  state: PersonalState
  setCookie: string | null
}

const cookieLine = (value: string, maxAge: number) => `${HEADER_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; Secure; SameSite=Lax`
const CLEAR = cookieLine('', 0)

/**
 * A page view: the state the cookie holds when this store signed it for this session and it has not expired (no
 * database read); else the lookup (personal-header.ts), and a new cookie. A visitor without a session is anonymous.
 */
export async function personalStateFor(c: Context<AppEnv>): Promise<Personal> {
  const { session } = c.var
  const held = readCookie(c, HEADER_COOKIE)
  if (!session.auth && !session.cartToken) return { state: ANONYMOUS, setCookie: held ? CLEAR : null }
  const believed = await verifyHeaderState(c.env, session, held)
  return believed ? { state: believed, setCookie: null } : freshPersonalState(c)
}

/** The state read from the database, signed for the session as it is now (after a change, in the same answer). */
export async function freshPersonalState(c: Context<AppEnv>): Promise<Personal> {
  const { session } = c.var
  const held = readCookie(c, HEADER_COOKIE) !== undefined
  if (!session.auth && !session.cartToken) return { state: ANONYMOUS, setCookie: held ? CLEAR : null }
  const state = await personalStateOf(commerceContext(c))
  // a failed lookup is not signed: the next page asks again
  const value = state === UNKNOWN ? null : await signHeaderState(c.env, session, state)
  return { state, setCookie: value ? cookieLine(value, HEADER_COOKIE_MAX_AGE) : held ? CLEAR : null }
}
