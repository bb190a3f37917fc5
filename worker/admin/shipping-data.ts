import * as z from 'zod/mini'
import { SHIPPING_COUNTRIES, countryName } from '#kernel/destinations.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { field } from './forms.ts'
import { once, spendFormStatement } from './form-tokens.ts'
import { ActionRefused, unlessTaken } from './action-refused.ts'
import { rateStatement, retireRateStatements, zoneStatements } from '#worker/backend/commerce/shipping-write.ts'

/**
 * Shipping zones and their rates in the console (issue 40 point 4, migration 0330, decision 0036). The checkout reads
 * these tables on every request (worker/backend/commerce/shipping.ts), so a saved change is what the next shopper
 * is offered and charged; no copy of them is cached anywhere.
 */

/** A refusal in English and German: the console is in English, the shop may be run in German. */
const say = (en: string, de: string) => `${en} (${de})`

export interface ZoneRow {
  id: number
  code: string
  name: string
  name_de: string
  gst_included: number
  rest_of_world: number
  position: number
  countries: string | null
  rates: number
}

export interface RateRow {
  id: number
  zone_id: number | null
  name: string
  name_de: string
  code: string
  cost_aud_cents: number
  cost_usd_cents: number
  free_over_aud_cents: number | null
  free_over_usd_cents: number | null
  pickup: number
  delivery_days_min: number | null
  delivery_days_max: number | null
  retired_at: string | null
  /** Placed orders that name it (then it is retired, never deleted). */
  orders: number
}

export const name = (en: string, de: string, max = 80) =>
  z
    .string().check(z.trim(), z.minLength(1, say(`${en} is required.`, `${de} ist erforderlich.`)), z.maxLength(max, say(`${en} has at most ${max} characters.`, `${de} hat höchstens ${max} Zeichen.`)))

/** 'NZ, AU' or one code a line, to a sorted list of distinct ISO codes the world knows. */
const countries = z.pipe(z
  .string().check(z.maxLength(2000, say('Too many countries: at most 2000 characters.', 'Zu viele Länder.'))), z.transform((v, ctx) => {
    const codes = [...new Set(v.toUpperCase().split(/[\s,;]+/).filter(Boolean))].sort()
    // Intl names a code no country has 'Unknown Region' (as it names ZZ), or gives the code back
    const unknown = codes.filter((c) => !/^[A-Z]{2}$/.test(c) || countryName(c) === c || countryName(c) === countryName('ZZ'))
    if (unknown.length) ctx.issues.push({ code: 'custom', input: v, message: say(`Not a country's two-letter ISO code: ${unknown.join(', ')}. Use codes like AU, NZ, DE.`, `Kein Ländercode (ISO, zwei Buchstaben): ${unknown.join(', ')}.`) })
    // the address forms and the backend take addresses in SHIPPING_COUNTRIES only (still code, docs/checkout.md)
    const elsewhere = codes.filter((c) => !unknown.includes(c) && !SHIPPING_COUNTRIES.includes(c))
    if (elsewhere.length) ctx.issues.push({ code: 'custom', input: v, message: say(`The checkout does not take addresses in ${elsewhere.join(', ')} yet; a zone can hold Australia, New Zealand, the United States, the United Kingdom and the EU's countries.`, `Die Kasse nimmt noch keine Adressen in ${elsewhere.join(', ')} an.`) })
    return codes
  }))

export const ZoneSchema = z
  .object({
    name: name('The English name', 'Der englische Name'),
    name_de: name('The German name', 'Der deutsche Name'),
    countries,
    rest_of_world: field.checkbox,
    gst: z.enum(['included', 'export'], { message: say('Choose the GST rule.', 'Wählen Sie die GST-Regel.') }),
  }).check(z.superRefine((v, ctx) => {
    if (!v.rest_of_world && v.countries.length === 0) ctx.issues.push({ code: 'custom', input: v, path: ['countries'], message: say('List at least one country, or tick "Every other country".', 'Nennen Sie mindestens ein Land.') })
  }))
export type ZoneInput = z.infer<typeof ZoneSchema>

const days = (label: string) => field.optionalWholeNumber(label, 0, 90)

