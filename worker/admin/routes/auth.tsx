import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { BackendError } from '#worker/backend/shared/errors.ts'
import { isGuessablePassword } from '#worker/backend/services/common-passwords.ts'
import { LoginPage, SetupPage } from '#worker/admin/pages/login-page.tsx'
import type { AdminEnv } from '../context.ts'
import { auditStatement } from '../audit.ts'
import { PASSWORD_TOO_LONG, field, parseForm } from '../forms.ts'
import { checkAdminLogin, completeSetup, setupTokenUser } from '../operators.ts'
import { renderDocument, seeOther } from '../render.tsx'
import { endSession, startSession } from '../session.ts'

const LoginSchema = z.object({ email: field.email, password: z.string().check(z.minLength(1, 'Enter your password.'), z.maxLength(200, PASSWORD_TOO_LONG)) })
const SetupSchema = z
  .object({ token: z.string(), password: z.string().check(z.minLength(12, 'Choose at least 12 characters.'), z.maxLength(200, PASSWORD_TOO_LONG)), confirmation: z.string() }).check(z.refine((v) => v.password === v.confirmation, { path: ['confirmation'], message: 'The two passwords are not the same.' }))
const GUESSABLE = 'This password is one of the most used ones, or the store’s name. Choose another.'

const LOGIN_NOTICES: Record<string, string> = { 'logged-out': 'You have logged out.', 'password-set': 'Your password is set. Log in with it.' }

const WRONG = 'That email and password do not match a console account.'

/** Log in, log out and the one-time setup link: the only console addresses a stranger may open. */
export const auth = new Hono<AdminEnv>()

auth.get('/login', (c) => renderDocument('Log in', <LoginPage notice={LOGIN_NOTICES[c.req.query('notice') ?? '']} />))

auth.post('/login', async (c) => {
  const form = await parseForm(c, LoginSchema)
  if (!form.ok) return renderDocument('Log in', <LoginPage errors={form.errors} values={form.values} />, 422)
  let userId: number | null
  try {
    userId = await checkAdminLogin(c, form.data.email, form.data.password)
  } catch (error) {
    if (!(error instanceof BackendError) || error.status !== 429) throw error
    const response = await renderDocument('Log in', <LoginPage error={error.message} values={form.values} />, 429)
    response.headers.set('retry-after', String(error.retryAfter ?? 60))
    return response
  }
  if (userId === null) return renderDocument('Log in', <LoginPage error={WRONG} values={form.values} />, 401)
  await startSession(c, userId)
  await auditStatement(c.env.DB, { id: userId, email: form.data.email }, 'operator.login', { type: 'user', id: userId }, undefined, undefined).run()
  return seeOther(c, '/admin')
})

auth.post('/logout', async (c) => {
  const operator = c.get('operator')
  if (operator) await endSession(c, operator)
  return seeOther(c, '/admin/login', 'logged-out')
})

const EXPIRED = 'This link has expired or was already used. Ask for a new one (npm run admin:create -- --remote).'

auth.get('/setup', async (c) => {
  const token = c.req.query('token') ?? ''
  if ((await setupTokenUser(c.env.DB, token)) === null) return renderDocument('Set password', <SetupPage token="" error={EXPIRED} />, 410)
  return renderDocument('Set password', <SetupPage token={token} />)
})

auth.post('/setup', async (c) => {
  const form = await parseForm(c, SetupSchema)
  const token = form.values.token ?? ''
  const userId = await setupTokenUser(c.env.DB, token)
  if (userId === null) return renderDocument('Set password', <SetupPage token="" error={EXPIRED} />, 410)
  if (!form.ok) return renderDocument('Set password', <SetupPage token={token} errors={form.errors} />, 422)
  if (await isGuessablePassword(c.env.DB, form.data.password)) return renderDocument('Set password', <SetupPage token={token} errors={{ password: GUESSABLE }} />, 422)
  if (!(await completeSetup(c, token, userId, form.data.password))) return renderDocument('Set password', <SetupPage token="" error={EXPIRED} />, 410)
  await auditStatement(c.env.DB, { id: userId, email: '(setup link)' }, 'operator.password_set', { type: 'user', id: userId }, undefined, undefined).run()
  return seeOther(c, '/admin/login', 'password-set')
})
