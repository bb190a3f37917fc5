import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { ImportJobPage, ImportPage, type ImportJobView, type ImportRowView } from '#worker/admin/pages/import-page.tsx'
import type { FieldErrors } from '#worker/admin/pages/parts.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { pageOf, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { dryRun, IMPORT_MAX_BYTES } from '../import-check.ts'
import { startApply } from '../import-apply.ts'
import { productsCsv } from '../product-csv.ts'
import { ActionRefused } from '../action-refused.ts'
import { PRIVATE_HEADERS, renderPage, seeOther } from '../render.tsx'

/** Product CSV export and import (docs/console.md 'Product CSV'). */
export const productImport = new Hono<AdminEnv>()

const ROWS_PAGE_SIZE = 100
const OUTCOMES = ['error', 'new', 'changed', 'unchanged'] as const

productImport.get('/products.csv', (c) => {
  const day = new Date().toISOString().slice(0, 10)
  return new Response(productsCsv(c.env.DB), { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="products-${day}.csv"`, ...PRIVATE_HEADERS } })
})

async function showImport(c: AdminContext, extra: { error?: string; errors?: FieldErrors } = {}, status = 200) {
  const { results } = await c.env.DB.prepare('SELECT * FROM import_jobs ORDER BY id DESC LIMIT 10').all<ImportJobView>()
  return renderPage(c, 'Import products', <ImportPage jobs={results} {...extra} maxMegabytes={IMPORT_MAX_BYTES / 1024 / 1024} />, status)
}

/** The upload form's own field; what the lines say is the dry run's (import-check.ts). */
const ImportFormSchema = z.object({
  file: z
    .instanceof(File, { message: 'Choose a CSV file to check.' }).check(z.refine((file) => file.size > 0, 'The file is empty. Choose the CSV file you saved from the spreadsheet.')),
})

productImport.get('/products/import', (c) => showImport(c))

productImport.post('/products/import', async (c) => {
  const form = await parseForm(c, ImportFormSchema)
  if (!form.ok) return showImport(c, { errors: form.errors }, 422)
  const { file } = form.data
  const refuse = (message: string, status: 413 | 415) => showImport(c, { errors: { file: message } }, status)
  if (file.size > IMPORT_MAX_BYTES) return refuse(`The file is ${(file.size / 1024 / 1024).toFixed(1)} MB; import at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB at a time (split the file).`, 413)
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer())
  } catch {
    return refuse('The file is not UTF-8 text. Save it from the spreadsheet as "CSV UTF-8".', 415)
  }
  try {
    const id = await dryRun(c.env.DB, c.var.operator, file.name || 'products.csv', text)
    return seeOther(c, `/admin/products/import/${id}`)
  } catch (error) {
    if (error instanceof ActionRefused) return showImport(c, { error: error.message }, 422)
    throw error
  }
})

async function showJob(c: AdminContext, error?: string, status = 200) {
  const id = Number(c.req.param('id'))
  // a product with options is one line per variant: the tile counts the new products, not their lines
  const job = await c.env.DB.prepare("SELECT j.*, (SELECT COUNT(DISTINCT slug) FROM import_rows WHERE job_id = j.id AND outcome = 'new') AS new_products FROM import_jobs j WHERE j.id = ?")
    .bind(id)
    .first<ImportJobView & { new_products: number }>()
  if (!job) return c.notFound()
  const show = OUTCOMES.find((o) => o === c.req.query('show'))
  const page = pageOf(c)
  const where = show ? 'r.job_id = ?1 AND r.outcome = ?2' : "r.job_id = ?1 AND r.outcome != 'unchanged'"
  const binds = show ? [id, show] : [id]
  // each applied row names and links the product it created or updated, for the operator to go and check it
  const [rows, count] = await c.env.DB.batch([
    c.env.DB.prepare(
      `SELECT r.line, r.slug, r.outcome, r.message, r.message_de, r.applied, p.id AS product_id, p.name AS product_name FROM import_rows r
       LEFT JOIN products p ON r.applied = 1 AND p.slug = r.slug AND p.deleted_at IS NULL
       WHERE ${where} ORDER BY r.line LIMIT ${ROWS_PAGE_SIZE} OFFSET ${(page - 1) * ROWS_PAGE_SIZE}`,
    ).bind(...binds),
    c.env.DB.prepare(`SELECT COUNT(*) AS n FROM import_rows r WHERE ${where}`).bind(...binds),
  ])
  const total = (count!.results[0] as { n: number }).n
  return renderPage(
    c,
    `Import ${job.filename}`,
    <ImportJobPage job={job} rows={rows!.results as unknown as ImportRowView[]} show={show} page={page} pageSize={ROWS_PAGE_SIZE} total={total} notice={noticeText(c.req.query('notice'))} error={error} />,
    status,
  )
}

productImport.get('/products/import/:id{[0-9]+}', (c) => showJob(c))

productImport.post('/products/import/:id{[0-9]+}/:action{apply|resume}', async (c) => {
  const id = Number(c.req.param('id'))
  const resume = c.req.param('action') === 'resume'
  try {
    await startApply(c.env, id, resume)
  } catch (error) {
    if (error instanceof ActionRefused) return showJob(c, error.message, 409)
    throw error
  }
  return seeOther(c, `/admin/products/import/${id}`, resume ? 'import-resumed' : 'import-started')
})
