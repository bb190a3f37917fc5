import * as z from 'zod'
import type { FormValues } from '#worker/admin/pages/parts.tsx'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { spendFormStatement } from './form-tokens.ts'

/**
 * Size guides in the console (issue 44 point 5, migration 0410): names, 'how to measure' and column headings in English
 * and German, one table of sizes (the cells are the same in both languages), and the categories that use the guide.
 * The table is typed as text, one size a line, cells split by '|' (or a tab, as a spreadsheet pastes them), so the form
 * works without a script and a table copied from a supplier's sheet goes in at once.
 */

export const MAX_COLUMNS = 8
export const MAX_ROWS = 40
const MAX_CELL = 30

export interface SizeGuideRecord {
  id: number
  slug: string
  nameEn: string
  nameDe: string
  howToEn: string
  howToDe: string
  columnsEn: string[]
  columnsDe: string[]
  rows: string[][]
  taxonIds: number[]
}

interface GuideRow {
  id: number
  slug: string
  name_en: string
  name_de: string
  how_to_en: string
  how_to_de: string
  size_table: string
  taxon_ids: string | null
}

const SELECT = `SELECT g.*, (SELECT group_concat(taxon_id) FROM size_guide_taxons WHERE guide_id = g.id) AS taxon_ids FROM size_guides g`

function toRecord(row: GuideRow): SizeGuideRecord {
  const table = JSON.parse(row.size_table) as { columns: { en: string[]; de: string[] }; rows: string[][] }
  return {
    id: row.id,
    slug: row.slug,
    nameEn: row.name_en,
    nameDe: row.name_de,
    howToEn: row.how_to_en,
    howToDe: row.how_to_de,
    columnsEn: table.columns.en,
    columnsDe: table.columns.de,
    rows: table.rows,
    taxonIds: row.taxon_ids ? row.taxon_ids.split(',').map(Number) : [],
  }
}

export async function listSizeGuides(db: D1Database): Promise<SizeGuideRecord[]> {
  const { results } = await db.prepare(`${SELECT} ORDER BY g.name_en, g.id`).all<GuideRow>()
  return results.map(toRecord)
}

export async function loadSizeGuide(db: D1Database, id: number): Promise<SizeGuideRecord | null> {
  const row = await db.prepare(`${SELECT} WHERE g.id = ?`).bind(id).first<GuideRow>()
  return row ? toRecord(row) : null
}

/** A line of the table as cells: split by '|' or tabs, each trimmed. */
export const cellsOf = (line: string) => line.split(/\||\t/).map((cell) => cell.trim())
/** The table as the form shows it: one size a line. */
export const tableText = (rows: string[][]) => rows.map((row) => row.join(' | ')).join('\n')

/** A refusal in English and German, as the shipping screen's: the console is in English, the shop may be run in German. */
export const say = (en: string, de: string) => `${en} (${de})`

const headings = (language: string, sprache: string) =>
  z
    .string()
    .trim()
    .min(
      1,
      say(`The ${language} column headings are required: the size first, then each measurement, split by |.`, `Die ${sprache} Spaltenköpfe fehlen: zuerst die Größe, dann die Maße, getrennt durch |.`),
    )
    .transform(cellsOf)
    .refine(
      (cells) => cells.length >= 2 && cells.length <= MAX_COLUMNS,
      say(`Give the ${language} headings 2 to ${MAX_COLUMNS} columns (the size, then the measurements), split by |.`, `Die ${sprache} Spaltenköpfe brauchen 2 bis ${MAX_COLUMNS} Spalten.`),
    )
    .refine(
      (cells) => cells.every((cell) => cell.length >= 1 && cell.length <= MAX_CELL),
      say(`Every ${language} heading needs a name of at most ${MAX_CELL} characters.`, `Jeder ${sprache} Spaltenkopf braucht einen Namen von höchstens ${MAX_CELL} Zeichen.`),
    )

const howTo = (language: string, sprache: string) =>
  z
    .string()
    .trim()
    .max(4000, say(`The ${language} 'how to measure' has at most 4000 characters.`, `Die ${sprache} Messanleitung hat höchstens 4000 Zeichen.`))
    .transform((text) => text.replace(/\r\n?/g, '\n'))

/** The category checkboxes (`taxon.<id>`) that are ticked. */
export const tickedTaxons = (values: FormValues) =>
  Object.entries(values)
    .filter(([key, value]) => /^taxon\.\d{1,12}$/.test(key) && value === 'on')
    .map(([key]) => Number(key.slice('taxon.'.length)))

