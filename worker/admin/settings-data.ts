import * as z from 'zod/mini'
import type { Env } from '#worker/env.ts'
import { isProduction } from '#worker/env.ts'
import { CURRENCIES, LOCALES } from '#kernel/config.ts'
import { formatAbn, isAbn, type StoreSettings } from '#kernel/store-settings.ts'
import { readStoreSettings } from '#worker/lib/store-settings.ts'
import { MEDIA_PREFIX } from '#worker/media/index.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { once, spendFormStatement } from './form-tokens.ts'
import { ActionRefused } from './action-refused.ts'
import type { ImageType } from './image-checks.ts'
import { storeLogoStatement, storeSettingsStatement } from '#worker/backend/services/store-settings-write.ts'

/**
 * The console's Settings page (issue 40 item 1): the shop's facts in the `store` row, saved once per form, audited
 * with the fields before and after. The storefront reads them through worker/lib/store-settings.ts.
 */

/** A refusal in English and German: the console is in English, the shop may be run in German. */
const say = (en: string, de: string) => `${en} (${de})`

const LOCAL_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|.+\.(localhost|test|example|invalid))$/

/**
 * The store URL as typed: an origin ('https://shop.example.com', a trailing slash is fine). A production store needs
 * a public https one (worker/env.ts asks the same at start); `required` when no STORE_URL stands in for it.
 */
function urlField(production: boolean, required: boolean) {
  return z.pipe(z.pipe(z
    .string().check(z.trim()), z.transform((v) => v.replace(/\/+$/, ''))).check(z.superRefine((v, ctx) => {
      const refuse = (en: string, de: string) => ctx.addIssue({ code: 'custom', message: say(en, de) })
      if (!v) return required ? refuse("Enter the store's public address, like https://shop.example.com: this store has no STORE_URL.", 'Geben Sie die öffentliche Adresse des Shops ein, z. B. https://shop.example.com.') : undefined
      const url = URL.parse(v)
      if (!url || !/^https?:$/.test(url.protocol)) return refuse('Enter a whole web address starting with https://, like https://shop.example.com.', 'Geben Sie eine vollständige Webadresse mit https:// ein, z. B. https://shop.example.com.')
      if (url.pathname !== '/' || url.search || url.hash || url.username) return refuse('Enter only the address of the store, like https://shop.example.com, without a path or query.', 'Geben Sie nur die Adresse des Shops ohne Pfad ein, z. B. https://shop.example.com.')
      if (production && (url.protocol !== 'https:' || LOCAL_HOST.test(url.hostname))) return refuse("A live store's address is public and starts with https:// (not localhost or http).", 'Die Adresse eines Live-Shops ist öffentlich und beginnt mit https:// (nicht localhost oder http).')
    })), z.transform((v) => (v ? new URL(v).origin : '')))
}

const optionalLink = (network: string) =>
  z
    .string().check(z.trim(), z.maxLength(300, say('At most 300 characters.', 'Höchstens 300 Zeichen.')), z.refine((v) => !v || URL.parse(v)?.protocol === 'https:', say(`Enter the whole ${network} address starting with https://, or leave it empty.`, `Geben Sie die vollständige ${network}-Adresse mit https:// ein, oder lassen Sie das Feld leer.`)))

const text = (label: string, de: string, max: number) =>
  z
    .string().check(z.trim(), z.minLength(1, say(`${label} is required.`, `${de} ist erforderlich.`)), z.maxLength(max, say(`${label} has at most ${max} characters.`, `${de} hat höchstens ${max} Zeichen.`)))
const optional = (max: number) => z.string().check(z.trim(), z.maxLength(max, say(`At most ${max} characters.`, `Höchstens ${max} Zeichen.`)))

export const settingsFormSchema = (env: Pick<Env, 'ENVIRONMENT' | 'STORE_URL'>) =>
  z.object({
    name: text("The shop's name", 'Der Name des Shops', 100),
    legal_name: text('The legal name', 'Der Firmenname', 150),
    abn: z.pipe(z
      .string().check(z.trim(), z.refine((v) => !v || isAbn(v), say('Enter the ABN as its 11 digits, like 51 824 753 556: this one fails the check digit or has the wrong length.', 'Geben Sie die ABN mit ihren 11 Ziffern ein, z. B. 51 824 753 556: diese ist ungültig.'))), z.transform((v) => (v ? formatAbn(v) : ''))),
    address: text('The address', 'Die Adresse', 300),
    support_email: z.pipe(z
      .string().check(z.trim(), z.toLowerCase()), z.email(say('Enter a valid email address, like help@shop.example.com.', 'Geben Sie eine gültige E-Mail-Adresse ein, z. B. help@shop.example.com.'))),
    phone: z
      .string().check(z.trim(), z.refine((v) => !v || /^\+?[0-9 ()-]{6,20}$/.test(v), say('Enter a phone number of digits, spaces and + ( ) -, like +61 3 9000 0000.', 'Geben Sie eine Telefonnummer aus Ziffern ein, z. B. +61 3 9000 0000.'))),
    url: urlField(isProduction(env), isProduction(env) && !env.STORE_URL),
    return_address: text('The return address', 'Die Rücksendeadresse', 300),
    facebook: optionalLink('Facebook'),
    instagram: optionalLink('Instagram'),
    twitter: optionalLink('X'),
    default_locale: z.enum(LOCALES, { message: say('Choose English or German.', 'Wählen Sie Englisch oder Deutsch.') }),
    default_currency: z.enum(CURRENCIES, { message: say('Choose AUD or USD.', 'Wählen Sie AUD oder USD.') }),
    description_en: optional(300),
    description_de: optional(300),
  })

