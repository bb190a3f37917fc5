/**
 * Cloudflare Turnstile in the browser (its own chunk, fetched only where a form shows the captcha): the script loads
 * once per document with the page's CSP nonce, then each widget is rendered explicitly into its container and removed
 * with it. The answer reaches the form through `onToken` (our own hidden field), never through Turnstile's.
 */
interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | undefined
  remove(widgetId: string): void
}
type TurnstileWindow = { turnstile?: TurnstileApi }

let script: Promise<TurnstileApi> | undefined

function loadScript(src: string): Promise<TurnstileApi> {
  script ??= new Promise<TurnstileApi>((resolve, reject) => {
    const element = document.createElement('script')
    element.async = true
    element.src = src
    element.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
    element.dataset.captcha = ''
    element.onload = () => {
      const api = (window as TurnstileWindow).turnstile
      if (api) resolve(api)
      else reject(new Error('the captcha script did not start'))
    }
    element.onerror = () => reject(new Error('the captcha script did not load'))
    document.head.appendChild(element)
  }).catch((error: unknown) => {
    script = undefined // a later form may try again
    throw error
  })
  return script
}

export function renderCaptcha(options: { container: HTMLElement; scriptUrl: string; siteKey: string; language: string; onToken: (token: string) => void; onFail: () => void }): () => void {
  let widgetId: string | undefined
  let gone = false
  loadScript(options.scriptUrl).then(
    (api) => {
      if (gone) return
      widgetId = api.render(options.container, {
        sitekey: options.siteKey,
        language: options.language,
        'response-field': false,
        callback: (token: string) => options.onToken(token),
        'expired-callback': () => options.onToken(''),
        'error-callback': () => {
          options.onToken('')
          options.onFail()
        },
      })
    },
    (error: Error) => {
      console.warn(`captcha: ${error.message}`)
      if (!gone) options.onFail()
    },
  )
  return () => {
    gone = true
    if (widgetId !== undefined) (window as TurnstileWindow).turnstile?.remove(widgetId)
  }
}
