import { PASSWORD_MIN_CHARACTERS } from '#kernel/config.ts'
import type { Translate } from '../i18n/index.tsx'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/

/** The form rules of spec §5, returning the spec's message for the first rule a value breaks. */
export function validateEmail(value: string, t: Translate): string | null {
  if (!value.trim()) return t('validation.required')
  return EMAIL_PATTERN.test(value.trim()) ? null : t('validation.email')
}

export function validateRequired(value: string, t: Translate): string | null {
  return value.trim() ? null : t('validation.required')
}

export function validateNewPassword(value: string, t: Translate): string | null {
  if (!value) return t('validation.required')
  const ok = value.length >= PASSWORD_MIN_CHARACTERS && /[A-Za-z]/.test(value) && /\d/.test(value)
  return ok ? null : t('validation.password', { minCharacters: PASSWORD_MIN_CHARACTERS })
}

export function validateConfirmation(password: string, confirmation: string, t: Translate): string | null {
  return password === confirmation ? null : t('validation.confirmation')
}

/** The signup form's rules (spec §5), by field; the same in the browser and in the /Login page's action. */
export function signupErrors(form: { email: string; firstName: string; lastName: string; password: string }, t: Translate): Record<string, string | null> {
  return {
    email: validateEmail(form.email, t),
    firstName: validateRequired(form.firstName, t),
    lastName: validateRequired(form.lastName, t),
    password: validateNewPassword(form.password, t),
  }
}

/** The signup form's fields by the API's names (`user.first_name` …): where a refusal's field messages are shown. */
export const SIGNUP_API_FIELDS: Record<string, string> = { email: 'email', first_name: 'firstName', last_name: 'lastName', password: 'password' }
