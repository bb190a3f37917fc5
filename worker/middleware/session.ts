import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '#worker/app-env.ts'
import { fromBase64Url, toBase64Url } from '#worker/lib/crypto.ts'
import { AUTH_MAX_AGE, CART_TOKEN_MAX_AGE, COOKIE, clearCookie, readCookie, setSecretCookie } from './cookies.ts'

/** The OAuth token response as stored in the bearer cookie (spec §3: created_at and expires_in in seconds). */
export interface AuthToken {
  access_token: string
  refresh_token?: string
  token_type: string
  created_at: number
  expires_in: number
}

/** Whether a bearer token is still valid now (the account guard of spec §5). */
export function isTokenValid(token: AuthToken | null, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return token !== null && nowSeconds < token.created_at + token.expires_in
}

/**
 * The shopper's session for one request: the bearer token and the cart token, read from their HttpOnly cookies.
 * Commerce code changes them through the setters; the middleware writes the cookies onto the response.
 */
export class SessionState {
  #auth: AuthToken | null
  #cartToken: string | null
  #authChanged = false
  #cartChanged = false

  constructor(auth: AuthToken | null, cartToken: string | null) {
    this.#auth = auth
    this.#cartToken = cartToken
  }

  get auth() {
    return this.#auth
  }
  get cartToken() {
    return this.#cartToken
  }
  get isAuthenticated() {
    return isTokenValid(this.#auth)
  }
  /** The bearer token to send, if it is still valid. */
  get bearer() {
    return this.isAuthenticated ? this.#auth!.access_token : null
  }

  setAuth(token: AuthToken | null) {
    this.#auth = token
    this.#authChanged = true
  }
  setCartToken(token: string | null) {
    this.#cartToken = token
    this.#cartChanged = true
  }

  /** Returns a function that puts the cart token (and whether it changed) back as it is now. */
  cartCheckpoint(): () => void {
    const token = this.#cartToken
    const changed = this.#cartChanged
    return () => {
      this.#cartToken = token
      this.#cartChanged = changed
    }
  }

  get changes() {
    return { auth: this.#authChanged, cart: this.#cartChanged }
  }
}

export function parseAuthCookie(value: string | undefined): AuthToken | null {
  if (!value) return null
  try {
    const json = JSON.parse(new TextDecoder().decode(fromBase64Url(value)))
    if (typeof json?.access_token !== 'string' || typeof json.created_at !== 'number' || typeof json.expires_in !== 'number') {
      return null
    }
    return json as AuthToken
  } catch {
    return null
  }
}

export function serializeAuthCookie(token: AuthToken): string {
  return toBase64Url(new TextEncoder().encode(JSON.stringify(token)))
}

const CART_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

/** Reads the session cookies; after the handler, writes back whatever commerce code changed. */
export const session = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const cartCookie = readCookie(c, COOKIE.cartToken)
    const state = new SessionState(
      parseAuthCookie(readCookie(c, COOKIE.auth)),
      cartCookie && CART_TOKEN_PATTERN.test(cartCookie) ? cartCookie : null,
    )
    c.set('session', state)
    await next()
    const { auth, cart } = state.changes
    // An answer that sets a session cookie belongs to one shopper, whatever the handler said about caching.
    if (auth || cart) c.header('Cache-Control', 'private, no-store')
    if (auth) {
      if (state.auth) setSecretCookie(c, COOKIE.auth, serializeAuthCookie(state.auth), AUTH_MAX_AGE)
      else clearCookie(c, COOKIE.auth)
    }
    if (cart) {
      if (state.cartToken) setSecretCookie(c, COOKIE.cartToken, state.cartToken, CART_TOKEN_MAX_AGE)
      else clearCookie(c, COOKIE.cartToken)
    }
  })
