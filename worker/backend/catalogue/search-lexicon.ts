import { attributeStatements, readAttributes } from './search-attributes.ts'
import { queryWords } from './search-words.ts'

/**
 * What search knows about the catalogue's words (docs/decisions/0008-search.md): the index's vocabulary
 * (`products_fts_vocab`, migration 0260, which FTS5 keeps in step with the index), the operators' synonyms
 * (`search_synonyms`), the colour option values by their names in both languages and the gender property. Read once
 * per isolate and kept while its stamp holds: a listing reads the stamp in its own batch (product-routes.ts), so a
 * search costs no round trip of its own; a different stamp, and the lexicon is read again and the search answered
 * again (twice more, once per change of the catalogue or the synonyms).
 */
export interface Lexicon {
  /** Folded term → number of index rows holding it. */
  terms: Map<string, number>
  /** The terms in code-unit order, for prefix look-ups. */
  sorted: string[]
  /** Synonym rows: each a list of alternatives (an alternative is its folded words); one-way rows map only the first. */
  synonyms: Array<{ locale: 'en' | 'de' | null; alternatives: string[][]; oneWay: boolean }>
  /** The colour option type and its values by every folded name a shopper may type ('red', 'rot', 'forest green'). */
  colour: { typeId: number; words: Map<string, number[]> } | null
  /** The gender property's id, when the catalogue has one. */
  genderPropertyId: number | null
  /** Brand, material and size values by the folded words that name them (search-attributes.ts reads them). */
  attributes: AttributeWords[]
}

/** One filterable attribute's values by the words and phrases a shopper may type for them. */
export interface AttributeWords {
  kind: 'brand' | 'material' | 'size'
  /** The property (brand, material) or option type (size) the filter is on. */
  on: { propertyId: number } | { typeId: number }
  /** Folded word or phrase ('merino wool', 'leder', 'xl') → the values it names. */
  words: Map<string, AttributeValue[]>
}
/** A property's filter param or an option value's id, with its names to show. */
export interface AttributeValue {
  value: string | number
  label: { en: string; de: string }
}

let cached: { stamp: string; lexicon: Lexicon } | null = null
/** Set once the database refused to read the index's structure record: the stamp is then the minute. */
let refused = false

/** The statement whose one row says whether the lexicon changed: the index's structure record and the synonyms. */
export function lexiconStampStatement(db: D1Database): D1PreparedStatement {
  return db.prepare(`SELECT (SELECT hex(block) FROM products_fts_data WHERE id = 10) AS fts,
    (SELECT count(*) || ':' || total(id) || ':' || COALESCE(max(updated_at), '') FROM search_synonyms) AS synonyms,
    (SELECT count(*) || ':' || total(id) FROM option_values) || ':' || (SELECT count(*) || ':' || total(length(presentation)) FROM option_value_translations) AS options`)
}

/** The stamp from the statement's result. */
export const readLexiconStamp = (result: D1Result<Record<string, unknown>>): string => JSON.stringify(result.results[0] ?? null)

/**
 * The isolate's lexicon with its stamp, for a listing that checks the stamp in its own batch (product-routes.ts):
 * null when there is none yet, or the stamp cannot be read in a batch (then `searchLexicon` is the way).
 */
export function rememberedLexicon(): { stamp: string; lexicon: Lexicon } | null {
  return refused ? null : cached
}

/** Drops the isolate's lexicon (its stamp moved). */
export function forgetLexicon() {
  cached = null
}

/** The stamp while the database refuses the index's structure record: the minute, so the lexicon is re-read each minute. */
const minuteStamp = () => `minute:${Math.floor(Date.now() / 60_000)}`

/** The database refused the stamp's read in a listing's batch (listing-memo.ts `stampRefused`): use the minute from now on. */
export function lexiconStampRefused() {
  refused = true
  if (cached) cached = { stamp: minuteStamp(), lexicon: cached.lexicon }
}

