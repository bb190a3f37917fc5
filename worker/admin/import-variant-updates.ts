import { statusOf } from './product-lifecycle.ts'
import { parseValueText, type Status } from './product-input.ts'
import { stored } from '#worker/backend/catalogue/product-write.ts'
import { checkSizeLine } from './import-sizes.ts'
import { changedColumns, CURRENCIES, plainOf, type CurrentProduct, type ProductRecord, type SizeRecord } from './product-csv.ts'
import { capOf, lineOf, moneyOf, OPTION_INDEXES, PRODUCT_CELLS, refusal, said, STATUS_DE, type CheckedLine, type FileLine, type Said, type VariantContext } from './import-lines.ts'
import { CHARGE_MAX_CENTS } from '#kernel/config.ts'

/**
 * The lines of a product with options that the store has already (docs/console.md 'Products with options'): each line
 * is matched to one of its variants by SKU, so a file imported again changes nothing, and an edited price, sale price
 * or stock changes that variant as the export layout's size line does (import-sizes.ts checkSizeLine, the console's
 * price rule). The first line's names, descriptions and categories change the product. Adding variants, changing a
 * variant's options or the product's status are the product page's (each refused with a sentence saying so). Each
 * line stands alone here, as in the export layout: a refused line leaves its variant as it is.
 */

export function checkUpdateGroup(slug: string, lines: FileLine[], ctx: VariantContext): CheckedLine[] {
  const before = ctx.current.get(slug)!
  const first = lines[0]!
  if (!before.sized) {
    const why = said(`${slug} has no options in the store: give its line in the export's columns (sku, price_aud …), without status, sale prices or options.`, `${slug} hat im Shop keine Optionen: Geben Sie seine Zeile in den Spalten des Exports an (sku, price_aud …), ohne status, Aktionspreise oder Optionen.`)
    return lines.map((l) => lineOf(l.line, slug, 'error', null, [why]))
  }
  return lines.map((l) => {
    const cell = (column: Parameters<VariantContext['cellOf']>[1]) => ctx.cellOf(l.cells, column)
    const errors: Said[] = []
    const data: unknown[] = []
    const says: Said[] = []
    if (l === first) {
      const product = productPart(before, cell, ctx, errors)
      if (product) {
        data.push({ productId: before.id, before: plainOf(before), after: product.after })
        says.push(said(product.changes.join('; '), `Produkt: ${product.changes.join('; ')}`))
      }
    }
    const sku = cell('sku')
    const size = ctx.sizeBySku.get(sku)
    if (!size || size.productId !== before.id) {
      errors.push(said(`SKU ${sku || '(empty)'} is not a variant of ${slug}: the import changes the variants a product has; add a new one on the product's page ('Add a size').`, `Die Artikelnummer ${sku || '(leer)'} ist keine Variante von ${slug}: Der Import ändert nur vorhandene Varianten; eine neue fügen Sie auf der Seite des Produkts hinzu („Größe hinzufügen“).`))
      return lineOf(l.line, slug, 'error', null, errors)
    }
    const given = OPTION_INDEXES.map((i) => cell(`option${i}_value`)).filter(Boolean).map((t) => (parseValueText(t)?.presentation ?? t).toLowerCase()).sort()
    const has = size.size.split(' / ').map((s) => s.toLowerCase()).sort()
    if (given.join('|') !== has.join('|')) errors.push(said(`SKU ${sku} is ${size.size} in the store: a variant's options are not changed by the import.`, `Die Artikelnummer ${sku} ist im Shop ${size.size}: Die Optionen einer Variante ändert der Import nicht.`))
    const present: Partial<SizeRecord> = {}
    for (const c of CURRENCIES) {
      const currency = c.toUpperCase() as 'AUD' | 'USD'
      const label = size.size || sku
      const m = moneyOf(cell, c)
      if (Number.isNaN(m.price) && cell(`price_${c}`) === '' && m.sale === null && m.rrp === null && m.club === null) continue
      if (Number.isNaN(m.price)) errors.push(refusal('price_invalid', { label, currency }))
      for (const what of ['sale', 'rrp', 'club'] as const) if (Number.isNaN(m[what])) errors.push(refusal('money_invalid', { label, currency, what }))
      if ([m.price, m.sale, m.rrp, m.club].some((v) => v !== null && v > CHARGE_MAX_CENTS)) errors.push(refusal('price_over_cap', { label, currency, max: capOf(currency) }))
      if (m.sale !== null && !(m.sale < m.price)) errors.push(refusal('sale_not_below_price', { label, currency }))
      if (errors.length) continue
      // kept as the console keeps a sale: the price paid, and the regular price (or the RRP, when higher) struck through
      const { amount, rrp } = stored(m)
      Object.assign(present, { [`price_${c}`]: amount, [`rrp_${c}`]: rrp, [`club_${c}`]: m.club })
    }
    const stock = cell('stock')
    if (stock !== '' && !/^-?\d{1,7}$/.test(stock)) errors.push(refusal('stock_invalid', { label: size.size || sku }))
    else if (stock !== '') present.stock = Number(stock)
    const backorderable = cell('backorderable').toLowerCase()
    if (backorderable) present.backorderable = ['yes', 'true', '1'].includes(backorderable)
    if (errors.length) return lineOf(l.line, slug, 'error', null, errors)
    const checked = checkSizeLine(size, present as Parameters<typeof checkSizeLine>[1], new Set())
    if (checked.errors.length) return lineOf(l.line, slug, 'error', null, checked.errors.map((e) => said(e, e)))
    if (checked.message) {
      data.push({ kind: 'size', productId: size.productId, variantId: size.id, before: checked.before, after: checked.after })
      says.push(said(checked.message, checked.message.replace(/^SKU/, 'Artikelnummer')))
    }
    return lineOf(l.line, slug, data.length ? 'changed' : 'unchanged', data.length ? data : null, says)
  })
}

