/**
 * Google Tag Manager, loaded at most once per document, with the page's CSP nonce (GTM hands it on to the tags it
 * injects). Never on pages where a shopper types a password or a card: there it is not loaded, and a document that
 * already has it reloads on arriving there, so no third-party script shares the page with those fields.
 */
const SENSITIVE = /^(?:\/de)?\/(?:reset-?password|checkout\/payment)(?:\/|$)/i

export function isSensitivePath(pathname: string) {
  return SENSITIVE.test(pathname)
}

let loaded = false

export function tagManagerLoaded() {
  return loaded
}

export function loadTagManager(gtmId: string) {
  if (loaded) return
  loaded = true
  const layer = (window.dataLayer ??= [])
  layer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`
  // The nonce of the store's own scripts (readable as a property even after the browser hides the attribute).
  script.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
  script.dataset.tagManager = ''
  document.head.appendChild(script)
}
