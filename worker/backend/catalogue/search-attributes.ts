import type { AttributeValue, AttributeWords, Lexicon } from './search-lexicon.ts'
import { queryWords } from './search-words.ts'

/**
 * Brand, material and size words in a query (issue 39 point 5, docs/decisions/0011-search-attributes-and-did-you-mean.md):
 * 'merino socks', 'Wolle Socken', 'XL hoodie', 'Bergfeld jacket' become facet filters like colours do. A value's
 * whole name ('merino wool', 'Müller Outdoor', 'Bio-Baumwolle') always counts; a single word of it ('merino',
 * 'muller', 'down') counts only when the catalogue uses that word for those products alone: the index holds it in no
 * more rows than the products with those values account for. So 'down' stays a search word while the shop sells Down
 * Jackets of other materials, and 'summit' while 'Summit' is also a product's adjective: an ambiguous word is
 * searched, never turned into a filter that would hide what the shopper meant.
 */

/** The brand and material values with how many products carry each, and the size option's values. */
export function attributeStatements(db: D1Database): D1PreparedStatement[] {
  return [
    db.prepare(`SELECT pr.id AS property_id, pr.name AS property, pp.filter_param, pp.value, t.value AS translated, count(*) AS n
      FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id
      LEFT JOIN product_property_translations t ON t.product_property_id = pp.id AND t.locale = 'de'
      WHERE pr.name IN ('brand', 'material') GROUP BY pr.id, pp.filter_param, pp.value, t.value`),
    db.prepare(`SELECT ov.id, ov.option_type_id AS type_id, ov.name, ov.presentation, t.presentation AS translated
      FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id
      LEFT JOIN option_value_translations t ON t.option_value_id = ov.id AND t.locale = 'de'
      WHERE ot.name = 'size'`),
  ]
}

type PropertyRow = { property_id: number; property: 'brand' | 'material'; filter_param: string; value: string; translated: string | null; n: number }
type SizeRow = { id: number; type_id: number; name: string; presentation: string; translated: string | null }

export function readAttributes(properties: D1Result, sizes: D1Result, terms: Map<string, number>): AttributeWords[] {
  const found: AttributeWords[] = []
  const byProperty = new Map<number, PropertyRow[]>()
  for (const row of properties.results as PropertyRow[]) byProperty.set(row.property_id, [...(byProperty.get(row.property_id) ?? []), row])
  for (const [propertyId, rows] of byProperty) {
    const words = new Map<string, AttributeValue[]>()
    // Index rows a lone word may account for: each product once per language whose name of the value has the word.
    const expected = new Map<string, number>()
    const loneWords = new Map<string, AttributeValue[]>()
    for (const row of rows) {
      const label = { en: row.value, de: row.translated ?? row.value }
      const value: AttributeValue = { value: row.filter_param.toLowerCase(), label }
      for (const name of [label.en, label.de]) {
        const parts = queryWords(name)
        if (parts.length === 0) continue
        if (parts.length > 1) addValue(words, parts.join(' '), value)
        for (const part of new Set(parts)) expected.set(part, (expected.get(part) ?? 0) + row.n)
        const lone = parts.length > 1 ? parts : [parts[0]!, ...(row.property === 'material' ? compoundTails(parts[0]!) : [])]
        for (const word of lone) if (word.length >= 3) addValue(loneWords, word, value)
      }
    }
    for (const [word, values] of loneWords) if ((terms.get(word) ?? 0) <= (expected.get(word) ?? 0)) for (const v of values) addValue(words, word, v)
    found.push({ kind: rows[0]!.property, on: { propertyId }, words })
  }
  const sizeRows = sizes.results as SizeRow[]
  if (sizeRows.length > 0) {
    const words = new Map<string, AttributeValue[]>()
    for (const row of sizeRows) {
      const value: AttributeValue = { value: row.id, label: { en: row.presentation, de: row.translated ?? row.presentation } }
      for (const name of new Set([row.name, row.presentation, row.translated ?? row.presentation])) {
        const parts = queryWords(name)
        if (parts.length > 0) addValue(words, parts.join(' '), value)
      }
    }
    found.push({ kind: 'size', on: { typeId: sizeRows[0]!.type_id }, words })
  }
  return found
}

