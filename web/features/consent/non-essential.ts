/**
 * The live-chat widget and the fonts service: loaded (once per document) only after the shopper's consent, like the
 * tag manager, and fetched as their own chunk so first-visit JavaScript does not carry them. The chat script gets the
 * page's CSP nonce; the stylesheet's origin is in the CSP only when FONTS_CSS_URL is set (security-headers.ts). A
 * script or stylesheet that fails to load is only reported: the store works without either.
 */
const loaded = new Set<string>()

const pageNonce = () => document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''

export function loadChatWidget(src: string) {
  if (loaded.has(src)) return
  loaded.add(src)
  const script = document.createElement('script')
  script.async = true
  script.src = src
  script.nonce = pageNonce()
  script.dataset.chatWidget = ''
  script.onerror = () => console.warn('live chat: the widget did not load')
  document.head.appendChild(script)
}

export function loadFontsStylesheet(href: string) {
  if (loaded.has(href)) return
  loaded.add(href)
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  link.nonce = pageNonce()
  link.dataset.fontsService = ''
  link.onerror = () => console.warn('fonts service: the stylesheet did not load; the self-hosted face stays')
  document.head.appendChild(link)
}
