import { ApiError } from '#web/api/storefront-api.ts'
import { captchaEnabled, checkCaptcha, type CaptchaEnv } from '#worker/lib/captcha.ts'

/**
 * Refuses a form that needs a captcha and has no good answer: 422 naming `captcha` (missing, invalid or expired), or 503
 * when the captcha service cannot be asked (fails closed: an outage must not open the door to bots). No-op without keys.
 */
export async function requireCaptcha(env: CaptchaEnv, token: string | undefined, ip?: string): Promise<void> {
  if (!captchaEnabled(env)) return
  if (!token) throw new ApiError(422, 'Please confirm you are not a robot.', { captcha: ['is required'] }, undefined, 'captcha_required')
  const result = await checkCaptcha(env, token, ip)
  if (result === 'passed') return
  if (result === 'failed') throw new ApiError(422, 'The check that you are not a robot failed or expired. Please try it again.', { captcha: ['is invalid'] }, undefined, 'captcha_invalid')
  throw new ApiError(503, 'We cannot check that you are not a robot just now. Please try again in a minute.', undefined, undefined, 'captcha_unavailable')
}