/** A one-word German material's heads ('Merinowolle' → 'wolle'), as colours take theirs. */
function compoundTails(word: string): string[] {
  return word.length >= 7 ? Array.from({ length: word.length - 6 }, (_, k) => word.slice(k + 3)) : []
}

function addValue(map: Map<string, AttributeValue[]>, word: string, value: AttributeValue) {
  const list = map.get(word) ?? []
  if (!list.some((v) => v.value === value.value)) list.push(value)
  map.set(word, list)
}

/** Words that say the next word is a size: 'size M', 'Größe L', 'Gr. 10'. */
const SIZE_WORDS = new Set(['size', 'grosse', 'große', 'groesse', 'gr'])

/** An attribute the query named, with the words that named it (folded, as `queryWords` gives them). */
export interface FoundAttribute {
  kind: AttributeWords['kind']
  on: AttributeWords['on']
  values: AttributeValue[]
  words: string[]
  /** The same words, each phrase that named a value apart ('muller outdoor', 'leather'). */
  phrases: string[][]
}

/**
 * Takes the brand, material and size words out of `words` (longest phrase first; umlauts typed as 'ue' too), leaving
 * the words `keep(i)` protects (a synonym phrase starts there: 'down jacket' is a kind of jacket, not down).
 */
export function takeAttributes(words: string[], lexicon: Lexicon, keep: (i: number) => boolean): { rest: string[]; found: FoundAttribute[] } {
  const found: FoundAttribute[] = []
  const rest: string[] = []
  const note = (attribute: AttributeWords, values: AttributeValue[], typed: string[]) => {
    const same = found.find((f) => f.kind === attribute.kind)
    if (same) {
      for (const v of values) if (!same.values.some((x) => x.value === v.value)) same.values.push(v)
      same.words.push(...typed)
      same.phrases.push(typed)
    } else found.push({ kind: attribute.kind, on: attribute.on, values: [...values], words: [...typed], phrases: [typed] })
  }
  for (let i = 0; i < words.length; ) {
    const match = keep(i) ? null : attributeAt(words, i, lexicon)
    if (match) {
      note(match.attribute, match.values, words.slice(i, i + match.length))
      i += match.length
    } else rest.push(words[i++]!)
  }
  return { rest, found }
}

function attributeAt(words: string[], i: number, lexicon: Lexicon): { attribute: AttributeWords; values: AttributeValue[]; length: number } | null {
  for (let length = Math.min(3, words.length - i); length >= 1; length--) {
    const typed = words.slice(i, i + length)
    for (const text of new Set([typed.join(' '), typed.join(' ').replace(/([aou])e/g, '$1')])) {
      for (const attribute of lexicon.attributes) {
        const values = attribute.words.get(text)
        if (!values) continue
        if (attribute.kind !== 'size') return { attribute, values, length }
        // 'xl', 'xxl' anywhere; 'm', '10' only after a size word ('size m') or as the last of several words ('jacket l').
        const sizeWord = i > 0 && SIZE_WORDS.has(words[i - 1]!)
        if (text.length >= 2 && /^\p{L}+$/u.test(text)) return { attribute, values, length }
        if (sizeWord || (i === words.length - 1 && i > 0 && /^\p{L}$/u.test(text))) return { attribute, values, length }
      }
    }
  }
  // The size word itself goes with its size: 'size m' → the filter, not 'size' searched.
  if (SIZE_WORDS.has(words[i]!) && i + 1 < words.length) {
    const next = attributeAt(words, i + 1, lexicon)
    if (next?.attribute.kind === 'size') return { ...next, length: next.length + 1 }
  }
  return null
}
