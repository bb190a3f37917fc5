import { PASSWORD_MIN_CHARACTERS } from '../../config.ts'
import type { Translate } from '../../i18n/index.tsx'

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
