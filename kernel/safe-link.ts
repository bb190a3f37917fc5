/**
 * A link an editor may store (menus, CMS sections) and the store may render: a path of this site ('/t/women') or an
 * http(s) address with a host; anything else is null. Browsers read a backslash as a slash and drop tabs and newlines
 * inside a URL, so '/\evil.com', '/\/evil.com', '/<tab>/evil.com' are another site: any backslash, whitespace or
 * control character refuses the link, as do '//host' and every other scheme (javascript:, data:).
 * `https` true (saving): an external address must be https.
 */
export function safeLink(link: unknown, { https = false } = {}): string | null {
  if (typeof link !== 'string') return null
  const url = link.trim()
  if (url === '' || /[\s\u0000-\u001f\u007f-\u009f\\]/.test(url)) return null
  if (url.startsWith('/')) return url[1] === '/' ? null : url
  if (!(https ? /^https:\/\//i : /^https?:\/\//i).test(url)) return null
  try {
    const parsed = new URL(url)
    return parsed.hostname && !parsed.username && !parsed.password ? url : null
  } catch {
    return null
  }
}

/** What the console says when a saved link is refused (menus, CMS sections). */
export const SAFE_LINK_RULE = 'A link is a path of this store that starts with a single / (like /t/women) or an address that starts with https://, without spaces or backslashes.'