export type SettingsForm = z.infer<ReturnType<typeof settingsFormSchema>>

/** The form's fields from the saved settings (what the page shows before anything is typed). */
export function formValuesOf(s: StoreSettings): Record<keyof SettingsForm, string> {
  return {
    name: s.name,
    legal_name: s.legalName,
    abn: s.abn,
    address: s.address,
    support_email: s.supportEmail,
    phone: s.phone,
    url: s.url,
    return_address: s.returnAddress,
    facebook: s.social.facebook,
    instagram: s.social.instagram,
    twitter: s.social.twitter,
    default_locale: s.defaultLocale,
    default_currency: s.defaultCurrency,
    description_en: s.description.en,
    description_de: s.description.de,
  }
}

const COLUMN: Record<keyof SettingsForm, string> = {
  name: 'name',
  legal_name: 'legal_name',
  abn: 'abn',
  address: 'address',
  support_email: 'customer_support_email',
  phone: 'contact_phone',
  url: 'url',
  return_address: 'return_address',
  facebook: 'facebook',
  instagram: 'instagram',
  twitter: 'twitter',
  default_locale: 'default_locale',
  default_currency: 'default_currency',
  description_en: 'description',
  description_de: 'description_de',
}

const ALREADY = { done: 'the settings were saved.', label: 'See the settings' }

/**
 * Saves the settings (the row is made when an empty store has none), with one audit entry naming only the fields
 * that changed, before → after. Answers the names of the changed fields ([] when nothing changed: nothing written).
 */
export async function saveSettings(db: D1Database, operator: Operator, input: SettingsForm, token: string): Promise<string[]> {
  const before = formValuesOf(await readStoreSettings(db))
  const keys = Object.keys(COLUMN) as Array<keyof SettingsForm>
  const changed = keys.filter((key) => before[key] !== input[key])
  if (changed.length === 0) return []
  const upsert = storeSettingsStatement(db, Object.fromEntries(keys.map((key) => [COLUMN[key], input[key]])))
  const pick = (values: Record<string, string>) => Object.fromEntries(changed.map((key) => [key, values[key]]))
  await once(db, token, ALREADY, () =>
    db.batch([spendFormStatement(db, token, operator, { sql: "'/admin/settings'" }), upsert, auditStatement(db, operator, 'store.settings_update', { type: 'store', id: 1 }, pick(before), pick(input))]),
  )
  return changed
}

/** The logo's key in R2: a new name per upload, so browsers may keep each one for a year (worker/media). */
const logoKey = (type: ImageType) => `store/logo-${crypto.randomUUID()}.${type.ext}`

/** Stores an uploaded logo in R2 and points the settings at it; the old file goes once nothing points at it. */
export async function saveLogo(env: Env, operator: Operator, logo: { bytes: Uint8Array; type: ImageType } | null, token: string): Promise<void> {
  if (!env.MEDIA) throw new ActionRefused('Image uploads are off: this store has no MEDIA bucket (wrangler.toml).')
  const before = (await readStoreSettings(env.DB)).logoUrl
  const key = logo ? logoKey(logo.type) : null
  if (logo && key) await env.MEDIA.put(key, logo.bytes, { httpMetadata: { contentType: logo.type.mime } })
  const after = key ? `${MEDIA_PREFIX}${key}` : ''
  try {
    await once(env.DB, token, { done: logo ? 'the logo was uploaded.' : 'the logo was removed.', label: 'See the settings' }, () =>
      env.DB.batch([
        spendFormStatement(env.DB, token, operator, { sql: "'/admin/settings'" }),
        storeLogoStatement(env.DB, after),
        auditStatement(env.DB, operator, 'store.logo_update', { type: 'store', id: 1 }, { logo: before }, { logo: after }),
      ]),
    )
  } catch (error) {
    if (key) await env.MEDIA.delete(key)
    throw error
  }
  if (before.startsWith(`${MEDIA_PREFIX}store/`)) await env.MEDIA.delete(before.slice(MEDIA_PREFIX.length))
}