export const SizeGuideFormSchema = z
  .object({
    name_en: z
      .string()
      .trim()
      .min(1, say('The English name is required.', 'Der englische Name fehlt.'))
      .max(80, say('The English name has at most 80 characters.', 'Der englische Name hat höchstens 80 Zeichen.')),
    name_de: z
      .string()
      .trim()
      .min(1, say('The German name is required.', 'Der deutsche Name fehlt.'))
      .max(80, say('The German name has at most 80 characters.', 'Der deutsche Name hat höchstens 80 Zeichen.')),
    columns_en: headings('English', 'englischen'),
    columns_de: headings('German', 'deutschen'),
    rows: z
      .string()
      .trim()
      .min(1, say('Add at least one size: one line a size, its cells split by |.', 'Mindestens eine Größe angeben: eine Zeile je Größe, Zellen getrennt durch |.'))
      .transform((text) =>
        text
          .split(/\r?\n/)
          .filter((line) => line.trim() !== '')
          .map(cellsOf),
      )
      .refine((rows) => rows.length <= MAX_ROWS, say(`A guide has at most ${MAX_ROWS} sizes.`, `Eine Größentabelle hat höchstens ${MAX_ROWS} Größen.`)),
    how_to_en: howTo('English', 'englische'),
    how_to_de: howTo('German', 'deutsche'),
  })
  .superRefine((form, ctx) => {
    // a field already refused leaves the others as posted (text, not cells): the table is checked once they parse
    if (!Array.isArray(form.rows) || !Array.isArray(form.columns_en) || !Array.isArray(form.columns_de)) return
    if (form.columns_en.length !== form.columns_de.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['columns_de'],
        message: say(
          `The German headings have ${form.columns_de.length} columns, the English ${form.columns_en.length}: give both the same columns.`,
          `Die deutschen Spaltenköpfe haben ${form.columns_de.length} Spalten, die englischen ${form.columns_en.length}.`,
        ),
      })
    }
    const bad = form.rows.findIndex((row) => row.length !== form.columns_en.length || row.some((cell) => cell.length === 0 || cell.length > MAX_CELL))
    if (bad >= 0) {
      const row = form.rows[bad]!
      ctx.addIssue({
        code: 'custom',
        path: ['rows'],
        message:
          row.length !== form.columns_en.length
            ? say(
                `Line ${bad + 1} ('${row.join(' | ').slice(0, 40)}') has ${row.length} cells; the headings have ${form.columns_en.length}.`,
                `Zeile ${bad + 1} hat ${row.length} Zellen, die Spaltenköpfe ${form.columns_en.length}.`,
              )
            : say(`Line ${bad + 1} has an empty cell or one over ${MAX_CELL} characters.`, `Zeile ${bad + 1} hat eine leere Zelle oder eine mit mehr als ${MAX_CELL} Zeichen.`),
      })
    }
  })
export type SizeGuideForm = z.output<typeof SizeGuideFormSchema>

export const SlugSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, say('Give the guide an address, like mens-apparel.', 'Eine Adresse angeben, etwa mens-apparel.'))
    .max(60, 'At most 60 characters.')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, say('Use lower-case letters, digits and single dashes.', 'Nur Kleinbuchstaben, Ziffern und einzelne Bindestriche.')),
})

const tableJson = (form: SizeGuideForm) => JSON.stringify({ columns: { en: form.columns_en, de: form.columns_de }, rows: form.rows })

/** What the audit log keeps of a guide: what the operator can change. */
const audited = (g: { slug: string; nameEn: string; nameDe: string; howToEn: string; howToDe: string; columnsEn: string[]; columnsDe: string[]; rows: string[][]; taxonIds: number[] }) => ({
  slug: g.slug,
  name_en: g.nameEn,
  name_de: g.nameDe,
  how_to_en: g.howToEn,
  how_to_de: g.howToDe,
  columns_en: g.columnsEn,
  columns_de: g.columnsDe,
  rows: g.rows,
  categories: g.taxonIds,
})
const fromForm = (slug: string, form: SizeGuideForm, taxonIds: number[]) =>
  audited({ slug, nameEn: form.name_en, nameDe: form.name_de, howToEn: form.how_to_en, howToDe: form.how_to_de, columnsEn: form.columns_en, columnsDe: form.columns_de, rows: form.rows, taxonIds })

/**
 * Writes the guide (a new one when `before` is null) and its categories in one batch with the form's one-time token
 * and the audit entry: a form sent twice fails on the token and changes nothing. A ticked category another guide had
 * moves to this one (a category uses one guide).
 */
export async function saveSizeGuide(db: D1Database, operator: Operator, token: string, before: SizeGuideRecord | null, slug: string, form: SizeGuideForm, taxonIds: number[]): Promise<void> {
  const statements: D1PreparedStatement[] = [spendFormStatement(db, token, operator, { sql: '?', binds: [`/admin/content/size-guides`] })]
  const values = [form.name_en, form.name_de, form.how_to_en, form.how_to_de, tableJson(form)]
  if (before) {
    statements.push(
      db
        .prepare("UPDATE size_guides SET name_en = ?, name_de = ?, how_to_en = ?, how_to_de = ?, size_table = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?")
        .bind(...values, before.id),
      db.prepare('DELETE FROM size_guide_taxons WHERE guide_id = ?').bind(before.id),
    )
  } else {
    statements.push(db.prepare('INSERT INTO size_guides (slug, name_en, name_de, how_to_en, how_to_de, size_table) VALUES (?, ?, ?, ?, ?, ?)').bind(slug, ...values))
  }
  for (const taxonId of taxonIds) {
    statements.push(db.prepare('INSERT OR REPLACE INTO size_guide_taxons (taxon_id, guide_id) SELECT ?, id FROM size_guides WHERE slug = ?').bind(taxonId, before?.slug ?? slug))
  }
  const after = fromForm(before?.slug ?? slug, form, taxonIds)
  statements.push(auditStatement(db, operator, before ? 'size_guide.update' : 'size_guide.create', { type: 'size_guide', id: before?.slug ?? slug }, before ? audited(before) : null, after))
  await db.batch(statements)
}
