import * as z from 'zod'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { field } from './forms.ts'
import { once, spendFormStatement } from './form-tokens.ts'
import { ActionRefused, unlessTaken } from './action-refused.ts'

/**
 * Click & Collect places in the console (issue 40 point 4, migration 0400, decision 0055): a name, address and opening
 * hours in English and German. The checkout reads the active ones on each request (worker/backend/commerce/pickup.ts),
 * so a saved place is offered to the next shopper; a place orders name is retired, never deleted.
 */

/** A refusal in English and German: the console is in English, the shop may be run in German. */
const say = (en: string, de: string) => `${en} (${de})`

export interface CollectLocationRow {
  id: number
  name: string
  name_de: string
  address: string
  hours: string
  hours_de: string
  retired_at: string | null
  /** Placed orders collected (or to be collected) there. */
  orders: number
}

const text = (en: string, de: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, say(`${en} is required.`, `${de} ist erforderlich.`))
    .max(max, say(`${en} has at most ${max} characters.`, `${de} hat höchstens ${max} Zeichen.`))
    // one line per line as typed, without the blank ones (printed as lines on the confirmation)
    .transform((v) => v.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).join('\n'))

export const CollectLocationSchema = z.object({
  name: text('The English name', 'Der englische Name', 80),
  name_de: text('The German name', 'Der deutsche Name', 80),
  address: text('The address', 'Die Adresse', 300),
  hours: text('The opening hours (English)', 'Die Öffnungszeiten (Englisch)', 300),
  hours_de: text('The opening hours (German)', 'Die Öffnungszeiten (Deutsch)', 300),
  retired: field.checkbox,
})
export type CollectLocationInput = z.infer<typeof CollectLocationSchema>

const SELECT = `SELECT l.*, (SELECT count(*) FROM order_pickups p JOIN orders o ON o.id = p.order_id WHERE p.location_id = l.id AND o.completed_at IS NOT NULL) AS orders FROM collect_locations l`

export async function listCollectLocations(db: D1Database): Promise<CollectLocationRow[]> {
  return (await db.prepare(`${SELECT} ORDER BY l.retired_at IS NOT NULL, l.name, l.id`).all<CollectLocationRow>()).results
}

export async function loadCollectLocation(db: D1Database, id: number): Promise<CollectLocationRow | null> {
  return db.prepare(`${SELECT} WHERE l.id = ?`).bind(id).first<CollectLocationRow>()
}

const audited = (l: Omit<CollectLocationInput, 'retired'> & { retired: boolean }) => ({ name: l.name, name_de: l.name_de, address: l.address, hours: l.hours, hours_de: l.hours_de, retired: l.retired })
export const collectLocationInputOf = (l: CollectLocationRow): CollectLocationInput => ({ name: l.name, name_de: l.name_de, address: l.address, hours: l.hours, hours_de: l.hours_de, retired: l.retired_at !== null })

/**
 * Creates (`before` null) or saves a place, once per form, audited; ticking 'retired' stops offering it (carts that
 * chose it choose again), unticking offers it again. Answers its id.
 */
export async function saveCollectLocation(db: D1Database, operator: Operator, before: CollectLocationRow | null, input: CollectLocationInput, token: string): Promise<number> {
  const id = before?.id ?? ((await db.prepare('SELECT COALESCE(max(id), 0) + 1 AS id FROM collect_locations').first<{ id: number }>())?.id ?? 1)
  const retired = input.retired ? (before?.retired_at ?? new Date().toISOString()) : null
  const values = [input.name, input.name_de, input.address, input.hours, input.hours_de, retired, id]
  const write = before
    ? db.prepare('UPDATE collect_locations SET name = ?, name_de = ?, address = ?, hours = ?, hours_de = ?, retired_at = ? WHERE id = ?').bind(...values)
    : db.prepare('INSERT INTO collect_locations (name, name_de, address, hours, hours_de, retired_at, id) VALUES (?, ?, ?, ?, ?, ?, ?)').bind(...values)
  const statements = [
    write,
    // a cart that chose a place now retired has no place: the checkout asks again (a placed order keeps its place)
    ...(retired ? [db.prepare('DELETE FROM order_pickups WHERE location_id = ? AND order_id IN (SELECT id FROM orders WHERE completed_at IS NULL)').bind(id)] : []),
    auditStatement(db, operator, before ? 'shipping.location.update' : 'shipping.location.create', { type: 'collect_location', id }, before ? audited(collectLocationInputOf(before)) : null, audited(input)),
    spendFormStatement(db, token, operator, { sql: '?', binds: ['/admin/shipping/locations'] }),
  ]
  await unlessTaken(
    once(db, token, { done: 'the place was saved.', label: 'See the places' }, () => db.batch(statements)),
    say('Another operator added a place at the same moment: nothing was saved. Reload the page and send again.', 'Jemand anderes hat gleichzeitig einen Ort angelegt: nichts wurde gespeichert.'),
  )
  return id
}
