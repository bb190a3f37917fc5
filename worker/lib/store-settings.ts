import type { Env } from '#worker/env.ts'
import { EMPTY_STORE_SETTINGS, type StoreSettings } from '#kernel/store-settings.ts'
import { isCurrency, isLocale } from '#kernel/config.ts'
import { isAuState } from '#kernel/au-holidays.ts'

/**
 * The one reader of the shop's settings (the `store` row; the console's Settings page writes it). The emails and the
 * console read D1 itself (always the saved value); the storefront's pages read it through KV (storeSettings below).
 */

interface StoreRow {
  name: string | null
  url: string | null
  legal_name: string | null
  abn: string | null
  address: string | null
  customer_support_email: string | null
  contact_phone: string | null
  return_address: string | null
  logo_url: string | null
  facebook: string | null
  instagram: string | null
  twitter: string | null
  default_locale: string | null
  default_currency: string | null
  description: string | null
  description_de: string | null
  /** Null when the store has no row yet (the dispatch settings are read all the same). */
  store_id: number | null
  dispatch_cutoff: number | null
  dispatch_state: string | null
  /** `[min, max]` as JSON text, of the cheapest rate delivering in Australia that says. */
  standard_days: string | null
}

const text = (value: string | null | undefined) => (value ?? '').trim()

/**
 * A stored URL as an origin with its scheme: Spree keeps `store.url` without one ('shop.example.com'), the console
 * writes 'https://shop.example.com'. Anything that is no http(s) URL counts as unset.
 */
export function storedUrl(value: string | null | undefined): string {
  const raw = text(value).replace(/\/+$/, '')
  if (!raw) return ''
  const withScheme = /^https?:\/\//.test(raw) ? raw : `${/^(localhost|127\.0\.0\.1)(:\d+)?$/.test(raw) ? 'http' : 'https'}://${raw}`
  return URL.canParse(withScheme) ? withScheme : ''
}

export function settingsOf(row: StoreRow | null): StoreSettings {
  if (!row) return EMPTY_STORE_SETTINGS
  // a store without its row (migrations only) still has its dispatch settings (migration 0420)
  if (row.store_id === null) return { ...EMPTY_STORE_SETTINGS, dispatch: dispatchOf(row) }
  return {
    name: text(row.name),
    legalName: text(row.legal_name),
    abn: text(row.abn),
    address: text(row.address),
    supportEmail: text(row.customer_support_email),
    phone: text(row.contact_phone),
    url: storedUrl(row.url),
    returnAddress: text(row.return_address),
    logoUrl: text(row.logo_url),
    social: { facebook: text(row.facebook), instagram: text(row.instagram), twitter: text(row.twitter) },
    defaultLocale: isLocale(row.default_locale) ? row.default_locale : EMPTY_STORE_SETTINGS.defaultLocale,
    defaultCurrency: isCurrency(row.default_currency) ? row.default_currency : EMPTY_STORE_SETTINGS.defaultCurrency,
    description: { en: text(row.description), de: text(row.description_de) },
    dispatch: dispatchOf(row),
  }
}

function dispatchOf(row: StoreRow): StoreSettings['dispatch'] {
  if (row.dispatch_cutoff === null || !isAuState(row.dispatch_state)) return null
  const [min, max] = row.standard_days ? (JSON.parse(row.standard_days) as [number, number]) : []
  return { cutoffMinutes: row.dispatch_cutoff, state: row.dispatch_state, days: min === undefined || max === undefined ? null : { min, max } }
}

const COLUMNS = 'name, url, legal_name, abn, address, customer_support_email, contact_phone, return_address, logo_url, facebook, instagram, twitter, default_locale, default_currency, description, description_de'
/** The dispatch settings (migration 0420) and the standard rate's days, in the same read (no second query). */
const DISPATCH = `(SELECT cutoff_minutes FROM dispatch_settings WHERE id = 1) AS dispatch_cutoff, (SELECT state FROM dispatch_settings WHERE id = 1) AS dispatch_state,
  (SELECT json_array(m.delivery_days_min, m.delivery_days_max) FROM shipping_methods m WHERE m.retired_at IS NULL AND m.pickup = 0 AND m.delivery_days_min IS NOT NULL
    AND m.zone_id = (SELECT zone_id FROM shipping_zone_countries WHERE country_iso = 'AU') ORDER BY m.cost_aud_cents, m.delivery_days_max, m.id LIMIT 1) AS standard_days`

/**
 * The shop's settings as saved, in one read: EMPTY_STORE_SETTINGS for a store without its row (migrations only).
 * h-empty's dashboard checklist and the production check read the same value.
 */
export async function readStoreSettings(db: D1Database): Promise<StoreSettings> {
  return settingsOf(await db.prepare(`SELECT ${COLUMNS}, store.id AS store_id, ${DISPATCH} FROM (SELECT 1) LEFT JOIN store ON store.id = 1`).first<StoreRow>())
}

/** The KV copy the storefront reads; the console's Save deletes it (worker/admin/freshness.ts). */
export const STORE_SETTINGS_KEY = 'v2:store-settings'
/**
 * How long a KV copy is used without asking D1: a change made outside the console (a seed, `wrangler d1 execute`)
 * shows within this; the console's own saves delete the copy, and KV carries a delete everywhere within 60 s.
 */
export const STORE_SETTINGS_FRESH_MS = 60_000

/**
 * The settings for a storefront page: KV's copy while fresh, else D1 (and the copy renewed). When D1 fails, the last
 * copy serves (a page with yesterday's phone number beats an error page), or the empty settings when there is none.
 */
export async function storeSettings(env: Pick<Env, 'DB' | 'CACHE'>, waitUntil: (p: Promise<unknown>) => void = () => {}): Promise<StoreSettings> {
  const now = Date.now()
  const entry = await env.CACHE.get<{ value: StoreSettings; storedAt: number }>(STORE_SETTINGS_KEY, 'json').catch(() => null)
  if (entry && now - entry.storedAt < STORE_SETTINGS_FRESH_MS) return entry.value
  try {
    const value = await readStoreSettings(env.DB)
    waitUntil(env.CACHE.put(STORE_SETTINGS_KEY, JSON.stringify({ value, storedAt: now })).catch(() => {}))
    return value
  } catch (error) {
    console.warn('store settings: D1 could not be read; serving the last copy', error)
    return entry?.value ?? EMPTY_STORE_SETTINGS
  }
}

/**
 * The origin of every absolute URL the store writes (canonical and hreflang links, JSON-LD, sitemaps, robots.txt):
 * STORE_URL, else the store URL setting, else the origin this request came to.
 */
export function publicOrigin(env: Pick<Env, 'STORE_URL'>, settings: Pick<StoreSettings, 'url'>, requestUrl: string): string {
  return env.STORE_URL?.replace(/\/+$/, '') || settings.url || new URL(requestUrl).origin
}

/** After a save: the storefront's next read goes to D1. */
export async function forgetStoreSettings(env: Pick<Env, 'CACHE'>): Promise<void> {
  await env.CACHE.delete(STORE_SETTINGS_KEY)
}
