/** A card id: an anchor word and a product id (`product-12`, `similar-3`). */
const ANCHOR = /^[a-z][a-z0-9-]{0,40}$/

/**
 * A heart's posted `wish` value read back (wish-post.ts), or null when it is not one this store wrote. Apart from the
 * browser's module (the page's action and the worker read it; the page only writes it).
 */
export function readWishValue(value: unknown): { save: boolean; variantId: string; anchor: string | null } | null {
  if (typeof value !== 'string') return null
  const match = /^([01]):(\d{1,12})(?::(.+))?$/.exec(value)
  if (!match || (match[3] !== undefined && !ANCHOR.test(match[3]))) return null
  return { save: match[1] === '1', variantId: match[2]!, anchor: match[3] ?? null }
}
