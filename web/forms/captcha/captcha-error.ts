import { ApiError } from '../../api/storefront-api.ts'
import type { Translate } from '../../i18n/index.tsx'

/** The shopper's sentence, in their language, for a refusal about the captcha (worker/lib/captcha.ts), else null. */
export function captchaMessage(error: unknown, t: Translate): string | null {
  if (!(error instanceof ApiError) || !error.errors?.captcha) return null
  if (error.code === 'captcha_invalid') return t('captcha.invalid')
  return error.message === 'captcha_after_wrong_passwords' ? t('captcha.afterWrongPasswords') : t('captcha.required')
}
