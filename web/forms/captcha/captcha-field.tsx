import { useEffect, useRef, useState } from 'react'
import { useT } from '../../i18n/index.tsx'
import { useRequestInfo } from '../../state/session/request-info.ts'
import { browserOnly } from '../../lib/browser-only.ts'
import { LAND_HERE } from '../../components/ui/cx.ts'

/** The form field the captcha's answer travels in, with and without JavaScript (worker/lib/captcha.ts reads it). */
export const CAPTCHA_FIELD = 'cf-turnstile-response'

/** Is a captcha configured (both keys)? Forms then show `CaptchaField` and send its answer. */
export function useCaptchaConfigured() {
  return Boolean(useRequestInfo().thirdParty.captcha)
}

/**
 * Cloudflare Turnstile in a form, only when configured: the widget renders on mount and is removed on unmount, its
 * answer goes into a hidden field named CAPTCHA_FIELD (so a posted form carries it) and to `onToken`. Turnstile needs
 * JavaScript; without it the field says so, and the server refuses the form with the same words (docs/security.md).
 */
export function CaptchaField({ onToken, error }: { onToken?: (token: string) => void; error?: string | null }) {
  const { t, locale } = useT()
  const captcha = useRequestInfo().thirdParty.captcha
  const box = useRef<HTMLDivElement>(null)
  const [token, setToken] = useState('')
  const [failed, setFailed] = useState(false)
  const report = useRef(onToken)
  report.current = onToken

  useEffect(() => {
    const container = box.current
    if (!captcha || !container) return
    let remove: (() => void) | undefined
    let gone = false
    const answer = (value: string) => {
      setToken(value)
      report.current?.(value)
    }
    void (import.meta.env.SSR ? browserOnly() : import('./turnstile.ts')).then(
      (turnstile) => {
        if (!gone) remove = turnstile.renderCaptcha({ container, scriptUrl: captcha.scriptUrl, siteKey: captcha.siteKey, language: locale, onToken: answer, onFail: () => setFailed(true) })
      },
      () => setFailed(true),
    )
    return () => {
      gone = true
      remove?.()
    }
  }, [captcha, locale])

  if (!captcha) return null
  return (
    <div className="mb-4" data-testid="captcha">
      <div ref={box} className="min-h-[65px]" />
      <input type="hidden" name={CAPTCHA_FIELD} value={token} />
      <noscript>
        <p className="text-sm text-neutral-700">{t('captcha.needsJavaScript')}</p>
      </noscript>
      {failed ? <p className="text-sm text-danger-700" role="alert">{t('captcha.unavailable')}</p> : null}
      {error ? <p className="text-sm text-danger-700" role="alert" {...LAND_HERE}>{error}</p> : null}
    </div>
  )
}
