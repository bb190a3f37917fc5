import { priceRuleBreaks, stockAllowed } from './catalogue-rules.ts'
import { CSV_COLUMNS, CURRENCIES, money, sizeCells, type CsvColumn, type CurrentProduct, type CurrentSize, type PriceCells, type SizeRecord } from './product-csv.ts'

/**
 * The prices of a product CSV import (docs/console.md 'Product CSV'): the console's rule for every line (an RRP
 * not below the price, a Club Price below it), a size's own line, and product-level prices of an older one-line-per-
 * product file, which never flatten sizes priced apart.
 */

/** The console's price rule (catalogue-rules.ts), per currency given, naming the columns. */
export function priceRuleErrors(p: PriceCells): string[] {
  const errors: string[] = []
  for (const c of CURRENCIES) {
    const price = p[`price_${c}`]
    const rrp = p[`rrp_${c}`]
    const club = p[`club_${c}`]
    if (price === null) {
      if (rrp !== null || club !== null) errors.push(`rrp_${c} and club_${c} need a price_${c} on the same line.`)
      continue
    }
    const breaks = priceRuleBreaks(price, rrp, club)
    if (breaks.includes('price')) errors.push(`price_${c} must be more than 0.`)
    if (breaks.includes('rrp')) errors.push(`rrp_${c} cannot be below price_${c}.`)
    if (breaks.includes('club')) errors.push(`club_${c} must be below price_${c}.`)
  }
  return errors
}

type Triple = { price: number | null; rrp: number | null; club: number | null }
const tripleOf = (p: PriceCells, c: 'aud' | 'usd'): Triple => ({ price: p[`price_${c}`], rrp: p[`rrp_${c}`], club: p[`club_${c}`] })
const sameTriple = (a: Triple, b: Triple) => a.price === b.price && a.rrp === b.rrp && a.club === b.club
const setTriple = (p: PriceCells, c: 'aud' | 'usd', t: Triple) => Object.assign(p, { [`price_${c}`]: t.price, [`rrp_${c}`]: t.rrp, [`club_${c}`]: t.club })

/**
 * Prices on the line of a product with sizes, as an older file (one line per product, the master's prices) has them.
 * A currency whose price, RRP and Club Price are as the export of that time wrote them is left alone; a changed one
 * is applied to every size only when all the sizes cost the same in it, and refused otherwise (it would flatten
 * sizes priced apart) or when the file also has lines for this product's sizes. Returns the prices to write (null:
 * leave) and what they were.
 */
export function productLevelPrices(product: CurrentProduct, present: Partial<PriceCells>, sizes: CurrentSize[], hasSizeLines: boolean) {
  const before: PriceCells = { ...product.master }
  const after: PriceCells = { price_aud: null, rrp_aud: null, club_aud: null, price_usd: null, rrp_usd: null, club_usd: null }
  const errors: string[] = []
  for (const c of CURRENCIES) {
    const price = present[`price_${c}`]
    if (price === undefined || price === null) {
      if (present[`rrp_${c}`] != null || present[`club_${c}`] != null) errors.push(`rrp_${c} and club_${c} need a price_${c} on the same line.`)
      setTriple(before, c, { price: null, rrp: null, club: null })
      continue
    }
    const master = tripleOf(product.master, c)
    const given: Triple = { price, rrp: present[`rrp_${c}`] === undefined ? master.rrp : present[`rrp_${c}`]!, club: present[`club_${c}`] === undefined ? master.club : present[`club_${c}`]! }
    if (sameTriple(given, master)) {
      setTriple(before, c, { price: null, rrp: null, club: null })
      continue
    }
    const prices = sizes.map((s) => tripleOf(s, c))
    const shared = prices.every((t) => t.price !== null && sameTriple(t, prices[0]!))
    if (hasSizeLines) errors.push(`price_${c}: ${product.slug} has lines for its sizes in this file; give the ${c.toUpperCase()} prices there only and leave this line's price columns empty.`)
    else if (!shared) {
      const amounts = prices.map((t) => t.price ?? 0)
      errors.push(`price_${c}: the sizes of ${product.slug} are priced apart (${c.toUpperCase()} ${money(Math.min(...amounts))} to ${money(Math.max(...amounts))}), so one price on the product's line would flatten them. Change each size on its own line, keyed by its SKU (export the products again for that layout).`)
    } else {
      setTriple(before, c, prices[0]!)
      setTriple(after, c, given)
    }
  }
  return { before, after, errors }
}

/** Columns of the product that a size's line leaves empty. */
export const PRODUCT_ONLY: CsvColumn[] = ['name', 'name_de', 'description', 'description_de', 'available_on', 'discontinue_on', 'categories']
const SIZE_CHANGES: CsvColumn[] = ['price_aud', 'rrp_aud', 'club_aud', 'price_usd', 'rrp_usd', 'club_usd', 'stock', 'backorderable']

/**
 * A size's line: its prices (every column given; an empty RRP or Club Price removes it, a price cannot be removed),
 * stock and backorderable (empty: as they are). Returns the size after the line, what changed, or the line's errors.
 */
export function checkSizeLine(size: CurrentSize, present: Partial<SizeRecord & Record<CsvColumn, unknown>>, filled: Set<CsvColumn>) {
  const { id: _id, productId: _p, ...before } = size
  const errors: string[] = []
  const stray = PRODUCT_ONLY.filter((c) => filled.has(c))
  if (stray.length) errors.push(`SKU ${size.sku} is a size of ${size.slug}: leave ${stray.join(', ')} empty on its line (they belong on the product's own line).`)
  const after: SizeRecord = { ...before }
  for (const c of CURRENCIES) {
    for (const column of [`price_${c}`, `rrp_${c}`, `club_${c}`] as const) if (present[column] !== undefined) after[column] = present[column] as number | null
    if (after[`price_${c}`] === null && before[`price_${c}`] !== null) errors.push(`price_${c} is empty: a size's price cannot be removed here; give its price.`)
  }
  if (present.stock != null) after.stock = present.stock
  if (present.backorderable != null) after.backorderable = present.backorderable
  errors.push(...priceRuleErrors(after))
  if (!stockAllowed(after.stock, after.backorderable)) errors.push('stock can only be below 0 when backorderable is yes.')
  const a = sizeCells(before)
  const b = sizeCells(after)
  const changes = SIZE_CHANGES.flatMap((column) => {
    const i = CSV_COLUMNS.indexOf(column)
    return a[i] === b[i] ? [] : [`${column} ${a[i] || '(empty)'} → ${b[i] || '(empty)'}`]
  })
  return { before, after, errors, message: changes.length ? `SKU ${size.sku}: ${changes.join('; ')}` : null }
}
