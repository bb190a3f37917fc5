import type { MessageKey, Translate } from '../i18n/index.tsx'
import { codeOf, localizeApiError } from '../i18n/api-errors.ts'
import { ApiError } from './storefront-api.ts'

/** The backend's English field sentences (spec §5) in the page's language; others are shown as they come. */
const KNOWN: Record<string, MessageKey> = {
  'This field is required.': 'validation.required',
  'Please, provide a valid email address.': 'validation.email',
  'Please, provide a valid phone number.': 'validation.phone',
  'Invalid country.': 'validation.country',
  'This field contains characters that are not allowed.': 'shop.hiddenCharacters',
}

/**
 * One field message of a refusal, as the page may show it: a spec §5 sentence in the page's language, or null for
 * the rest of a refusal that carries a code (Spree's fragments such as 'has already been taken' or 'was declined',
 * or a sentence in the backend's words): its whole sentence comes from the code instead (localizeApiError). A
 * refusal without a code (a remote Spree) keeps its message as it came.
 */
export function fieldSentence(message: string, error: unknown, t: Translate): string | null {
  const known = knownFieldMessage(message)
  if (known) return t(known.key, known.params)
  return codeOf(error) ? null : message
}

/** A spec §5 field sentence as its dictionary key, or null. */
export function knownFieldMessage(message: string): { key: MessageKey; params?: Record<string, number> } | null {
  const max = /^This field can have at max (\d+) characters\.$/.exec(message)
  if (max) return { key: 'validation.max', params: { length: Number(max[1]) } }
  return KNOWN[message] ? { key: KNOWN[message] } : null
}

/**
 * The field messages a refused API call carries, keyed by the form's own field names (`fields` maps the API's name,
 * the last part of `user.first_name`, to the form's), in the page's language; a fragment is said as the refusal's
 * whole sentence. Fields the form does not have are left out; empty when the refusal names none of the form's fields
 * (the caller then shows the sentence for the whole form).
 */
export function apiFieldErrors(error: unknown, fields: Record<string, string>, t: Translate): Record<string, string> {
  const out: Record<string, string> = {}
  if (!(error instanceof ApiError)) return out
  for (const [key, messages] of Object.entries(error.errors ?? {})) {
    const field = fields[key.split('.').pop() ?? key]
    if (field && messages[0] && !out[field]) out[field] = fieldSentence(messages[0], error, t) ?? localizeApiError(error, t)
  }
  return out
}
