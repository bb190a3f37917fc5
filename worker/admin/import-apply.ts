import type { Env } from '#worker/env.ts'
import { refreshFacetCounts } from '#worker/backend/catalogue/facet-counts.ts'
import { auditStatement } from './audit.ts'
import { pendingOf, recheckRows, staleStatements } from './import-recheck.ts'
import {
  classificationByPermalinkStatements,
  derivedStatements,
  dropUnmadeProducts,
  liveVariantsPriceStatement,
  masterStatements,
  newProductRows,
  productDetailsStatements,
  productStatements as newProductStatements,
  touchProduct,
  variantPriceStatement,
  variantStockStatement,
} from '#worker/backend/catalogue/product-write.ts'
import { ActionRefused } from './action-refused.ts'
import { isoDay } from './product-details.ts'
import { storefrontChanged } from './freshness.ts'
import { CURRENCIES, type ProductRecord, type SizeRecord } from './product-csv.ts'

/**
 * Applying a checked import: the new and changed rows are put on IMPORT_QUEUE in chunks of CHUNK_ROWS lines; this
 * worker's queue handler applies each chunk in one D1 batch (at most about 17 statements a line, so a chunk stays far below
 * D1's 1,000 queries per invocation) and marks its rows applied in that same batch. A chunk delivered twice, or a
 * resumed import, finds its rows applied and does nothing. When no row is left, the facet counts and the page cache
 * are refreshed once.
 */

export const CHUNK_ROWS = 25
export type ImportChunk = { jobId: number; fromLine: number; toLine: number }

interface Job {
  id: number
  admin_user_id: number
  admin_email: string
  status: 'checked' | 'applying' | 'done'
}

/** Puts every chunk that still has rows to apply on the queue; `resume` re-sends those of an import under way. */
export async function startApply(env: Env, jobId: number, resume = false): Promise<number> {
  if (!env.IMPORT_QUEUE) throw new ActionRefused('Imports are off: this store has no IMPORT_QUEUE (wrangler.toml).')
  const job = await env.DB.prepare('SELECT status FROM import_jobs WHERE id = ?').bind(jobId).first<{ status: string }>()
  if (!job) throw new ActionRefused('There is no such import.')
  if (job.status === 'done') throw new ActionRefused('This import is already applied.')
  if (resume !== (job.status === 'applying')) throw new ActionRefused(resume ? 'This import has not been started yet: apply it first.' : 'This import is already being applied.')
  if (!resume) await refuseStale(env.DB, jobId)
  // a new product with options weighs its lines (all written with its first), its following lines nothing
  const { results } = await env.DB.prepare(
    `SELECT line, CASE data_json ->> '$.kind' WHEN 'create' THEN json_array_length(data_json, '$.lines') WHEN 'part' THEN 0 ELSE 1 END AS weight
     FROM import_rows WHERE job_id = ? AND applied = 0 AND outcome IN ('new', 'changed') ORDER BY line`,
  )
    .bind(jobId)
    .all<{ line: number; weight: number }>()
  const chunks: ImportChunk[] = []
  let weight = 0
  for (const [i, row] of results.entries()) {
    if (weight === 0) chunks.push({ jobId, fromLine: row.line, toLine: row.line })
    chunks.at(-1)!.toLine = row.line
    weight += row.weight
    const next = results[i + 1]
    if (weight >= CHUNK_ROWS && next?.weight !== 0) weight = 0
  }
  // from the status seen: of two clicks on Apply (or Resume) at once, one sends the chunks, the other is refused
  const started = await env.DB.prepare("UPDATE import_jobs SET status = 'applying', failure = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = ?")
    .bind(jobId, job.status)
    .run()
  if (started.meta.changes !== 1) throw new ActionRefused('This import was started a moment ago, from another tab or by another operator.')
  for (let i = 0; i < chunks.length; i += 100) await env.IMPORT_QUEUE.sendBatch(chunks.slice(i, i + 100).map((body) => ({ body })))
  if (chunks.length === 0) await finish(env, jobId)
  return chunks.length
}

/**
 * Apply refused before anything is sent when a row to apply no longer holds (import-recheck.ts): those rows become
 * errors with their reason (shown by line on the import's page) and the operator decides again; nothing was written.
 */
