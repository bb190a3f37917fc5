import { slugOf } from './catalogue-actions.ts'
import { checkProduct } from './product-write.ts'
import { combinationKeys, labelOf, parseValueText, STATUSES, type GridRow, type NewProduct, type OptionChoice, type Status } from './product-input.ts'
import { lineOf, moneyOf, OPTION_INDEXES, PRODUCT_CELLS, refusal, said, STATUS_DE, stockOf, VARIANT_COLUMNS, type CheckedLine, type FileLine, type ImportColumn, type Said, type VariantContext } from './import-lines.ts'
import { checkUpdateGroup } from './import-variant-updates.ts'

/**
 * Products with options from the product CSV (docs/console.md 'Products with options'; decision 0057), laid out as
 * Shopify's product CSV: one line per variant, all with the product's slug; the product's columns on its first line
 * (the following lines leave them empty or repeat them), the option names (`Colour / Farbe`) on the first line, each
 * line its values (`Red / Rot #c0392b`), SKU, prices and stock. A new product is read into what 'New product' sends
 * and checked by its rules (product-write.ts checkProduct): it is written whole, by that module's statements, or not
 * at all — one refused line refuses every line of its product. A product the store has is matched by SKU
 * (import-variant-updates.ts), so the same file imported again changes nothing.
 */

export type CreateRow = { kind: 'create'; productId: null; after: { slug: string; name: string }; input: NewProduct; lines: number[] }
export type PartRow = { kind: 'part'; of: number }

/** Whether a line is one of a product with options: a variant column filled. */
export const usesVariantColumns = (ctx: Pick<VariantContext, 'cellOf'>, cells: string[]) => VARIANT_COLUMNS.some((c) => ctx.cellOf(cells, c) !== '')

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Every line of the given slugs checked; `takenSkus` (upper-case) grows by each new product's SKUs. */
export function checkVariantGroups(groups: Map<string, FileLine[]>, ctx: VariantContext, takenSkus: Set<string>): CheckedLine[] {
  const out: CheckedLine[] = []
  for (const [slug, lines] of groups) {
    if (!SLUG.test(slug)) {
      const why = slug ? said(`slug: “${slug}” — use lower-case letters, digits and single dashes.`, `slug: „${slug}“ – verwenden Sie Kleinbuchstaben, Ziffern und einzelne Bindestriche.`) : said('slug is required on every line.', 'slug fehlt: Jede Zeile braucht den slug ihres Produkts.')
      out.push(...lines.map((l) => lineOf(l.line, slug || null, 'error', null, [why])))
    } else if (ctx.archived.has(slug)) {
      const kept = lines.every((l) => ['', 'archived'].includes(ctx.cellOf(l.cells, 'status').toLowerCase()))
      const why = kept ? said(`${slug} is archived; left as it is.`, `${slug} ist archiviert und bleibt, wie es ist.`) : said(`${slug} is archived: restore it on its page in the console before importing it.`, `${slug} ist archiviert: Stellen Sie es in der Konsole auf seiner Seite wieder her, bevor Sie es importieren.`)
      out.push(...lines.map((l) => lineOf(l.line, slug, kept ? 'unchanged' : 'error', null, [why])))
    } else if (ctx.current.has(slug)) out.push(...checkUpdateGroup(slug, lines, ctx))
    else out.push(...checkNewGroup(slug, lines, ctx, takenSkus))
  }
  return out
}

/** The following lines repeat the product's columns or leave them empty. */
function repeatedColumns(lines: FileLine[], ctx: VariantContext, add: (line: number, s: Said) => void) {
  const [first, ...rest] = lines
  for (const l of rest)
    for (const column of [...PRODUCT_CELLS, 'status', 'available_on', 'discontinue_on'] as ImportColumn[]) {
      const value = ctx.cellOf(l.cells, column)
      if (value && value !== ctx.cellOf(first!.cells, column))
        add(l.line, said(`${column} differs from line ${first!.line}, the product's first line: leave it empty on the following lines (or repeat it).`, `${column} weicht von Zeile ${first!.line} ab, der ersten Zeile des Produkts: Lassen Sie es in den folgenden Zeilen leer (oder wiederholen Sie es).`))
    }
}

