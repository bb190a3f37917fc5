import { WISH_NOTICE } from './wish-notice.ts'

/**
 * The page a heart's post returns to: a path of this store (one leading slash, no scheme or host, nothing the URL
 * parser would read as another origin), with the notice added to its query and its #fragment kept; null for anything
 * else, so the post is refused rather than sending the shopper elsewhere (no open redirect).
 */
export function wishReturnAddress(back: string, origin: string, notice: string): string | null {
  if (back.length > 2000 || !/^\/(?![/\\])/.test(back) || /[\\\s\u0000-\u001f\u007f]/.test(back)) return null
  let url: URL
  try {
    url = new URL(back, origin)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  // the query as it was written (a listing's `price=0,50` stays as it is), without an older notice
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && part.split('=')[0] !== WISH_NOTICE)
  kept.push(`${WISH_NOTICE}=${encodeURIComponent(notice)}`)
  return `${url.pathname}?${kept.join('&')}${url.hash}`
}
