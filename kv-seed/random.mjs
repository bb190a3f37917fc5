// Small deterministic helpers for the seed: a seeded PRNG, slugs, money rounding. No imports.

/** mulberry32: the same seed gives the same store on every machine. */
export function createRandom(seed = 20231105) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    /** Integer in [min, max]. */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    /** `count` distinct items of `list`, in list order. */
    sample(list, count) {
      const indexes = list.map((_, i) => i)
      for (let i = indexes.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1))
        ;[indexes[i], indexes[j]] = [indexes[j], indexes[i]]
      }
      return indexes.slice(0, Math.min(count, list.length)).sort((a, b) => a - b).map((i) => list[i])
    },
  }
}

/** 'Müller Outdoor Jacke' → 'muller-outdoor-jacke' (diacritics folded, ß → ss). */
export function slugify(text) {
  return text
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A shelf price in cents ending in .95 (149.95), never below 4.95. */
export function shelfCents(amount) {
  const dollars = Math.max(5, Math.round(amount))
  return dollars * 100 - 5
}

/** ISO timestamp `days` after 2025-01-01, UTC. */
export function isoDay(days) {
  return new Date(Date.UTC(2025, 0, 1) + days * 86_400_000).toISOString().replace('.000Z', 'Z')
}