export const RateSchema = z
  .object({
    name: name('The English name', 'Der englische Name'),
    name_de: name('The German name', 'Der deutsche Name'),
    cost_aud: field.money('Cost in AUD', 'AUD'),
    cost_usd: field.money('Cost in USD', 'USD'),
    free_over_aud: field.optionalMoney('Free from (AUD)', 'AUD'),
    free_over_usd: field.optionalMoney('Free from (USD)', 'USD'),
    days_min: days('Days at least'),
    days_max: days('Days at most'),
    pickup: field.checkbox,
  }).check(z.superRefine((v, ctx) => {
    if ((v.days_min === null) !== (v.days_max === null)) ctx.issues.push({ code: 'custom', input: v, path: ['days_max'], message: say('Give both the fewest and the most business days, or neither.', 'Geben Sie beide Werte an oder keinen.') })
    else if (v.days_min !== null && v.days_max !== null && v.days_max < v.days_min) ctx.issues.push({ code: 'custom', input: v, path: ['days_max'], message: say('The most days cannot be fewer than the fewest.', 'Die Höchstzahl darf nicht kleiner als die Mindestzahl sein.') })
    if ((v.free_over_aud === null) !== (v.free_over_usd === null)) ctx.issues.push({ code: 'custom', input: v, path: ['free_over_usd'], message: say('Give the free-shipping threshold in both currencies, or in neither.', 'Geben Sie die Grenze für kostenlosen Versand in beiden Währungen an oder in keiner.') })
  }))
export type RateInput = z.infer<typeof RateSchema>

const ZONES_SQL = `SELECT z.*, (SELECT group_concat(country_iso, ', ') FROM (SELECT country_iso FROM shipping_zone_countries c WHERE c.zone_id = z.id ORDER BY country_iso)) AS countries,
  (SELECT count(*) FROM shipping_methods m WHERE m.zone_id = z.id AND m.retired_at IS NULL) AS rates FROM shipping_zones z`

export async function listZones(db: D1Database): Promise<ZoneRow[]> {
  return (await db.prepare(`${ZONES_SQL} ORDER BY z.position, z.id`).all<ZoneRow>()).results
}

export async function loadZone(db: D1Database, id: number): Promise<{ zone: ZoneRow; rates: RateRow[] } | null> {
  const [zone, rates] = await db.batch([
    db.prepare(`${ZONES_SQL} WHERE z.id = ?`).bind(id),
    db.prepare(`SELECT m.*, (SELECT count(*) FROM orders o WHERE o.shipping_method_id = m.id AND o.completed_at IS NOT NULL) AS orders FROM shipping_methods m WHERE m.zone_id = ? ORDER BY m.retired_at IS NOT NULL, m.name, m.id`).bind(id),
  ])
  const row = zone!.results[0] as ZoneRow | undefined
  return row ? { zone: row, rates: rates!.results as unknown as RateRow[] } : null
}

export async function loadRate(db: D1Database, id: number): Promise<RateRow | null> {
  return db.prepare('SELECT m.*, (SELECT count(*) FROM orders o WHERE o.shipping_method_id = m.id AND o.completed_at IS NOT NULL) AS orders FROM shipping_methods m WHERE m.id = ?').bind(id).first<RateRow>()
}

/** What an audit entry keeps of a zone: its names, countries and rule, as the operator sees them. */
const zoneAudit = (z: Pick<ZoneInput, 'name' | 'name_de' | 'countries' | 'rest_of_world' | 'gst'>) => ({ name: z.name, name_de: z.name_de, countries: z.countries.join(', '), rest_of_world: z.rest_of_world, gst: z.gst })
export const zoneInputOf = (z: ZoneRow): ZoneInput => ({ name: z.name, name_de: z.name_de, countries: z.countries ? z.countries.split(', ') : [], rest_of_world: z.rest_of_world === 1, gst: z.gst_included ? 'included' : 'export' })

/** Refuses countries another zone lists (a country is in one zone) and a second rest-of-the-world zone. */
async function checkZone(db: D1Database, id: number | null, input: ZoneInput) {
  const [taken, rest] = await db.batch([
    db.prepare(`SELECT c.country_iso, z.name FROM shipping_zone_countries c JOIN shipping_zones z ON z.id = c.zone_id WHERE c.country_iso IN (SELECT value FROM json_each(?)) AND z.id IS NOT ?`).bind(JSON.stringify(input.countries), id),
    db.prepare('SELECT name FROM shipping_zones WHERE rest_of_world = 1 AND id IS NOT ?').bind(id),
  ])
  const clash = taken!.results as Array<{ country_iso: string; name: string }>
  if (clash.length) {
    const list = clash.map((c) => `${c.country_iso} (${c.name})`).join(', ')
    throw new ActionRefused(say(`A country belongs to one zone only: ${list} already belong to another zone. Take them out of it first.`, `Ein Land gehört nur zu einer Zone: ${list} gehören schon zu einer anderen Zone.`))
  }
  const other = (rest!.results[0] as { name: string } | undefined)?.name
  if (input.rest_of_world && other) throw new ActionRefused(say(`"${other}" is already the zone of every other country; only one zone can be.`, `"${other}" ist schon die Zone aller übrigen Länder.`))
}

