import { Hono } from '#worker/lib/hono.ts'
import type { Env } from '#worker/env.ts'
import { notFound } from '../shared/errors.ts'
import { bool, jsonApi, pagination, ref, type Resource } from './jsonapi.ts'
import { readListParams } from './params.ts'

/** GET /countries, /countries/default, /countries/{iso or iso3}, and /store. A country's id is its ISO code. */
export const countryRoutes = new Hono<{ Bindings: Env }>()

interface CountryRow { iso: string; iso3: string; iso_name: string; name: string; states_required: number; zipcode_required: number }
interface StateRow { id: number; country_iso: string; abbr: string; name: string }

const COUNTRY_SELECT = `SELECT c.iso, c.iso3, c.iso_name, COALESCE(ct.name, c.name) AS name, c.states_required, c.zipcode_required
  FROM countries c LEFT JOIN country_translations ct ON ct.country_iso = c.iso AND ct.locale = ?1`

/** The store's default country as SQL (Australia when the store row is missing). */
const DEFAULT_ISO = `COALESCE((SELECT default_country_iso FROM store WHERE id = 1), 'AU')`
const defaultIsoStatement = (db: D1Database) => db.prepare(`SELECT ${DEFAULT_ISO} AS iso`)
const defaultIsoOf = (result: D1Result<{ iso: string }>) => result.results[0]?.iso ?? 'AU'

function countryResource(c: CountryRow, defaultCountry: string, states: StateRow[] | null): Resource {
  return {
    id: c.iso,
    type: 'country',
    attributes: {
      iso: c.iso, iso3: c.iso3, iso_name: c.iso_name, name: c.name,
      states_required: bool(c.states_required), zipcode_required: bool(c.zipcode_required), default: c.iso === defaultCountry,
    },
    relationships: { states: { data: (states ?? []).map((s) => ref('state', s.id)) } },
  }
}
const stateResource = (s: StateRow): Resource => ({ id: String(s.id), type: 'state', attributes: { abbr: s.abbr, name: s.name } })

/**
 * A country (by ISO or ISO3 code, or the store's default when `iso` is null) with its states, and the store's
 * default country: three statements in one round trip.
 */
function countryStatements(db: D1Database, locale: string, iso: string | null) {
  const code = iso === null ? DEFAULT_ISO : '?2'
  const binds = iso === null ? [locale] : [locale, iso.toUpperCase()]
  return [
    db.prepare(`${COUNTRY_SELECT} WHERE c.iso = ${code} OR c.iso3 = ${code}`).bind(...binds),
    db.prepare(`SELECT s.* FROM states s WHERE s.country_iso = (SELECT c.iso FROM countries c WHERE c.iso = ${code} OR c.iso3 = ${code}) ORDER BY s.name`).bind(...(iso === null ? [] : binds)),
    defaultIsoStatement(db),
  ]
}

function readCountry(results: D1Result[], iso: string | null, includeStates: boolean) {
  const [countries, states, defaults] = results as [D1Result<CountryRow>, D1Result<StateRow>, D1Result<{ iso: string }>]
  const country = countries.results[0]
  if (!country) throw notFound(iso === null ? 'The store has no default country.' : `There is no country '${iso}'.`)
  return { data: countryResource(country, defaultIsoOf(defaults), states.results), ...(includeStates ? { included: states.results.map(stateResource) } : {}) }
}

async function showCountry(db: D1Database, locale: string, iso: string | null, includeStates: boolean) {
  return readCountry(await db.batch(countryStatements(db, locale, iso)), iso, includeStates)
}

countryRoutes.get('/countries', async (c) => {
  const params = readListParams(new URL(c.req.url))
  const db = c.env.DB
  const [{ results }, defaults] = (await db.batch([db.prepare(`${COUNTRY_SELECT} ORDER BY name`).bind(params.locale), defaultIsoStatement(db)])) as [D1Result<CountryRow>, D1Result<{ iso: string }>]
  const defaultCountry = defaultIsoOf(defaults)
  // one page of every country, as Spree lists them
  const page = pagination(new URL(c.req.url), 1, Math.max(results.length, 1), results.length, results.length)
  return jsonApi(c, { data: results.map((row) => countryResource(row, defaultCountry, null)), ...page })
})

countryRoutes.get('/countries/default', async (c) => {
  const params = readListParams(new URL(c.req.url), { includes: ['states'] })
  return jsonApi(c, await showCountry(c.env.DB, params.locale, null, params.include.has('states')))
})

countryRoutes.get('/countries/:iso{[A-Za-z]{2,3}}', async (c) => {
  const params = readListParams(new URL(c.req.url), { includes: ['states'] })
  return jsonApi(c, await showCountry(c.env.DB, params.locale, c.req.param('iso'), params.include.has('states')))
})

countryRoutes.get('/store', async (c) => {
  const params = readListParams(new URL(c.req.url), { includes: ['default_country'] })
  const db = c.env.DB
  const withCountry = params.include.has('default_country')
  // the store and, when included, its default country: one round trip
  const [stores, ...countryResults] = await db.batch([db.prepare('SELECT * FROM store WHERE id = 1'), ...(withCountry ? countryStatements(db, params.locale, null) : [])])
  const store = stores!.results[0] as Record<string, unknown> | undefined
  if (!store) throw notFound('The store has not been set up yet.')
  const { id, default_country_iso: iso, ...attributes } = store
  const doc = { data: { id: String(id), type: 'store', attributes: { ...attributes, default: true }, relationships: { default_country: { data: ref('country', String(iso)) } } } }
  if (!withCountry) return jsonApi(c, doc)
  return jsonApi(c, { ...doc, included: [readCountry(countryResults, String(iso), false).data] })
})
