import type { Env } from '#worker/env.ts'

/**
 * The HTTP email API adapter: Resend's `POST /emails` (https://resend.com/docs/api-reference/emails/send-email).
 * The Idempotency-Key makes a repeated request (a retry after a lost answer) send nothing twice for 24 hours.
 */
export interface OutgoingEmail {
  to: string
  subject: string
  html: string | null
  text: string
  replyTo: string | null
  /** The sender's name when MAIL_FROM is not set (the shop's name from its settings). */
  fromName?: string
  /** Extra headers, such as List-Unsubscribe (Resend's `headers`). */
  headers?: Record<string, string>
}

export type SendResult =
  | { ok: true; id: string }
  /** permanent: the API refused the email itself (bad address, unverified sender); sending it again cannot help */
  | { ok: false; permanent: boolean; error: string }

export const RESEND_API_BASE = 'https://api.resend.com'
const TIMEOUT_MS = 10_000

export const mailFrom = (env: Pick<Env, 'MAIL_FROM'>, name = 'Shop') => env.MAIL_FROM?.trim() || `${name.replace(/[<>"]/g, '')} <onboarding@resend.dev>`

export async function sendWithResend(env: Pick<Env, 'RESEND_API_KEY' | 'MAIL_FROM' | 'MAIL_API_BASE'>, email: OutgoingEmail, idempotencyKey: string): Promise<SendResult> {
  const base = (env.MAIL_API_BASE?.trim() || RESEND_API_BASE).replace(/\/+$/, '')
  let response: Response
  try {
    response = await fetch(`${base}/emails`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.RESEND_API_KEY}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({
        from: mailFrom(env, email.fromName),
        to: [email.to],
        subject: email.subject,
        ...(email.html ? { html: email.html } : {}),
        text: email.text,
        ...(email.replyTo ? { reply_to: email.replyTo } : {}),
        ...(email.headers && Object.keys(email.headers).length > 0 ? { headers: email.headers } : {}),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    return { ok: false, permanent: false, error: `mail API unreachable: ${error instanceof Error ? error.message : String(error)}` }
  }
  const body = (await response.json().catch(() => null)) as { id?: string; message?: string; name?: string } | null
  if (response.ok && typeof body?.id === 'string') return { ok: true, id: body.id }
  const error = `mail API ${response.status}${body?.name ? ` ${body.name}` : ''}: ${body?.message ?? response.statusText}`
  // 400/422: the email is invalid; 401/403 (a wrong key), 409 (the same key in flight), 429 and 5xx pass with time
  return { ok: false, permanent: response.status === 400 || response.status === 422, error }
}