/** Creates (`before` null) or saves a zone, its countries and GST rule, once per form, audited. Answers its id. */
export async function saveZone(db: D1Database, operator: Operator, before: ZoneRow | null, input: ZoneInput, token: string): Promise<number> {
  await checkZone(db, before?.id ?? null, input)
  // a new zone's id is taken before the batch, so its audit entry names it; two operators creating one at the same
  // moment collide on the key and the second is asked to send again
  const id = before?.id ?? (await nextId(db, 'shipping_zones'))
  const statements = [
    ...zoneStatements(db, id, before !== null, input),
    auditStatement(db, operator, before ? 'shipping.zone.update' : 'shipping.zone.create', { type: 'shipping_zone', id }, before ? zoneAudit(zoneInputOf(before)) : null, zoneAudit(input)),
    spendFormStatement(db, token, operator, { sql: '?', binds: [`/admin/shipping/zones/${id}`] }),
  ]
  await unlessTaken(
    once(db, token, { done: 'the zone was saved.', label: 'See the zone' }, () => db.batch(statements)),
    say('Another operator changed the zones at the same moment (a country or the zone was taken): nothing was saved. Reload the page and send again.', 'Jemand anderes hat gleichzeitig die Zonen geändert: nichts wurde gespeichert.'),
  )
  return id
}

export const nextId = async (db: D1Database, table: 'shipping_zones' | 'shipping_methods' | 'collect_locations') => ((await db.prepare(`SELECT COALESCE(max(id), 0) + 1 AS id FROM ${table}`).first<{ id: number }>())?.id ?? 1)

const rateAudit = (r: RateInput) => ({ ...r })
export const rateInputOf = (r: RateRow): RateInput => ({
  name: r.name,
  name_de: r.name_de,
  cost_aud: r.cost_aud_cents,
  cost_usd: r.cost_usd_cents,
  free_over_aud: r.free_over_aud_cents,
  free_over_usd: r.free_over_usd_cents,
  days_min: r.delivery_days_min,
  days_max: r.delivery_days_max,
  pickup: r.pickup === 1,
})

/** Creates a rate in `zoneId` (`before` null) or saves one, once per form, audited. A retired rate is not edited. */
export async function saveRate(db: D1Database, operator: Operator, zoneId: number, before: RateRow | null, input: RateInput, token: string): Promise<void> {
  if (before?.retired_at) throw new ActionRefused(say('This rate is retired and no longer offered; add a new rate instead of changing it.', 'Dieser Tarif ist eingestellt; legen Sie einen neuen an.'))
  const id = before?.id ?? (await nextId(db, 'shipping_methods'))
  const write = rateStatement(db, id, before ? null : zoneId, input)
  await unlessTaken(
    once(db, token, { done: 'the rate was saved.', label: 'See the zone' }, () =>
      db.batch([
        write,
        auditStatement(db, operator, before ? 'shipping.rate.update' : 'shipping.rate.create', { type: 'shipping_method', id }, before ? rateAudit(rateInputOf(before)) : null, rateAudit(input)),
        spendFormStatement(db, token, operator, { sql: '?', binds: [`/admin/shipping/zones/${zoneId}`] }),
      ]),
    ),
    say('Another operator added a rate at the same moment: nothing was saved. Reload the page and send again.', 'Jemand anderes hat gleichzeitig einen Tarif angelegt: nichts wurde gespeichert.'),
  )
}

/**
 * Retires a rate: no longer offered, and carts that had it choose again. A rate no placed order names is deleted;
 * one that orders name is kept, marked retired, so their invoices, refunds and reports still read it. Answers what
 * happened; a rate already retired (another operator, another tab) is left as it is.
 */
export async function retireRate(db: D1Database, operator: Operator, rate: RateRow, token: string): Promise<'retired' | 'deleted' | 'already'> {
  if (rate.retired_at) return 'already'
  const results = await once(db, token, { done: 'the rate was retired.', label: 'See the zone' }, () =>
    db.batch([
      ...retireRateStatements(db, rate.id),
      auditStatement(db, operator, 'shipping.rate.retire', { type: 'shipping_method', id: rate.id }, rateAudit(rateInputOf(rate)), { retired: true, kept_for_orders: rate.orders > 0 }),
      spendFormStatement(db, token, operator, { sql: '?', binds: [`/admin/shipping/zones/${rate.zone_id}`] }),
    ]),
  )
  return results[2]!.meta.changes > 0 ? 'deleted' : 'retired'
}
