import type { ProductCard } from '#kernel/models.ts'

/** Products the overlay asks for: more than it shows, as products sharing a name become one suggestion. */
export const SUGGESTION_FETCH = 16
/** Product suggestions the overlay shows. */
export const SUGGESTED_PRODUCTS = 8

/** One product suggestion: a name once, with the products of that name (several in the catalogue may share one). */
export interface ProductSuggestion {
  title: string
  products: ProductCard[]
  /** The card whose prices and labels are shown: the one a guest pays least for now. */
  shown: ProductCard
  /** The prices differ (between sizes, or between the products of the name): 'from' the shown ones. */
  from: boolean
}

/** A display price as cents to compare ('$1,234.56' and '1.234,56 €' alike: prices always carry two decimals). */
const cents = (price: string | null | undefined) => (price ? Number(price.replace(/\D/g, '')) : Number.POSITIVE_INFINITY)
const paid = (card: ProductCard) => cents(card.salePrice ?? card.price)

/**
 * The search's products as suggestions, in the search's order (relevance, decision 0009): a name that several
 * products share is one suggestion at the place of its most relevant product (issue 42 finding 9: 26 names showed
 * twice with different prices), showing the cheapest one's prices as 'from …'.
 */
export function groupByName(products: ProductCard[], limit = SUGGESTED_PRODUCTS): ProductSuggestion[] {
  const groups = new Map<string, ProductCard[]>()
  for (const product of products) {
    const key = product.title.trim().toLowerCase()
    groups.set(key, [...(groups.get(key) ?? []), product])
  }
  return [...groups.values()].slice(0, limit).map((list) => {
    const shown = list.reduce((a, b) => (paid(b) < paid(a) ? b : a))
    const differ = (read: (c: ProductCard) => string | null | undefined) => new Set(list.map((c) => cents(read(c)))).size > 1
    const from = list.some((c) => c.priceFrom) || differ((c) => c.salePrice ?? c.price) || differ((c) => c.clubPrice)
    return { title: list[0]!.title, products: list, shown, from }
  })
}

/**
 * A character (code point) folded as the index folds it (lower case, no accent) into exactly one UTF-16 unit, so a
 * position in the folded text is the character's position; what folds to more (an emoji, 'İ') becomes a space.
 */
function foldChar(ch: string): string {
  const folded = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
  return folded.length === 1 ? folded : ' '
}

/**
 * The text cut into parts, those that match one of the words marked: each word of the text is searched for the
 * longest of the words (anywhere in it, for German compounds: 'jacke' in 'Regenjacke'), ignoring case and accents.
 */
export function highlight(text: string, words: string[]): Array<{ text: string; match: boolean }> {
  const marks = [...new Set(words.map((w) => [...w].map(foldChar).join('')).filter((w) => w.length >= 2))].sort((a, b) => b.length - a.length)
  const chars = [...text]
  const folded = chars.map(foldChar).join('')
  const hit = new Array<boolean>(chars.length).fill(false)
  for (const word of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const at = word.index ?? 0
    for (const mark of marks) {
      const i = word[0].indexOf(mark)
      if (i < 0) continue
      hit.fill(true, at + i, at + i + mark.length)
      break
    }
  }
  const parts: Array<{ text: string; match: boolean }> = []
  chars.forEach((ch, i) => {
    const last = parts.at(-1)
    if (last && last.match === hit[i]) last.text += ch
    else parts.push({ text: ch, match: hit[i]! })
  })
  return parts
}