async function refuseStale(db: D1Database, jobId: number) {
  const { results } = await db.prepare("SELECT line, data_json FROM import_rows WHERE job_id = ? AND applied = 0 AND outcome IN ('new', 'changed') ORDER BY line").bind(jobId).all<{ line: number; data_json: string }>()
  const stale = await recheckRows(db, pendingOf(results))
  if (stale.size === 0) return
  await db.batch(staleStatements(db, jobId, stale))
  const lines = [...stale.keys()]
  const first = lines.slice(0, 5).map((l) => `line ${l}: ${stale.get(l)}`).join(' ')
  throw new ActionRefused(
    `Nothing was applied: ${lines.length === 1 ? '1 line' : `${lines.length} lines`} no longer match${lines.length === 1 ? 'es' : ''} the catalogue the dry run checked (${first}${lines.length > 5 ? ' …' : ''}). They are now listed as errors; apply again to write the other lines, or upload the file again.`,
  )
}

/** Deliveries of a chunk before it is given up (the consumer's max_retries in wrangler.toml, plus the first). */
export const IMPORT_ATTEMPTS = 6

/**
 * The queue's consumer: one chunk a message; a failure is retried by the queue (max_retries in wrangler.toml) and
 * written on the job each time, so the import's page says which lines are stuck and why instead of 'being applied'
 * for ever; the rows before stay applied (each chunk is one batch), Resume sends only what is left.
 */
export async function handleImportBatch(batch: MessageBatch<ImportChunk>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const { jobId, fromLine, toLine } = message.body
    try {
      await applyChunk(env, message.body)
      message.ack()
    } catch (error) {
      console.warn(`import ${jobId}: lines ${fromLine}-${toLine} failed`, error)
      const last = message.attempts >= IMPORT_ATTEMPTS
      const failure = `Lines ${fromLine}–${toLine} could not be applied (${error instanceof Error ? error.message : String(error)}). ${last ? 'The import has stopped there: nothing of those lines was written, the lines before were. Fix the cause (or ask a developer), then Resume.' : `Trying again (attempt ${message.attempts} of ${IMPORT_ATTEMPTS}).`}`
      await env.DB.prepare("UPDATE import_jobs SET failure = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = 'applying'").bind(failure.slice(0, 1000), jobId).run().catch(() => undefined)
      if (last) message.ack()
      else message.retry({ delaySeconds: 10 })
    }
  }
}

export async function applyChunk(env: Env, chunk: ImportChunk): Promise<void> {
  const db = env.DB
  const job = await db.prepare('SELECT id, admin_user_id, admin_email, status FROM import_jobs WHERE id = ?').bind(chunk.jobId).first<Job>()
  if (!job || job.status !== 'applying') return
  const { results } = await db
    .prepare("SELECT line, data_json FROM import_rows WHERE job_id = ? AND line BETWEEN ? AND ? AND applied = 0 AND outcome IN ('new', 'changed') ORDER BY line")
    .bind(chunk.jobId, chunk.fromLine, chunk.toLine)
    .all<{ line: number; data_json: string }>()
  if (results.length) {
    const all = pendingOf(results)
    // checked again here too: a row changed in the catalogue between Apply and its chunk becomes an error, not applied
    const stale = await recheckRows(db, all)
    const rows = all.filter((r) => !stale.has(r.line))
    // new products get their row first (not on sale until the batch below), so every statement can use its id
    const fresh = rows.filter((r) => r.productId === null)
    if (fresh.length) await newProductRows(db, fresh.map((r) => ({ slug: r.after.slug, name: (r.after as { name: string }).name })))
    const ids = new Map(
      (await db.prepare('SELECT id, slug FROM products WHERE slug IN (SELECT value FROM json_each(?))').bind(JSON.stringify(rows.map((r) => r.after.slug))).all<{ id: number; slug: string }>()).results.map((r) => [r.slug, r.id]),
    )
    const operator = { id: job.admin_user_id, email: job.admin_email }
    const touched = new Set<number>()
    // A new product lands with its variant or not at all: when the batch fails (the queue retries it, or the import
    // stops there), the rows made above for it are removed again, so no product without anything to buy is left for
    // the console (or an operator putting it on sale) until Resume. Only rows that still have no variant: never one
    // another import or operator completed meanwhile.
    const unmade = () =>
      fresh.length
        ? dropUnmadeProducts(
            db,
            fresh.map((r) => r.after.slug),
          ).catch(() => undefined)
        : undefined
    await db.batch([
      ...rows.flatMap((row) => {
        const id = ids.get(row.after.slug)!
        // a new product with options: 'New product's statements (derived rows and audit included), its lines marked applied
        if (row.kind === 'create')
          return [
            ...newProductStatements(db, operator, id, row.after.slug, row.input, 'product.import'),
            db.prepare('UPDATE import_rows SET applied = 1 WHERE job_id = ? AND line IN (SELECT value FROM json_each(?))').bind(chunk.jobId, JSON.stringify(row.lines)),
          ]
        touched.add(id)
        return [
          ...(row.kind === 'size'
            ? sizeStatements(db, operator, id, row.variantId, row.before, row.after)
            : [...productStatements(db, id, row.after), auditStatement(db, operator, 'product.import', { type: 'product', id }, row.before, row.after)]),
          db.prepare('UPDATE import_rows SET applied = 1 WHERE job_id = ? AND line = ?').bind(chunk.jobId, row.line),
        ]
      }),
      // listing prices (productPricesInsert, the console's rule) and search rows once a product, after all its lines
      ...[...touched].flatMap((id) => derivedStatements(db, id)),
      ...staleStatements(db, chunk.jobId, stale),
      db
        .prepare("UPDATE import_jobs SET applied_rows = (SELECT COUNT(*) FROM import_rows WHERE job_id = ?1 AND applied = 1), failure = NULL, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?1")
        .bind(chunk.jobId),
    ]).catch(async (error: unknown) => {
      await unmade()
      throw error
    })
    // shoppers see each chunk as it lands, not only at the end
    await storefrontChanged(env, {})
  }
  const left = await db.prepare("SELECT COUNT(*) AS n FROM import_rows WHERE job_id = ? AND applied = 0 AND outcome IN ('new', 'changed')").bind(chunk.jobId).first<{ n: number }>()
  if (left!.n === 0) await finish(env, chunk.jobId)
}

