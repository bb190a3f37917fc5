import type { Context } from 'hono'
import type { Env } from '#worker/env.ts'
import { captchaEnabled, checkCaptcha } from '#worker/lib/captcha.ts'
import { BackendError } from '../shared/errors.ts'
import { nowSeconds } from '../../lib/crypto.ts'
import { signForPurpose } from './passwords.ts'
import { clientIp, rateLimit, tooMany } from './rate-limit.ts'

/**
 * Password guessing against one account (OWASP ASVS V2: no lockout an attacker can cause; docs/decisions/0007).
 * Only wrong passwords count, per account (the email tried), in a window that ends ACCOUNT_FAILURES.seconds after the
 * last one. From an address the account logged in from within KNOWN_DAYS nothing of it applies; from any other, after
 * `free` failures each guess must wait twice as long as the one before, and after `captchaAfter` failures it needs a
 * solved captcha too (where one is configured and the form can show it). The per-address limits (rate-limit.ts,
 * action `login`) apply to every attempt, known address or not.
 */
export const ACCOUNT_FAILURES = { free: 5, captchaAfter: 10, seconds: 900 } as const
/** The longest wait: with a captcha to solve a guess costs a person anyway; without one the doubling goes on to 15 minutes. */
const MAX_WAIT = { withCaptcha: 60, withoutCaptcha: 900 }
export const KNOWN_DAYS = 90

const failuresKey = (email: string) => `login:failures:${email.trim().toLowerCase()}`

type LoginContext = Context<{ Bindings: Env }>

/** The seconds a guess from an unknown address waits after `failures` wrong passwords, the last at `lastAt`. */
export function backOff(failures: number, captcha: boolean): number {
  if (failures < ACCOUNT_FAILURES.free) return 0
  return Math.min(2 ** (failures - ACCOUNT_FAILURES.free), captcha ? MAX_WAIT.withCaptcha : MAX_WAIT.withoutCaptcha)
}

const addressHash = (env: Env, userId: number, ip: string) => signForPurpose(env, 'login-address', `${userId}:${ip}`)

/**
 * Lets a password attempt for `email` through or throws: the per-address limits (429), then, from an unknown address,
 * the account's back-off (429 with Retry-After) and captcha (422 naming `captcha_token`). `captcha` is false for a form
 * that cannot show one (the console's log-in): the back-off alone applies there. Call before PBKDF2.
 */
export async function loginGate(c: LoginContext, email: string, { captchaToken, captcha = true }: { captchaToken?: string; captcha?: boolean } = {}): Promise<void> {
  await rateLimit(c, 'login', { account: email })
  const db = c.env.DB
  const now = nowSeconds()
  const row = await db.prepare('SELECT count, expires_at FROM rate_limits WHERE key = ? AND expires_at > ?').bind(failuresKey(email), now).first<{ count: number; expires_at: number }>()
  if (!row || row.count < ACCOUNT_FAILURES.free) return
  if (await isKnownAddress(c, email, now)) return
  const withCaptcha = captcha && captchaEnabled(c.env)
  const waitUntil = row.expires_at - ACCOUNT_FAILURES.seconds + backOff(row.count, withCaptcha)
  if (waitUntil > now) throw tooMany(waitUntil - now)
  if (!withCaptcha || row.count < ACCOUNT_FAILURES.captchaAfter) return
  const answer = captchaToken ? await checkCaptcha(c.env, captchaToken, clientIp(c)) : 'failed'
  if (answer === 'passed') return
  if (answer === 'unavailable') throw new BackendError(503, 'We cannot check that you are not a robot just now. Please try again in a minute.', undefined, undefined, 'captcha_unavailable')
  throw new BackendError(422, 'Several wrong passwords were tried for this account. Please confirm you are not a robot, then log in again.', {
    captcha_token: [captchaToken ? 'is invalid' : 'is required'],
  }, undefined, captchaToken ? 'captcha_invalid' : 'captcha_required')
}

async function isKnownAddress(c: LoginContext, email: string, now: number): Promise<boolean> {
  const user = await c.env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email.trim().toLowerCase()).first<{ id: number }>()
  if (!user) return false
  const ip = clientIp(c)
  if (ip === 'unknown') return false
  const known = await c.env.DB.prepare('SELECT 1 FROM login_addresses WHERE user_id = ? AND address_hash = ? AND last_login_at > ?')
    .bind(user.id, await addressHash(c.env, user.id, ip), now - KNOWN_DAYS * 86_400)
    .first()
  return known !== null
}

/** One more failure under `key`; its window runs on for `seconds` from now. */
async function countFailure(db: D1Database, key: string, seconds: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO rate_limits (key, count, expires_at) VALUES (?1, 1, ?2 + ?3)
       ON CONFLICT (key) DO UPDATE SET count = CASE WHEN expires_at > ?2 THEN count + 1 ELSE 1 END, expires_at = ?2 + ?3`,
    )
    .bind(key, nowSeconds(), seconds)
    .run()
}

/** A wrong password for `email` at a log-in: counts against the account. */
export const recordLoginFailure = (db: D1Database, email: string) => countFailure(db, failuresKey(email), ACCOUNT_FAILURES.seconds)

/**
 * The current password asked of a logged-in customer (password or email change, account deletion): their session is
 * proof enough that strangers' guesses must not slow them, so the account's back-off does not apply; a stolen session
 * gets SESSION_FAILURES wrong tries per account and window, besides the per-address limits.
 */
export const SESSION_FAILURES = { limit: 10, seconds: 900 } as const
const sessionKey = (userId: number) => `password-check:user:${userId}`

export async function sessionPasswordGate(c: LoginContext, user: { id: number; email: string }): Promise<void> {
  await rateLimit(c, 'login', { account: user.email })
  const now = nowSeconds()
  const row = await c.env.DB.prepare('SELECT count, expires_at FROM rate_limits WHERE key = ? AND expires_at > ?').bind(sessionKey(user.id), now).first<{ count: number; expires_at: number }>()
  if (row && row.count >= SESSION_FAILURES.limit) throw tooMany(Math.max(row.expires_at - now, 1))
}

export const recordSessionPasswordFailure = (db: D1Database, userId: number) => countFailure(db, sessionKey(userId), SESSION_FAILURES.seconds)

/** A correct password: this address is the account's from now on (older ones than KNOWN_DAYS are forgotten). */
export async function recordLoginSuccess(c: LoginContext, userId: number): Promise<void> {
  const ip = clientIp(c)
  if (ip === 'unknown') return
  const now = nowSeconds()
  const db = c.env.DB
  await db.batch([
    db
      .prepare('INSERT INTO login_addresses (user_id, address_hash, last_login_at) VALUES (?, ?, ?) ON CONFLICT (user_id, address_hash) DO UPDATE SET last_login_at = excluded.last_login_at')
      .bind(userId, await addressHash(c.env, userId, ip), now),
    db.prepare('DELETE FROM login_addresses WHERE user_id = ? AND last_login_at < ?').bind(userId, now - KNOWN_DAYS * 86_400),
  ])
}

/** Ends the account's failure window: a successful reset proves the owner. */
export function clearLoginFailures(db: D1Database, userId: number): D1PreparedStatement {
  return db.prepare("DELETE FROM rate_limits WHERE key = 'login:failures:' || (SELECT email FROM users WHERE id = ?)").bind(userId)
}
