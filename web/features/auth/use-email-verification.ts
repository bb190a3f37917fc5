import { useEffect, useState } from 'react'
import { useRequestInfo } from '../../state/session/request-info.ts'
import { browserOnly } from '../../lib/browser-only.ts'
import type { EmailCheckStatus } from './email-verification-widget.ts'

/**
 * The signup form's email check (spec §5), only when EMAIL_VERIFICATION_URL is set: the widget loads (its own chunk and
 * script) when the form mounts, i.e. when the signup modal opens, and is removed when it unmounts. `blocksSubmit` holds
 * the submit button until the address is accepted, unless the widget failed (then it is only logged).
 */
export function useEmailVerification(inputId: string, email: string) {
  const { emailVerificationUrl: url, emailVerificationKey: apiKey } = useRequestInfo().thirdParty
  const [status, setStatus] = useState<EmailCheckStatus | 'off'>('off')

  useEffect(() => {
    if (!url) return
    const input = document.getElementById(inputId)
    if (!(input instanceof HTMLInputElement)) return
    let detach: (() => void) | undefined
    let gone = false
    setStatus('loading')
    void (import.meta.env.SSR ? browserOnly() : import('./email-verification-widget.ts')).then(
      (widget) => {
        if (!gone) detach = widget.attach({ url, apiKey, input, onStatus: setStatus })
      },
      () => {
        console.warn('email verification: its code did not load; the form works without it')
        if (!gone) setStatus('failed')
      },
    )
    return () => {
      gone = true
      detach?.()
    }
  }, [url, apiKey, inputId])

  // a verdict is about the address it was given: a changed address waits for its own
  useEffect(() => {
    setStatus((current) => (current === 'valid' || current === 'invalid' ? 'ready' : current))
  }, [email])

  return { status, blocksSubmit: status !== 'off' && status !== 'valid' && status !== 'failed' }
}
