import { EMAIL_VERIFICATION_ACCEPTED_CODES, EMAIL_VERIFICATION_TIMEOUT_SECONDS } from '#kernel/config.ts'

/**
 * The email-verification widget of spec §5 (NeverBounce's JavaScript widget: `_NBSettings`, `_nb.fields`, and the
 * `nb:loading` / `nb:result` / `nb:clear` events on the field it watches). Its own chunk, fetched only when the signup
 * form shows. `attach` loads the script with the page's CSP nonce and hooks it to one input; the function it returns
 * unhooks it and removes the script and its globals, so the next opening loads it afresh. Any failure (the script does
 * not load, does not start, or a check takes longer than the timeout) is only logged: the form then works without it.
 */
export type EmailCheckStatus = 'loading' | 'ready' | 'checking' | 'valid' | 'invalid' | 'failed'

interface NbResultEvent extends Event {
  detail?: { result?: { is?: (codes: readonly number[]) => boolean } }
}
interface NbWindow {
  _NBSettings?: Record<string, unknown>
  _nb?: { fields?: { registerListener?(input: HTMLElement, fromSettings?: boolean): void; unregisterListener?(input: HTMLElement): void } }
}

export function attach(options: { url: string; apiKey?: string; input: HTMLInputElement; onStatus: (status: EmailCheckStatus) => void }): () => void {
  const { url, apiKey, input, onStatus } = options
  const w = window as unknown as NbWindow
  // our form shows the outcome itself (translated labels), so the widget's own feedback and auto hook-up are off
  w._NBSettings = { apiKey, autoFieldHookup: false, feedback: false, displayPoweredBy: false, timeout: EMAIL_VERIFICATION_TIMEOUT_SECONDS, acceptedStatusCodes: [...EMAIL_VERIFICATION_ACCEPTED_CODES] }
  let finished = false
  let watchdog: ReturnType<typeof setTimeout> | undefined
  const fail = (why: string) => {
    if (finished) return
    finished = true
    clearTimeout(watchdog)
    console.warn(`email verification: ${why}; the form works without it`)
    onStatus('failed')
  }
  const arm = () => {
    clearTimeout(watchdog)
    watchdog = setTimeout(() => fail(`no answer within ${EMAIL_VERIFICATION_TIMEOUT_SECONDS} s`), EMAIL_VERIFICATION_TIMEOUT_SECONDS * 1000)
  }
  const report = (status: EmailCheckStatus) => {
    if (!finished) onStatus(status)
  }
  // The widget checks the field again on every 'change' (leaving it): an address it has already accepted keeps its
  // verdict while it does, or the submit button would be disabled for a moment under a shopper's click (the widgets
  // e2e flake: a click on 'Create account' just then did nothing).
  let accepted: string | null = null
  const onLoading = () => {
    if (input.value === accepted) return
    report('checking')
    arm()
  }
  const onResult = (event: Event) => {
    clearTimeout(watchdog)
    const valid = Boolean((event as NbResultEvent).detail?.result?.is?.(EMAIL_VERIFICATION_ACCEPTED_CODES))
    accepted = valid ? input.value : null
    report(valid ? 'valid' : 'invalid')
  }
  const onClear = () => {
    clearTimeout(watchdog)
    report('ready')
  }
  input.addEventListener('nb:loading', onLoading)
  input.addEventListener('nb:result', onResult)
  input.addEventListener('nb:clear', onClear)

  const script = document.createElement('script')
  script.async = true
  script.src = url
  script.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
  script.dataset.emailVerification = ''
  script.onload = () => {
    try {
      w._nb!.fields!.registerListener!(input, true)
      clearTimeout(watchdog)
      report('ready')
      // an address typed while the script loaded is checked now rather than after the next keystroke
      if (input.value) input.dispatchEvent(new Event('change', { bubbles: true }))
    } catch {
      fail('the widget did not start')
    }
  }
  script.onerror = () => fail('the widget did not load')
  onStatus('loading')
  arm()
  document.head.appendChild(script)

  return () => {
    finished = true
    clearTimeout(watchdog)
    input.removeEventListener('nb:loading', onLoading)
    input.removeEventListener('nb:result', onResult)
    input.removeEventListener('nb:clear', onClear)
    try {
      w._nb?.fields?.unregisterListener?.(input)
    } catch {
      // a broken widget must not break closing the modal
    }
    script.remove()
    delete w._nb
    delete w._NBSettings
  }
}
