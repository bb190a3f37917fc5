import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { BackendError } from '../shared/errors.ts'
import { hashPassword, verifyPassword } from '../services/passwords.ts'
import { rateLimit } from '../services/rate-limit.ts'
import { recordSessionPasswordFailure, sessionPasswordGate } from '../services/login-throttle.ts'
import { refuseGuessablePassword } from '../services/common-passwords.ts'
import { currentAccessHash, requireUser } from './auth.ts'
import { endOtherSessions } from '../oauth/tokens.ts'
import { duplicateEmail, isUniqueViolation, loadUser, userDocument } from './accounts.ts'
import { readParams, type BackendContext } from './http.ts'
import { requestLocale } from './respond.ts'
import { clearDefault } from './address-routes.ts'
import { EmailSchema, IdSchema, MESSAGES, PasswordSchema, RequiredText } from './schemas.ts'

/** `/account` (Spree auth devise): register, show, update, change password. */
export const accountRoutes = new Hono<{ Bindings: Env }>()

const RegisterSchema = z.object({
  user: z
    .object({
      email: EmailSchema,
      first_name: RequiredText(100),
      last_name: RequiredText(100),
      password: PasswordSchema,
      password_confirmation: z.optional(z.string()),
      selected_locale: z.optional(z.enum(['en', 'de'])),
    }).check(z.refine((u) => u.password_confirmation === undefined || u.password_confirmation === u.password, {
      path: ['password_confirmation'],
      message: MESSAGES.confirmation,
    })),
})

const UpdateSchema = z.object({
  user: z
    .object({
      email: z.optional(EmailSchema),
      first_name: z.optional(RequiredText(100)),
      last_name: z.optional(RequiredText(100)),
      selected_locale: z.optional(z.enum(['en', 'de'])),
      password: z.optional(PasswordSchema),
      password_confirmation: z.optional(z.string()),
      // extension: changing the password or the email needs the current one (a stolen access token is no takeover)
      current_password: z.optional(z.string().check(z.maxLength(128))),
      // the contract's default addresses: one of the customer's own; the store keeps one default for both
      bill_address_id: z.optional(IdSchema),
      ship_address_id: z.optional(IdSchema),
    }).check(z.refine((u) => u.password === undefined || u.password_confirmation === undefined || u.password_confirmation === u.password, {
      path: ['password_confirmation'],
      message: MESSAGES.confirmation,
    }), z.refine((u) => u.bill_address_id === undefined || u.ship_address_id === undefined || u.bill_address_id === u.ship_address_id, {
      path: ['ship_address_id'],
      message: 'One default address serves both billing and shipping: send the same id for both.',
    })),
})

accountRoutes.get('/account', async (c) => {
  const user = await loadUser(c.env.DB, await requireUser(c))
  return c.json(await userDocument(c.env.DB, user))
})

accountRoutes.post('/account', async (c) => {
  const { user } = await readParams(c, RegisterSchema)
  await refuseGuessablePassword(c.env.DB, user.password, user.email, requestLocale(c))
  await rateLimit(c, 'registration')
  const exists = await c.env.DB.prepare('SELECT 1 FROM users WHERE email = ?').bind(user.email).first()
  if (exists) throw duplicateEmail()
  const hash = await hashPassword(c.env, user.password)
  let id: number
  try {
    const row = await c.env.DB.prepare('INSERT INTO users (email, first_name, last_name, password_hash, selected_locale) VALUES (?, ?, ?, ?, ?) RETURNING id')
      .bind(user.email, user.first_name, user.last_name, hash, user.selected_locale ?? null)
      .first<{ id: number }>()
    id = row!.id
  } catch (error) {
    // two registrations of one email at once: the second meets the UNIQUE index
    if (isUniqueViolation(error)) throw duplicateEmail()
    throw error
  }
  return c.json(await userDocument(c.env.DB, await loadUser(c.env.DB, id)))
})

accountRoutes.patch('/account', async (c) => {
  const userId = await requireUser(c)
  const { user: input } = await readParams(c, UpdateSchema)
  const user = await loadUser(c.env.DB, userId)
  const emailChanges = input.email !== undefined && input.email !== user.email
  if (input.password !== undefined) await refuseGuessablePassword(c.env.DB, input.password, input.email ?? user.email, requestLocale(c))
  if (input.password !== undefined || emailChanges) await checkCurrentPassword(c, user, input.current_password)
  // an id that is not one of the customer's saved addresses (unknown, deleted, another customer's) was ignored with a
  // 200, so a client believed the default had changed; it is refused, and nothing is saved
  const defaultId = input.bill_address_id ?? input.ship_address_id
  if (defaultId !== undefined) {
    const own = await c.env.DB.prepare('SELECT 1 FROM addresses WHERE id = ? AND user_id = ? AND deleted_at IS NULL').bind(defaultId, userId).first()
    if (!own) {
      const key = input.bill_address_id !== undefined ? 'bill_address_id' : 'ship_address_id'
      throw new BackendError(422, 'This address is not one of your saved addresses.', { [key]: ['is not one of your addresses'] }, undefined, 'address_unknown')
    }
  }
  const hash = input.password === undefined ? user.password_hash : await hashPassword(c.env, input.password)
  const update = c.env.DB.prepare(
    "UPDATE users SET email = ?, first_name = ?, last_name = ?, selected_locale = ?, password_hash = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?",
  ).bind(input.email ?? user.email, input.first_name ?? user.first_name, input.last_name ?? user.last_name, input.selected_locale ?? user.selected_locale, hash, userId)
  try {
    // A new password ends every other session (whoever else holds a token is logged out) and every pending reset
    // link, in the same batch; the session that made the change stays logged in.
    const defaults =
      defaultId === undefined
        ? []
        : [
            clearDefault(c.env.DB, userId),
            c.env.DB.prepare('UPDATE addresses SET is_default = 1 WHERE id = ? AND user_id = ? AND deleted_at IS NULL').bind(defaultId, userId),
          ]
    await c.env.DB.batch([update, ...defaults, ...(input.password === undefined ? [] : endOtherSessions(c.env.DB, userId, await currentAccessHash(c)))])
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail()
    throw error
  }
  return c.json(await userDocument(c.env.DB, await loadUser(c.env.DB, userId)))
})

async function checkCurrentPassword(c: BackendContext, user: { id: number; email: string; password_hash: string }, given: string | undefined) {
  if (!given) throw new BackendError(422, 'Enter your current password to change your email or password.', { current_password: ["can't be blank"] }, undefined, 'password_required')
  // a stolen access token must not become a way to guess the password
  await sessionPasswordGate(c, user)
  if (!(await verifyPassword(c.env, given, user.password_hash))) {
    await recordSessionPasswordFailure(c.env.DB, user.id)
    throw new BackendError(422, 'The current password is not correct.', { current_password: ['is not correct'] }, undefined, 'password_incorrect')
  }
}
