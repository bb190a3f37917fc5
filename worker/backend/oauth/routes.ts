import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { loginGate, recordLoginFailure, recordLoginSuccess } from '../services/login-throttle.ts'
import { verifyAgainstDummy, verifyPassword } from '../services/passwords.ts'
import { issueToken, refreshToken, revokeToken } from './tokens.ts'

/** `/spree_oauth/token` and `/spree_oauth/revoke` (issue 4). Errors follow RFC 6749: `{error, error_description}`. */
export const oauthRoutes = new Hono<{ Bindings: Env }>()

const TokenBodySchema = z.discriminatedUnion('grant_type', [
  // captcha_token (extension): a solved captcha, asked for after many wrong passwords for the account (login-throttle.ts)
  z.object({ grant_type: z.literal('password'), username: z.string().check(z.maxLength(254)), password: z.string().check(z.maxLength(128)), captcha_token: z.optional(z.string().check(z.maxLength(2048))) }),
  z.object({ grant_type: z.literal('refresh_token'), refresh_token: z.string().check(z.maxLength(200)) }),
])

const oauthError = (error: string, description: string) => ({ error, error_description: description })

/** OAuth clients send form bodies; Spree's SDKs send JSON. Both are read. */
async function readParams(req: Request): Promise<unknown> {
  const type = req.headers.get('content-type') ?? ''
  try {
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      return Object.fromEntries([...(await req.formData()).entries()].filter(([, v]) => typeof v === 'string'))
    }
    const text = await req.text()
    return text ? JSON.parse(text) : {}
  } catch {
    return null
  }
}

oauthRoutes.post('/token', async (c) => {
  const raw = await readParams(c.req.raw)
  const parsed = TokenBodySchema.safeParse(raw)
  if (!parsed.success) {
    const grant = (raw as { grant_type?: unknown } | null)?.grant_type
    if (typeof grant === 'string' && grant !== 'password' && grant !== 'refresh_token') {
      return c.json(oauthError('unsupported_grant_type', 'The authorization grant type is not supported.'), 400)
    }
    return c.json(oauthError('invalid_request', 'The request is missing a required parameter or is malformed.'), 400)
  }
  const body = parsed.data
  if (body.grant_type === 'password') {
    const email = body.username.trim().toLowerCase()
    await loginGate(c, email, { captchaToken: body.captcha_token })
    // an account the operator blocked (console, migration 0150) cannot log in
    const user = await c.env.DB.prepare('SELECT id, password_hash FROM users WHERE email = ? AND blocked_at IS NULL')
      .bind(email)
      .first<{ id: number; password_hash: string }>()
    const ok = user ? await verifyPassword(c.env, body.password, user.password_hash) : await verifyAgainstDummy(c.env, body.password)
    if (!user || !ok) {
      await recordLoginFailure(c.env.DB, email)
      return c.json(oauthError('invalid_grant', 'The provided authorization grant is invalid, expired, revoked, or does not match.'), 400)
    }
    await recordLoginSuccess(c, user.id)
    return c.json(await issueToken(c.env.DB, user.id))
  }
  // Refresh grants are not rate limited: a refresh token has 256 random bits (nothing to guess), and a page load after
  // the access token expired refreshes once per parallel request, which a shared office address would soon exceed.
  const token = await refreshToken(c.env.DB, body.refresh_token)
  if (!token) return c.json(oauthError('invalid_grant', 'The refresh token is invalid, expired or revoked.'), 400)
  return c.json(token)
})

oauthRoutes.post('/revoke', async (c) => {
  const raw = (await readParams(c.req.raw)) as { token?: unknown } | null
  if (typeof raw?.token !== 'string' || raw.token.length > 200) {
    return c.json(oauthError('invalid_request', 'The token to revoke is missing.'), 400)
  }
  await revokeToken(c.env.DB, raw.token)
  return c.json({})
})