/** The first line's product columns against the product as it is; null when they change nothing. Status is checked, not changed. */
function productPart(before: CurrentProduct, cell: (column: Parameters<VariantContext['cellOf']>[1]) => string, ctx: VariantContext, errors: Said[]) {
  const status = cell('status').toLowerCase() as Status
  const now = statusOf({ available_on: before.available_on })
  if (status && status !== now)
    errors.push(said(`status: ${before.slug} is ${now} in the store; change a product's status on its page in the console (the import sets it only on a new product).`, `status: ${before.slug} ist im Shop ${STATUS_DE[now]}; den Status eines Produkts ändern Sie auf seiner Seite in der Konsole (der Import setzt ihn nur bei einem neuen Produkt).`))
  for (const column of ['available_on', 'discontinue_on'] as const)
    if (cell(column)) errors.push(said(`${column}: on the lines of a product with options, leave it empty (change it on the product's page).`, `${column}: Lassen Sie es in den Zeilen eines Produkts mit Optionen leer (ändern Sie es auf der Seite des Produkts).`))
  const was = plainOf(before)
  const after: ProductRecord = { ...was }
  for (const column of PRODUCT_CELLS) {
    if (!ctx.columns.includes(column)) continue
    const value = cell(column)
    if (column === 'categories') {
      after.categories = [...new Set(value.split('|').map((s) => s.trim()).filter(Boolean))].sort()
      const unknown = after.categories.filter((p) => !ctx.taxonIds.has(p))
      if (unknown.length) errors.push(said(`Unknown categories: ${unknown.join(', ')} (use the permalinks shown on the Categories page).`, `Unbekannte Kategorien: ${unknown.join(', ')} (verwenden Sie die Permalinks der Seite „Kategorien“).`))
    } else if (column === 'name') {
      if (!value) errors.push(refusal('name_required', {}))
      after.name = value.slice(0, 200)
    } else after[column] = value || null
  }
  const changes = changedColumns(was, after)
  return changes.length ? { after, changes } : null
}