/** The option types named on the first line (option1_name …), matched to the store's by name or created. */
function readOptions(lines: FileLine[], ctx: VariantContext, add: (line: number, s: Said) => void) {
  const first = lines[0]!
  const options: Array<OptionChoice & { index: number }> = []
  for (const index of OPTION_INDEXES) {
    const text = ctx.cellOf(first.cells, `option${index}_name`)
    for (const l of lines.slice(1)) {
      const again = ctx.cellOf(l.cells, `option${index}_name`)
      if (again && again.toLowerCase() !== text.toLowerCase()) add(l.line, said(`option${index}_name is “${again}” here but “${text}” on line ${first.line}: name the options once, on the product's first line.`, `option${index}_name ist hier „${again}“, in Zeile ${first.line} aber „${text}“: Benennen Sie die Optionen einmal, in der ersten Zeile des Produkts.`))
    }
    if (!text) continue
    const parsed = parseValueText(text)
    if (!parsed || parsed.swatch) {
      add(first.line, said(`option${index}_name: write an option as “English / German”, e.g. “Colour / Farbe” (the German may be left out).`, `option${index}_name: Schreiben Sie eine Option als „Englisch / Deutsch“, z. B. „Colour / Farbe“ (Deutsch darf fehlen).`))
      continue
    }
    const name = slugOf(parsed.presentation)
    const type = ctx.store.optionTypes.find((t) => t.name === name || t.presentation.toLowerCase() === parsed.presentation.toLowerCase())
    const choice = type
      ? { index, typeId: type.id, name: type.name, presentation: type.presentation, presentationDe: null, field: 'options', values: [] }
      : { index, typeId: null, name, presentation: parsed.presentation, presentationDe: parsed.presentationDe, field: 'options', values: [] }
    if (options.some((o) => o.name === choice.name)) add(first.line, said(`option${index}_name: ${choice.presentation} is named twice.`, `option${index}_name: ${choice.presentation} ist zweimal genannt.`))
    else options.push(choice)
  }
  return options
}