/** The lexicon for a search: the isolate's copy when its stamp still holds, else read afresh (and kept). */
export async function searchLexicon(db: D1Database): Promise<Lexicon> {
  let stamp = minuteStamp()
  if (!refused) {
    try {
      stamp = readLexiconStamp(await lexiconStampStatement(db).all())
    } catch (error) {
      if (!/products_fts_data|not authorized/i.test(String(error))) throw error
      refused = true
    }
  }
  if (cached?.stamp === stamp) return cached.lexicon
  const lexicon = await readLexicon(db)
  cached = { stamp, lexicon }
  return lexicon
}

async function readLexicon(db: D1Database): Promise<Lexicon> {
  const [vocab, synonyms, colours, gender, properties, sizes] = await db.batch([
    db.prepare('SELECT term, doc FROM products_fts_vocab'),
    db.prepare('SELECT locale, terms, one_way FROM search_synonyms ORDER BY id'),
    db.prepare(`SELECT ov.id, ov.option_type_id AS type_id, ov.name, ov.presentation, t.presentation AS translated
      FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id
      LEFT JOIN option_value_translations t ON t.option_value_id = ov.id
      WHERE ot.name IN ('color', 'colour')`),
    db.prepare("SELECT id FROM properties WHERE name = 'gender'"),
    ...attributeStatements(db),
  ])
  const terms = new Map<string, number>()
  for (const row of vocab!.results as Array<{ term: string; doc: number }>) terms.set(row.term, row.doc)
  const colourWords = new Map<string, number[]>()
  let typeId = 0
  for (const row of colours!.results as Array<{ id: number; type_id: number; name: string; presentation: string; translated: string | null }>) {
    typeId = row.type_id
    for (const name of [row.name.replace(/-/g, ' '), row.presentation, row.translated]) {
      if (!name) continue
      const words = queryWords(name).join(' ')
      if (!words) continue
      const ids = colourWords.get(words) ?? []
      if (!ids.includes(row.id)) ids.push(row.id)
      colourWords.set(words, ids)
    }
  }
  // A colour's last part is that colour too, unless it is a colour of its own: 'green' (forest green), 'grün'
  // (Waldgrün), but 'blau' stays blue rather than also navy (Marineblau).
  const named = new Map(colourWords)
  for (const [name, ids] of named) {
    const parts = name.split(' ')
    const tails = parts.length > 1 ? [parts.at(-1)!] : name.length >= 7 ? Array.from({ length: name.length - 6 }, (_, k) => name.slice(k + 3)) : []
    for (const tail of tails) if (tail.length >= 4 && !named.has(tail)) colourWords.set(tail, [...new Set([...(colourWords.get(tail) ?? []), ...ids])])
  }
  return {
    terms,
    sorted: [...terms.keys()].sort(),
    synonyms: (synonyms!.results as Array<{ locale: 'en' | 'de' | null; terms: string; one_way: number }>).map((row) => ({
      locale: row.locale,
      alternatives: row.terms.split(',').map((t) => queryWords(t)).filter((words) => words.length > 0),
      oneWay: row.one_way === 1,
    })),
    colour: typeId ? { typeId, words: colourWords } : null,
    genderPropertyId: (gender!.results[0] as { id: number } | undefined)?.id ?? null,
    attributes: readAttributes(properties!, sizes!, terms),
  }
}

/** The index of the first term at or after `prefix` in the sorted vocabulary (a binary search). */
export function firstTermFrom(lexicon: Lexicon, prefix: string): number {
  const sorted = lexicon.sorted
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid]! < prefix) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Whether some term starts with `prefix` (the term itself included). */
export function hasPrefix(lexicon: Lexicon, prefix: string): boolean {
  const lo = firstTermFrom(lexicon, prefix)
  return lo < lexicon.sorted.length && lexicon.sorted[lo]!.startsWith(prefix)
}

// ——— the console's synonym list (worker/admin/search-data.ts checks and audits; these are its writes) ———

/** A synonym row: terms that find each other (or, one-way, the first finds the rest), in one language or all (null). */
export const synonymInsertStatement = (db: D1Database, row: { locale: string | null; terms: string; one_way: number }) =>
  db.prepare('INSERT INTO search_synonyms (locale, terms, one_way) VALUES (?, ?, ?)').bind(row.locale, row.terms, row.one_way)

/** A synonym row removed. */
export const synonymDeleteStatement = (db: D1Database, id: number) => db.prepare('DELETE FROM search_synonyms WHERE id = ?').bind(id)
