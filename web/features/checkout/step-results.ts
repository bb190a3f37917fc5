import { data } from 'react-router'
import { ApiError, rateLimitedInit } from '../../api/storefront-api.ts'
import type { Translate } from '../../i18n/index.tsx'
import type { ErrorCode } from '#kernel/error-codes.ts'
import { codeOf, localizeApiError } from '../../i18n/api-errors.ts'
import { formFieldErrors, type FieldErrors } from '../../forms/address-validation.ts'
import { fieldSentence } from '../../api/field-errors.ts'

/** What a refused step answers: the messages, what the shopper typed (never card details), the backend's code. */
export interface StepFailure {
  errors: FieldErrors
  message: string | null
  values: Record<string, string>
  code?: ErrorCode
}

const SECRET_FIELDS = new Set(['cardNumber', 'expiry', 'cvc'])

export function failure(form: FormData, errors: FieldErrors, message: string | null, status = 422, headers?: Record<string, string>, code?: ErrorCode) {
  const values: Record<string, string> = {}
  for (const [key, value] of form.entries()) if (typeof value === 'string' && !SECRET_FIELDS.has(key)) values[key] = value
  return data<StepFailure>(code ? { errors, message, values, code } : { errors, message, values }, { status, headers })
}

/**
 * The field messages in the page's language. A coded refusal's fragment ('was declined' under the card number) is
 * said as the refusal's whole sentence (fieldSentence); every field stays, as the steps read some (`payment`,
 * `captcha_token`) to tell refusals apart.
 */
const localize = (errors: FieldErrors, error: unknown, t: Translate): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => fieldSentence(m, error, t) ?? localizeApiError(error, t))]))

/** Runs one API call of a step; a 4xx ApiError becomes the form again with its messages, anything else is thrown. */
export async function attempt(form: FormData, t: Translate, run: () => Promise<unknown>) {
  try {
    await run()
    return null
  } catch (error) {
    const limited = rateLimitedInit(error)
    if (limited) return failure(form, {}, error instanceof Error ? error.message : null, limited.status, limited.headers)
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return failure(form, localize(formFieldErrors(error.errors), error, t), localizeApiError(error, t), error.status === 409 ? 409 : 422, undefined, codeOf(error))
    throw error
  }
}

/**
 * Card-testing defence (worker/backend/payments/card-attempts.ts): a refusal naming `captcha_token` shows the captcha
 * with its sentence. The decline that reached the limit keeps the bank's reason as the form's message; a try
 * refused only for the captcha says the sentence there too. Null when the refusal is about something else.
 */
export function captchaFailure(form: FormData, refused: Awaited<ReturnType<typeof attempt>>, t: Translate) {
  if (!refused?.data.errors.captcha_token) return null
  const declinedNow = Object.keys(refused.data.errors).some((field) => field !== 'captcha_token')
  return failure(form, { captcha: [t('captcha.afterDeclines')] }, declinedNow ? refused.data.message : t('captcha.afterDeclines'))
}
