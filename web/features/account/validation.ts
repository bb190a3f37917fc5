import { PASSWORD_MIN_CHARACTERS } from '../../config.ts'
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

/** AU addresses: a known state, a 4-digit postcode, a phone number of 8 to 15 digits. */
export function validateAddress(values: Record<string, string>, stateCodes: string[]): FieldErrors {
  const errors: FieldErrors = {}
  required(errors, values, ['firstName', 'lastName'])
  required(errors, values, ['addressLine1', 'city'], LINE_MAX)
  for (const field of ['company', 'apartment']) {
    if ((values[field] ?? '').length > LINE_MAX) errors[field] = msg('validation.max', { length: LINE_MAX })
  }
  if (values.country !== 'AU') errors.country = msg('validation.country')
  if (!values.state) errors.state = msg('validation.required')
  else if (stateCodes.length > 0 && !stateCodes.includes(values.state)) errors.state = msg('validation.required')
  const zip = (values.zipCode ?? '').trim()
  if (!zip) errors.zipCode = msg('validation.required')
  else if (!/^\d{4}$/.test(zip)) errors.zipCode = msg('account.postcodeDigits')
  const phone = (values.phoneNumber ?? '').trim()
  const digits = phone.replace(/\D/g, '').length
  if (!phone) errors.phoneNumber = msg('validation.required')
  else if (!/^\+?[\d\s().-]+$/.test(phone) || digits < 8 || digits > 15) errors.phoneNumber = msg('validation.phone')
  return errors
}

export const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0
