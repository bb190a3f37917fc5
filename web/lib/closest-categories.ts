import type { Category } from '#kernel/models.ts'

/**
 * The categories whose names come closest to a search that found nothing (issue 39 point 6): a name word that starts
 * like a typed word, or is one that a typed word starts with ('Zelt' in 'Zeltplatz'), or differs from it by a letter
 * or two ('Jackets' for 'hackets'). Best first, at most `max`; none close, the top categories (never a dead end).
 */
export function closestCategories(tree: Category[], term: string, max = 6): { categories: Category[]; close: boolean } {
  const typed = words(term).filter((w) => w.length >= 3)
  const scored: Array<{ category: Category; score: number }> = []
  const visit = (list: Category[]) =>
    list.forEach((category) => {
      if (category.hide_from_nav) return
      const score = Math.min(...typed.flatMap((w) => words(category.name).map((n) => distance(w, n))))
      if (score < 3) scored.push({ category, score })
      visit(category.items)
    })
  visit(tree)
  if (scored.length === 0) return { categories: tree.filter((c) => !c.hide_from_nav), close: false }
  // Same name twice (Men › Jackets, Women › Jackets): both, they are different pages.
  return { categories: scored.sort((a, b) => a.score - b.score).slice(0, max).map((s) => s.category), close: true }
}

const words = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** 0 for a shared start of at least 4 letters, else the edit distance when the words are long enough to forgive it. */
function distance(typed: string, name: string): number {
  if (name.startsWith(typed) || (typed.startsWith(name) && name.length >= 4)) return 0
  const allowed = typed.length < 4 ? 0 : typed.length < 8 ? 1 : 2
  const d = levenshtein(typed, name)
  // a plural or singular ('jacket' ~ 'jackets') costs its letter too
  return d <= allowed + 1 && typed.length >= 4 ? d : 99
}

function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = row
  }
  return prev[b.length]!
}