async function finish(env: Env, jobId: number) {
  const done = await env.DB.prepare("UPDATE import_jobs SET status = 'done', updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND status = 'applying' RETURNING id").bind(jobId).first()
  if (!done) return
  // price buckets and category counts of the listings, once for the whole import
  await refreshFacetCounts(env.DB)
  await storefrontChanged(env, { taxons: true })
}

const pricesOf = (r: SizeRecord, c: 'aud' | 'usd') => ({ currency: c.toUpperCase(), amount_cents: r[`price_${c}`], compare_at_cents: r[`rrp_${c}`], member_cents: r[`club_${c}`] })

/** A size's line: its prices and stock, audited as the console's price and stock forms are (variant.prices, variant.stock). */
function sizeStatements(db: D1Database, operator: { id: number; email: string }, productId: number, variantId: number, before: SizeRecord, after: SizeRecord): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = []
  const prices = (r: SizeRecord) => CURRENCIES.filter((c) => r[`price_${c}`] !== null).map((c) => pricesOf(r, c))
  if (JSON.stringify(prices(before)) !== JSON.stringify(prices(after))) {
    for (const p of prices(after)) {
      statements.push(variantPriceStatement(db, variantId, p.currency, { amount: p.amount_cents!, rrp: p.compare_at_cents, member: p.member_cents }))
    }
    statements.push(auditStatement(db, operator, 'variant.prices', { type: 'product', id: productId }, { variant_id: variantId, sku: before.sku, prices: prices(before) }, { variant_id: variantId, sku: after.sku, prices: prices(after) }))
  }
  if (before.stock !== after.stock || before.backorderable !== after.backorderable) {
    statements.push(
      variantStockStatement(db, variantId, after.stock, after.backorderable),
      auditStatement(db, operator, 'variant.stock', { type: 'variant', id: variantId }, { sku: before.sku, stock_on_hand: before.stock, backorderable: before.backorderable }, { sku: after.sku, stock_on_hand: after.stock, backorderable: after.backorderable }),
    )
  }
  statements.push(touchProduct(db, productId))
  return statements
}

/**
 * The product written as the row states it: names, dates, German text, master SKU and stock, prices, categories. A
 * currency's price is written to every variant of the product (a product with sizes only gets one when the dry run
 * found all its sizes at the same price; null: left as it is).
 */
function productStatements(db: D1Database, id: number, r: ProductRecord): D1PreparedStatement[] {
  const price = (currency: 'AUD' | 'USD', amount: number | null, rrp: number | null, club: number | null) => (amount === null ? [] : [liveVariantsPriceStatement(db, id, currency, { amount, rrp, member: club })])
  return [
    ...productDetailsStatements(db, id, { name: r.name, nameDe: r.name_de, description: r.description, descriptionDe: r.description_de, availableOn: isoDay(r.available_on), discontinueOn: isoDay(r.discontinue_on) }),
    // stock is the master's only for a product without sizes (the dry run refuses it otherwise)
    ...masterStatements(db, id, r.sku, r.stock === null ? null : { count: r.stock, backorderable: Boolean(r.backorderable) }),
    ...price('AUD', r.price_aud, r.rrp_aud, r.club_aud),
    ...price('USD', r.price_usd, r.rrp_usd, r.club_usd),
    ...classificationByPermalinkStatements(db, id, r.categories),
  ]
}
