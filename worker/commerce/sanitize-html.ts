import xss from 'xss'

// js-xss is CommonJS: its named exports hang off the default export in every bundler and in workerd.
const { FilterXSS, friendlyAttrValue } = xss as unknown as typeof import('xss')

/** An attribute value written back after decoding: every `&` escaped again, so `&copy=2` never becomes `©=2`. */
function escapeAttr(value: string) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * CMS rich text (page `content`, a section's `rte_content`) is HTML written by editors in Spree's admin, or whatever a
 * remote backend sends. It is cleaned here, on the server, once per cache fill, so the browser only ever receives
 * (and renders) the allow-listed result and no sanitiser ships to it.
 *
 * Allowed: text structure (headings, paragraphs, lists, tables, emphasis, quotes, figures), links and images.
 * Removed: every other tag (script and style with their text), every event handler and `style`/`class`, and URLs
 * other than http(s), mailto:, tel:, site paths and fragments; `data:` only as a raster image's `src`.
 */
const TEXT = ['title', 'lang', 'dir']
const CELL = [...TEXT, 'colspan', 'rowspan', 'scope', 'headers']
const ALLOW_LIST: Record<string, string[]> = {
  a: [...TEXT, 'href', 'target', 'hreflang'],
  img: ['src', 'alt', 'width', 'height', 'loading', 'title'],
  table: TEXT, caption: TEXT, colgroup: ['span'], col: ['span'], thead: TEXT, tbody: TEXT, tfoot: TEXT, tr: TEXT, th: CELL, td: CELL,
  figure: TEXT, figcaption: TEXT, blockquote: [...TEXT, 'cite'], q: [...TEXT, 'cite'],
  ...Object.fromEntries(
    ['p', 'br', 'h1', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sub', 'sup', 'mark', 'abbr', 'cite', 'code', 'pre', 'span', 'div', 'section', 'address', 'time']
      .map((tag) => [tag, TEXT]),
  ),
}

const SAFE_URL = /^(?:https?:\/\/|mailto:|tel:|#|\/(?!\/)|\.{1,2}\/|[^:/?#]+(?:[/?#]|$))/i
const IMAGE_DATA_URL = /^data:image\/(?:png|jpe?g|gif|webp|avif);base64,[a-z0-9+/=\s]+$/i

/** Whether a URL may stay: no `javascript:`, `vbscript:`, `data:` (but raster images) or protocol-relative URLs. */
function safeUrl(tag: string, name: string, value: string): boolean {
  // Browsers ignore tabs, newlines and control characters inside a scheme ("java\nscript:"), so judge without them.
  const url = value.replace(/[\u0000-\u0020\u007f]+/g, '')
  if (tag === 'img' && name === 'src' && IMAGE_DATA_URL.test(url)) return true
  return SAFE_URL.test(url)
}

const filter = new FilterXSS({
  whiteList: ALLOW_LIST,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'select'],
  allowCommentTag: false,
  css: false,
  safeAttrValue(tag: string, name: string, raw: string) {
    // Judge the value as the browser will read it: entities decoded ("jav&#x61;script:"), then escape it again.
    const value = friendlyAttrValue(raw).replace(/&amp;/gi, '&')
    if (name === 'href' || name === 'src' || name === 'cite') {
      return safeUrl(tag, name, value) ? escapeAttr(value.trim()) : ''
    }
    if (name === 'target') return value === '_blank' ? '_blank' : ''
    return escapeAttr(value)
  },
  onTagAttr(tag: string, name: string, value: string) {
    // A new tab must not get a handle on this page.
    if (tag === 'a' && name === 'target' && value === '_blank') return 'target="_blank" rel="noopener noreferrer"'
    return undefined
  },
})

/** Allow-listed HTML. The page's own title is its only h1, so an editor's h1 becomes an h2. */
export function sanitizeHtml(html: string): string {
  if (!html) return ''
  return filter.process(html).replace(/<(\/?)h1\b/gi, '<$1h2').trim()
}
