import * as z from 'zod/mini'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { spendFormStatement } from './form-tokens.ts'
import { field } from './forms.ts'
import { sizeGuideStatements, type SizeGuideRow } from '#worker/backend/catalogue/size-guide-write.ts'

/**
 * Size guides in the console (issue 44 point 5, migration 0410): names, 'how to measure' and column headings in English
 * and German, one table of sizes (the cells are the same in both languages), and the categories that use the guide.
 * The table is typed as text, one size a line, cells split by '|' (or a tab, as a spreadsheet pastes them), so the form
 * works without a script and a table copied from a supplier's sheet goes in at once.
 */

const MAX_CELL = 30

/** A guide as the form edits it and the audit log keeps it (the names of the form's fields). */
export type SizeGuideRecord = SizeGuideRow

/** Every guide (or the one with `id`), each with its categories. */
export async function listSizeGuides(db: D1Database, id: number | null = null): Promise<Array<SizeGuideRecord & { id: number }>> {
  const { results } = await db
    .prepare('SELECT g.*, (SELECT json_group_array(taxon_id) FROM size_guide_taxons WHERE guide_id = g.id) AS categories FROM size_guides g WHERE ?1 IS NULL OR g.id = ?1 ORDER BY g.name_en')
    .bind(id)
    .all<SizeGuideRecord & { id: number; size_table: string; categories: string; updated_at?: string }>()
  return results.map(({ size_table, categories, updated_at: _, ...row }) => {
    const table = JSON.parse(size_table) as { columns: { en: string[]; de: string[] }; rows: string[][] }
    return { ...row, columns_en: table.columns.en, columns_de: table.columns.de, rows: table.rows, categories: JSON.parse(categories) as number[] }
  })
}

/** A line of the table as cells: split by '|' or tabs, each trimmed. */
const cellsOf = (line: string) => line.split(/\||\t/).map((cell) => cell.trim())
const fits = (cell: string) => cell.length >= 1 && cell.length <= MAX_CELL

const headings = (label: string) =>
  z.pipe(z
    .string(), z.transform(cellsOf)).check(z.refine((cells) => cells.length >= 2 && cells.length <= 8 && cells.every(fits), `${label}: the size, then 1 to 7 measurements, split by |, each at most ${MAX_CELL} characters.`))

const fields = {
  name_en: field.text('The English name', 80),
  name_de: field.text('The German name', 80),
  columns_en: headings('English column headings'),
  columns_de: headings('German column headings'),
  rows: z.pipe(z
    .string(), z.transform((text) => text.split(/\r?\n/).filter((line) => line.trim()).map(cellsOf))).check(z.refine((rows) => rows.length >= 1 && rows.length <= 40, 'Give 1 to 40 sizes, one a line.')),
  how_to_en: z.string().check(z.trim(), z.maxLength(4000, 'At most 4000 characters.')),
  how_to_de: z.string().check(z.trim(), z.maxLength(4000, 'At most 4000 characters.')),
}

type Fields = z.output<z.ZodMiniObject<typeof fields>>

/** The table as a whole: both languages have the same columns, every size a cell per column. */
function checkTable(form: Fields, ctx: z.core.$RefinementCtx) {
  const n = form.columns_en.length
  if (form.columns_de.length !== n) {
    ctx.addIssue({ code: 'custom', path: ['columns_de'], message: `The German headings have ${form.columns_de.length} columns, the English ${n}: give both the same columns.` })
  }
  const bad = form.rows.findIndex((row) => row.length !== n || !row.every(fits))
  if (bad >= 0) {
    const row = form.rows[bad]!
    ctx.addIssue({ code: 'custom', path: ['rows'], message: `Line ${bad + 1} ('${row.join(' | ').slice(0, 40)}') has ${row.length} cells; give one per heading (${n}), each at most ${MAX_CELL} characters.` })
  }
}

export const SizeGuideFormSchema = z.object(fields).check(z.superRefine(checkTable))
/** A new guide also chooses its key (it stays: the audit log and the API name the guide by it). */
export const NewSizeGuideFormSchema = z
  .object({
    ...fields,
    slug: z
      .string().check(z.trim(), z.maxLength(60, 'The key has at most 60 characters.'), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'The key: lower-case letters, digits and single dashes, like mens-apparel.')),
  }).check(z.superRefine(checkTable))

/**
 * Writes the guide (a new one when `before` is null) and its categories in one batch with the form's one-time token
 * and the audit entry: a form sent twice fails on the token and changes nothing. A ticked category another guide had
 * moves to this one (a category uses one guide).
 */
export async function saveSizeGuide(db: D1Database, operator: Operator, token: string, before: SizeGuideRecord | null, after: SizeGuideRecord): Promise<void> {
  await db.batch([
    spendFormStatement(db, token, operator, { sql: '?', binds: ['/admin/content/size-guides'] }),
    ...sizeGuideStatements(db, before !== null, after),
    auditStatement(db, operator, before ? 'size_guide.update' : 'size_guide.create', { type: 'size_guide', id: after.slug }, before, after),
  ])
}
