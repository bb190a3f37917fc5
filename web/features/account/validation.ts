import { PASSWORD_MIN_CHARACTERS } from '#kernel/config.ts'
import { msg, type FieldErrors } from './messages.ts'

/** The account forms' rules (spec §5 messages); each returns the field messages, empty when all is well. */

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/
const NAME_MAX = 50
const LINE_MAX = 100

function required(errors: FieldErrors, values: Record<string, string>, fields: string[], max = NAME_MAX) {
  for (const field of fields) {
    const value = (values[field] ?? '').trim()
    if (!value) errors[field] = msg('validation.required')
    else if (value.length > max) errors[field] = msg('validation.max', { length: max })
  }
}

export function validateProfile(values: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {}
  required(errors, values, ['firstName', 'lastName'])
  const email = (values.email ?? '').trim()
  if (!email) errors.email = msg('validation.required')
  else if (!EMAIL_PATTERN.test(email) || email.length > LINE_MAX) errors.email = msg('validation.email')
  return errors
}

export function validatePassword(values: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {}
  const next = values.newPassword ?? ''
  if (!values.currentPassword) errors.currentPassword = msg('validation.required')
  if (!next) errors.newPassword = msg('validation.required')
  else if (next.length < PASSWORD_MIN_CHARACTERS || !/[A-Za-z]/.test(next) || !/\d/.test(next)) {
    errors.newPassword = msg('validation.password', { minCharacters: PASSWORD_MIN_CHARACTERS })
  }
  if ((values.confirmation ?? '') !== next) errors.confirmation = msg('validation.confirmation')
  return errors
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0
