import type { MessageKey, Translate } from '../../i18n/index.tsx'
import { ApiError } from '../../api/storefront-api.ts'
import { knownFieldMessage } from '../../api/field-errors.ts'
import { keyOfCode } from '../../i18n/api-errors.ts'

/** A message an action returns: a dictionary key (translated where it is shown) or the backend's own sentence. */
export type Msg = { key: MessageKey; params?: Record<string, string | number> } | { text: string }
export type FieldErrors = Record<string, Msg>

/** What the account action answers (plain JSON, read with useActionData). */
export interface AccountActionResult {
  intent: string
  ok: boolean
  /** The address an update or delete was about. */
  id?: string
  message?: Msg
  errors?: FieldErrors
  /** What was typed, so a refused form shows it again (passwords are never echoed). */
  values?: Record<string, string>
  /** Rate limited: seconds until the shopper may try again (the page answers 429 with `Retry-After`). */
  retryAfter?: number
  /** The status a refused form answers with (a return request: 409 or 422), so a no-JS post is a real 4xx. */
  status?: number
}

export const msg = (key: MessageKey, params?: Record<string, string | number>): Msg => ({ key, params })

export function msgText(t: Translate, message: Msg | undefined): string | null {
  if (!message) return null
  return 'key' in message ? t(message.key, message.params) : message.text
}

/** Backend field names (Spree's snake case) → the form's field names. */
const FIELD_NAMES: Record<string, string> = {
  first_name: 'firstName',
  firstname: 'firstName',
  last_name: 'lastName',
  lastname: 'lastName',
  current_password: 'currentPassword',
  password: 'newPassword',
  password_confirmation: 'confirmation',
  address1: 'addressLine1',
  address2: 'apartment',
  zipcode: 'zipCode',
  phone: 'phoneNumber',
  state_name: 'state',
  state: 'state',
  country_iso: 'country',
}

/** An ApiError → a result with the field messages it carries; anything else is rethrown (an error page). */
export function fromApiError(error: unknown, intent: string, fallback?: Msg): AccountActionResult {
  if (!(error instanceof ApiError)) throw error
  // too many attempts: the sentence says when to try again, whatever the form's usual failure message is
  if (error.status === 429) return { intent, ok: false, errors: {}, message: { text: error.message }, retryAfter: error.retryAfter ?? 60 }
  const errors: FieldErrors = {}
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    const first = messages[0]
    // a spec §5 sentence, or else the refusal's whole sentence (never a fragment such as 'is not correct')
    if (first) errors[FIELD_NAMES[field] ?? field] = knownFieldMessage(first) ?? refusalMsg(error)
  }
  return { intent, ok: false, errors, message: fallback ?? refusalMsg(error) }
}

/** A refusal as words in the page's language: by its code (web/i18n/api-errors.ts), or a remote Spree's own sentence. */
export function refusalMsg(error: ApiError): Msg {
  const key = error.code && error.code !== 'too_many_attempts' ? keyOfCode(error.code) : undefined
  return key ? msg(key, error.params) : { text: error.message }
}
