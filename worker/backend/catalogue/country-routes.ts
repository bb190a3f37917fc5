import { Hono } from 'hono'
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

async function defaultIso(db: D1Database) {
  return (await db.prepare('SELECT default_country_iso AS iso FROM store WHERE id = 1').first<{ iso: string }>())?.iso ?? 'AU'
}

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

async function showCountry(db: D1Database, locale: string, iso: string, includeStates: boolean) {
  const code = iso.toUpperCase()
  const country = await db.prepare(`${COUNTRY_SELECT} WHERE c.iso = ?2 OR c.iso3 = ?2`).bind(locale, code).first<CountryRow>()
  if (!country) throw notFound(`There is no country '${iso}'.`)
  const [{ results: states }, defaultCountry] = await Promise.all([
    db.prepare('SELECT * FROM states WHERE country_iso = ? ORDER BY name').bind(country.iso).all<StateRow>(),
    defaultIso(db),
  ])
  return { data: countryResource(country, defaultCountry, states), ...(includeStates ? { included: states.map(stateResource) } : {}) }
}

countryRoutes.get('/countries', async (c) => {
  const params = readListParams(new URL(c.req.url))
  const db = c.env.DB
  const [{ results }, defaultCountry] = await Promise.all([db.prepare(`${COUNTRY_SELECT} ORDER BY name`).bind(params.locale).all<CountryRow>(), defaultIso(db)])
  // one page of every country, as Spree lists them
  const page = pagination(new URL(c.req.url), 1, Math.max(results.length, 1), results.length, results.length)
  return jsonApi(c, { data: results.map((row) => countryResource(row, defaultCountry, null)), ...page })
})

countryRoutes.get('/countries/default', async (c) => {
  const params = readListParams(new URL(c.req.url), { includes: ['states'] })
  return jsonApi(c, await showCountry(c.env.DB, params.locale, await defaultIso(c.env.DB), params.include.has('states')))
})

countryRoutes.get('/countries/:iso{[A-Za-z]{2,3}}', async (c) => {
  const params = readListParams(new URL(c.req.url), { includes: ['states'] })
  return jsonApi(c, await showCountry(c.env.DB, params.locale, c.req.param('iso'), params.include.has('states')))
})

countryRoutes.get('/store', async (c) => {
  const params = readListParams(new URL(c.req.url), { includes: ['default_country'] })
  const store = await c.env.DB.prepare('SELECT * FROM store WHERE id = 1').first<Record<string, unknown>>()
  if (!store) throw notFound('The store has not been set up yet.')
  const { id, default_country_iso: iso, ...attributes } = store
  const doc = { data: { id: String(id), type: 'store', attributes: { ...attributes, default: true }, relationships: { default_country: { data: ref('country', String(iso)) } } } }
  if (!params.include.has('default_country')) return jsonApi(c, doc)
  const country = await showCountry(c.env.DB, params.locale, String(iso), false)
  return jsonApi(c, { ...doc, included: [country.data] })
})
