import type { Category, Locale, ProductCard, SearchResult } from '#kernel/models.ts'

/** At most this many categories beside the search's products. */
const MAX_CATEGORIES = 10

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
const wordsOf = (s: string) => s.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? []

/**
 * What the search overlay shows beside the products (issue 39 point 7): the categories whose name holds the typed
 * text, one of its words (4+ letters), or a completion's last word (so 'jakcet' → 'jacket' shows Jackets), and the
 * backend's completions written as the catalogue writes them. The backend answers completions folded as its index
 * holds them ('rucksacke'); a word the found products' names or the categories spell ('Rucksäcke') is shown that way
 * (English in lower case, German nouns keep their capital), else as it came.
 */
export function searchExtras(text: string, tree: Category[], products: ProductCard[], completions: string[], locale: Locale): Pick<SearchResult, 'categories' | 'suggestions'> {
  const needle = fold(text)
  const typedWords = wordsOf(needle).filter((w) => w.length >= 4)
  const completed = completions.map((c) => c.split(' ').at(-1)!).filter((w) => w.length >= 4)
  const categories: SearchResult['categories'] = []
  // A name several branches share ('Jackets' under Men, Women and Kids) is told apart by its parent: 'Men › Jackets'.
  const visit = (list: Category[], parent: string | null) =>
    list.forEach((c) => {
      const name = fold(c.name)
      if (!c.hide_from_nav && (name.includes(needle) || [...typedWords, ...completed].some((w) => name.includes(w)))) categories.push({ name: parent ? `${parent} › ${c.name}` : c.name, slug: c.permalink })
      visit(c.items, c.name)
    })
  visit(tree, null)

  const spelling = new Map<string, string>()
  const learn = (name: string) => wordsOf(name).forEach((w) => spelling.has(fold(w)) || spelling.set(fold(w), locale === 'de' ? w : w.toLowerCase()))
  products.forEach((p) => learn(p.title))
  const names = (list: Category[]) => list.forEach((c) => (learn(c.name), names(c.items)))
  names(tree)
  const suggestions = completions.map((c) => c.split(' ').map((w) => spelling.get(w) ?? w).join(' '))
  return { categories: categories.slice(0, MAX_CATEGORIES), suggestions: [...new Set(suggestions)] }
}
