import * as z from 'zod/mini'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { field } from './forms.ts'
import { once, spendFormStatement } from './form-tokens.ts'
import { unlessTaken } from './action-refused.ts'
import { name, nextId } from './shipping-data.ts'
import { placeStatement } from '#worker/backend/commerce/pickup.ts'

/**
 * Click & Collect places in the console (issue 40 point 4, migration 0400, decision 0055): a name, address and opening
 * hours in English and German. The checkout reads the active ones on each request (worker/backend/commerce/pickup.ts),
 * so a saved place is offered to the next shopper; a place is retired, never deleted (orders name it).
 */

export interface CollectLocationRow {
  id: number
  name: string
  name_de: string
  address: string
  hours: string
  hours_de: string
  retired_at: string | null
}

/** One line per line as typed, without the blank ones (printed as lines on the confirmation). */
const lines = (en: string, de: string) =>
  z.pipe(name(en, de, 300), z.transform((v) =>
    v
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean)
      .join('\n')))

export const CollectLocationSchema = z.object({
  name: name('The English name', 'Der englische Name'),
  name_de: name('The German name', 'Der deutsche Name'),
  address: lines('The address', 'Die Adresse'),
  hours: lines('The opening hours (English)', 'Die Öffnungszeiten (Englisch)'),
  hours_de: lines('The opening hours (German)', 'Die Öffnungszeiten (Deutsch)'),
  retired: field.checkbox,
})
export type CollectLocationInput = z.infer<typeof CollectLocationSchema>

export async function listCollectLocations(db: D1Database): Promise<CollectLocationRow[]> {
  return (await db.prepare('SELECT * FROM collect_locations ORDER BY retired_at IS NOT NULL, name, id').all<CollectLocationRow>()).results
}

export const loadCollectLocation = (db: D1Database, id: number) => db.prepare('SELECT * FROM collect_locations WHERE id = ?').bind(id).first<CollectLocationRow>()

/**
 * Creates (`before` null) or saves a place, once per form, audited; ticking 'retired' stops offering it (carts that
 * chose it choose again), unticking offers it again.
 */
export async function saveCollectLocation(db: D1Database, operator: Operator, before: CollectLocationRow | null, input: CollectLocationInput, token: string): Promise<void> {
  const id = before?.id ?? (await nextId(db, 'collect_locations'))
  const retired = input.retired ? (before?.retired_at ?? new Date().toISOString()) : null
  const statements = [
    // a new place's id is taken before the batch: two operators adding one at the same moment collide on it. A cart
    // whose place is retired has none (worker/backend/commerce/pickup.ts): its shopper chooses again
    placeStatement(db, id, before !== null, input, retired),
    auditStatement(db, operator, before ? 'shipping.location.update' : 'shipping.location.create', { type: 'collect_location', id }, before && { ...before, id: undefined, retired_at: undefined, retired: before.retired_at !== null }, input),
    spendFormStatement(db, token, operator, { sql: '?', binds: ['/admin/shipping/locations'] }),
  ]
  await unlessTaken(
    once(db, token, { done: 'the place was saved.', label: 'See the places' }, () => db.batch(statements)),
    'Another operator added a place at the same moment: nothing was saved. Send again.',
  )
}
