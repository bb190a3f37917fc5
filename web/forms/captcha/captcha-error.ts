import { ApiError } from '../../api/storefront-api.ts'
import type { Translate } from '../../i18n/index.tsx'

/** The shopper's sentence, in their language, for a refusal about the captcha (worker/lib/captcha.ts), else null. */
export function captchaMessage(error: unknown, t: Translate): string | null {
  if (!(error instanceof ApiError) || !error.errors?.captcha) return null
  return error.errors.captcha.includes('is required') ? t('captcha.required') : t('captcha.invalid')
}