function checkNewGroup(slug: string, lines: FileLine[], ctx: VariantContext, takenSkus: Set<string>): CheckedLine[] {
  const problems = new Map<number, Said[]>()
  const add = (line: number, s: Said) => problems.set(line, [...(problems.get(line) ?? []), s])
  const first = lines[0]!
  const cell = (l: FileLine, column: ImportColumn) => ctx.cellOf(l.cells, column)
  repeatedColumns(lines, ctx, add)
  for (const column of ['available_on', 'discontinue_on'] as const)
    if (cell(first, column)) add(first.line, said(`${column}: a new product goes on sale by its status (draft or active); leave ${column} empty.`, `${column}: Ein neues Produkt kommt über seinen Status (draft oder active) in den Verkauf; lassen Sie ${column} leer.`))
  const status = (cell(first, 'status').toLowerCase() || 'draft') as Status
  if (!STATUSES.includes(status)) add(first.line, said('status: write draft, active or archived.', 'status: Schreiben Sie draft, active oder archived.'))
  for (const [column, max] of [['name', 200], ['name_de', 200], ['description', 20_000], ['description_de', 20_000]] as const)
    if (cell(first, column).length > max) add(first.line, said(`${column}: at most ${max} characters.`, `${column}: höchstens ${max} Zeichen.`))
  const permalinks = [...new Set(cell(first, 'categories').split('|').map((s) => s.trim()).filter(Boolean))]
  const unknown = permalinks.filter((p) => !ctx.taxonIds.has(p))
  if (unknown.length) add(first.line, said(`Unknown categories: ${unknown.join(', ')} (use the permalinks shown on the Categories page).`, `Unbekannte Kategorien: ${unknown.join(', ')} (verwenden Sie die Permalinks der Seite „Kategorien“).`))
  for (const l of lines) {
    const backorderable = cell(l, 'backorderable').toLowerCase()
    if (backorderable && !['no', 'false', '0'].includes(backorderable)) add(l.line, said('backorderable: a new variant is not backorderable; allow it on the product page after the import.', 'backorderable: Eine neue Variante ist nicht nachbestellbar; erlauben Sie es nach dem Import auf der Seite des Produkts.'))
  }

  const options = readOptions(lines, ctx, add)
  const keyLine = new Map<string, number>()
  const rows: GridRow[] = []
  for (const l of lines) {
    const keys: string[] = []
    for (const index of OPTION_INDEXES) {
      const text = cell(l, `option${index}_value`)
      const option = options.find((o) => o.index === index)
      if (!option) {
        if (text && cell(first, `option${index}_name`) === '') add(l.line, said(`option${index}_value is given but the product's first line names no option${index}_name.`, `option${index}_value ist angegeben, aber die erste Zeile des Produkts nennt keinen option${index}_name.`))
        continue
      }
      if (!text) {
        add(l.line, said(`option${index}_value: give this variant's ${option.presentation}.`, `option${index}_value: Geben Sie ${option.presentationDe ?? option.presentation} dieser Variante an.`))
        continue
      }
      const parsed = parseValueText(text)
      if (!parsed) {
        add(l.line, refusal('option_value_invalid', { value: text }))
        continue
      }
      const name = slugOf(parsed.presentation)
      const known = ctx.store.optionTypes.find((t) => t.id === option.typeId)?.values.find((v) => v.name === name || v.presentation.toLowerCase() === parsed.presentation.toLowerCase())
      const value = known
        ? { key: `v${known.id}`, id: known.id, name: known.name, presentation: known.presentation, presentationDe: null, swatch: known.swatch }
        : { key: option.typeId === null ? `x${index}-${name}` : `n${option.typeId}-${name}`, id: null, name, ...parsed }
      if (!option.values.some((v) => v.key === value.key)) option.values.push(value)
      keys.push(value.key)
    }
    const key = options.length ? keys.join('_') : 'one'
    keyLine.set(key, l.line)
    const money = (c: 'aud' | 'usd') => moneyOf((column) => cell(l, column), c)
    rows.push({ key, label: labelOf(options, key), sku: cell(l, 'sku'), stock: stockOf(cell(l, 'stock')), prices: { AUD: money('aud'), USD: money('usd') } })
  }
  if (!options.length && lines.length > 1) for (const l of lines.slice(1)) add(l.line, said(`${slug} has no options (option1_name …) on its first line, so it has one variant: one line.`, `${slug} hat in seiner ersten Zeile keine Optionen (option1_name …) und damit eine Variante: eine Zeile.`))

  const input: NewProduct = {
    name: cell(first, 'name'),
    nameDe: cell(first, 'name_de') || null,
    description: cell(first, 'description') || null,
    descriptionDe: cell(first, 'description_de') || null,
    status,
    taxonIds: permalinks.flatMap((p) => ctx.taxonIds.get(p) ?? []),
    unknownTaxons: false,
    properties: [],
    options: options.map(({ index: _i, ...o }) => o),
    unknownOptions: false,
    badValues: [],
    rows,
  }
  if (problems.size === 0) {
    for (const p of checkProduct(input, { ...ctx.store, takenSkus })) {
      const line = keyLine.get(p.field.split('__')[1] ?? '') ?? first.line
      if (p.code === 'variant_not_generated') {
        const given = new Set(rows.map((r) => r.key))
        const missing = combinationKeys(input).filter((k) => !given.has(k)).map((k) => labelOf(input.options, k))
        add(first.line, said(`${slug} needs one line for each combination of its options; missing: ${missing.join(', ')}.`, `${slug} braucht eine Zeile für jede Kombination seiner Optionen; es fehlen: ${missing.join(', ')}.`))
      } else add(line, refusal(p.code, p.params))
    }
  }
  for (const r of rows) if (r.sku) takenSkus.add(r.sku.toUpperCase())

  if (problems.size) {
    const bad = [...problems.keys()].sort((a, b) => a - b)
    const others = said(`Not imported: ${slug} is refused as a whole (line ${bad.join(', ')}).`, `Nicht importiert: ${slug} wird als Ganzes abgelehnt (Zeile ${bad.join(', ')}).`)
    return lines.map((l) => lineOf(l.line, slug, 'error', null, problems.get(l.line) ?? [others]))
  }
  const created = input.options.flatMap((o) => [...(o.typeId === null ? [o.presentation] : []), ...o.values.filter((v) => v.id === null).map((v) => `${o.presentation} ${v.presentation}`)])
  const head = said(
    `New product “${input.name}” (${status}) with ${rows.length} ${rows.length === 1 ? 'variant' : 'variants'}${created.length ? `; creates ${created.join(', ')}` : ''}.`,
    `Neues Produkt „${input.nameDe ?? input.name}“ (${STATUS_DE[status]}) mit ${rows.length} ${rows.length === 1 ? 'Variante' : 'Varianten'}${created.length ? `; legt an: ${created.join(', ')}` : ''}.`,
  )
  const create: CreateRow = { kind: 'create', productId: null, after: { slug, name: input.name }, input, lines: lines.map((l) => l.line) }
  return lines.map((l, i) => {
    const row = rows[i]!
    const variant = said(`${row.label || 'The variant'}: SKU ${row.sku}, stock ${row.stock}.`, `${row.label || 'Die Variante'}: Artikelnummer ${row.sku}, Bestand ${row.stock}.`)
    return i === 0 ? lineOf(l.line, slug, 'new', create, [head, variant]) : lineOf(l.line, slug, 'new', { kind: 'part', of: first.line } satisfies PartRow, [variant])
  })
}
