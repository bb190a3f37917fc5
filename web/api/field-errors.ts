import type { MessageKey, Translate } from '../i18n/index.tsx'
import { ApiError } from './storefront-api.ts'

/** The backend's English field sentences (spec §5) in the page's language; others are shown as they come. */
const KNOWN: Record<string, MessageKey> = {
  'This field is required.': 'validation.required',
  'Please, provide a valid email address.': 'validation.email',
  'This field contains characters that are not allowed.': 'shop.hiddenCharacters',
}

const localize = (message: string, t: Translate) => {
  const max = /^This field can have at max (\d+) characters\.$/.exec(message)
  return max ? t('validation.max', { length: Number(max[1]) }) : KNOWN[message] ? t(KNOWN[message]!) : message
}

/**
 * The field messages a refused API call carries, keyed by the form's own field names (`fields` maps the API's name,
 * the last part of `user.first_name`, to the form's), in the page's language. Fields the form does not have are left
 * out; empty when the refusal names none of the form's fields (the caller then shows the sentence for the whole form).
 */
export function apiFieldErrors(error: unknown, fields: Record<string, string>, t: Translate): Record<string, string> {
  const out: Record<string, string> = {}
  if (!(error instanceof ApiError)) return out
  for (const [key, messages] of Object.entries(error.errors ?? {})) {
    const field = fields[key.split('.').pop() ?? key]
    if (field && messages[0] && !out[field]) out[field] = localize(messages[0], t)
  }
  return out
}
