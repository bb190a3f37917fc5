// The shop's settings in the console (issue 40 point 1): saved once per form and audited, shown by the storefront
// (title, header, footer, structured data, tax invoice) and the emails at once, and the store URL that every email
// link starts with: STORE_URL, else the setting, else the request's origin; never the sample seed's localhost.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { get, ORIGIN } from './helpers.ts'
import { auditOf, operator, placeOrder } from './admin-helpers.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { SAMPLE_STORE } from '#kv-seed/countries.mjs'
import { readStoreSettings } from '#worker/lib/store-settings.ts'
import { fileOf, pngOf } from '#tests/factories/images.ts'

beforeAll(async () => {
  await seedCatalogue(5)
})

/** The settings form as the page draws it (every field with its saved value, and a fresh one-time key). */
async function formOf(b: Awaited<ReturnType<typeof operator>>['b']) {
  const page = await b.get('/admin/settings')
  expect(page.status).toBe(200)
  const fields: Record<string, string> = {}
  const form = page.body.slice(page.body.indexOf('aria-label="Store settings"'), page.body.indexOf('Save the settings'))
  for (const [, name, value] of form.matchAll(/<input[^>]*?name="([^"]+)"[^>]*?value="([^"]*)"/g)) fields[name!] = value!.replace(/&amp;/g, '&')
  for (const [, name, value] of form.matchAll(/<textarea[^>]*?name="([^"]+)"[^>]*>([^<]*)<\/textarea>/g)) fields[name!] = value!.replace(/&#x27;/g, "'")
  for (const [, name, value] of form.matchAll(/<select[^>]*?name="([^"]+)"[^>]*>[\s\S]*?<option value="([^"]*)" selected/g)) fields[name!] = value!
  fields.default_locale ??= 'en'
  fields.default_currency ??= 'AUD'
  return fields
}

/** The order confirmation mailed for `number` (its plain text, which carries every link). */
const confirmation = (number: string) => env.DB.prepare("SELECT body FROM outbox WHERE ref = ? AND kind = 'order_confirmation'").bind(number).first<{ body: string }>()

describe('links in emails after the sample seed (issue 40)', () => {
  it('the seed writes no store URL: an order email links to the origin the shop was opened at, never localhost', async () => {
    expect((await readStoreSettings(env.DB)).url).toBe('')
    const product = await createProduct({ stock: 10 })
    const number = await placeOrder(product.variantId)
    const mail = await confirmation(number)
    expect(mail!.body).toContain(`${ORIGIN}/`)
    expect(mail!.body).not.toMatch(/localhost|127\.0\.0\.1/)
  })

  it('the store URL set in the console starts every link of an order email', async () => {
    const { b } = await operator()
    const fields = await formOf(b)
    expect((await b.post('/admin/settings', { ...fields, url: 'https://shop.basecamp.example/' })).status).toBe(303)
    const product = await createProduct({ stock: 10 })
    const number = await placeOrder(product.variantId)
    const mail = await confirmation(number)
    const links = [...mail!.body.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => m[0])
    expect(links.length).toBeGreaterThan(0)
    expect(links.every((link) => link.startsWith('https://shop.basecamp.example/'))).toBe(true)
    expect(mail!.body).not.toContain('localhost')
    await b.post('/admin/settings', { ...(await formOf(b)), url: '' })
  })
})

describe('the Settings page', () => {
  it('saves the shop’s facts once, audited before → after; the storefront shows them on the next page', async () => {
    const { b, email } = await operator()
    // the storefront as it was: the sample shop, cached in KV by this read
    expect(await (await get('/')).text()).toContain(SAMPLE_STORE.name)
    const fields = await formOf(b)
    expect(fields.name).toBe(SAMPLE_STORE.name)
    expect(fields.abn).toBe('51 824 753 556')
    const changed = { ...fields, name: 'Ridgeline Supply', legal_name: 'Ridgeline Supply Co Pty Ltd', abn: '53004085616', phone: '+61 2 9000 1234', twitter: 'https://x.com/ridgeline' }
    const saved = await b.post('/admin/settings', changed)
    expect(saved.status).toBe(303)
    expect((await b.get(saved.location!)).body).toContain('The settings are saved')
    // the same form sent again (a double click) is refused and changes nothing
    const again = await b.post('/admin/settings', { ...changed, name: 'Someone else' })
    expect(again.status).toBe(409)
    expect((await readStoreSettings(env.DB)).name).toBe('Ridgeline Supply')

    const [entry] = await auditOf('store.settings_update')
    expect(entry!.admin_email).toBe(email)
    expect(entry!.before).toEqual({ name: SAMPLE_STORE.name, legal_name: SAMPLE_STORE.legal_name, abn: '51 824 753 556', phone: '+61 3 9000 0000', twitter: '' })
    expect(entry!.after).toEqual({ name: 'Ridgeline Supply', legal_name: 'Ridgeline Supply Co Pty Ltd', abn: '53 004 085 616', phone: '+61 2 9000 1234', twitter: 'https://x.com/ridgeline' })

    const home = await (await get('/')).text()
    expect(home).toContain('<title>')
    expect(home).toMatch(/<title>[^<]*Ridgeline Supply[^<]*<\/title>/)
    expect(home).toContain('aria-label="Ridgeline Supply home"')
    expect(home).toContain('<meta property="og:site_name" content="Ridgeline Supply"/>')
    expect(home).not.toContain(`${SAMPLE_STORE.name} home`)
    expect(home).toContain('Ridgeline Supply Co Pty Ltd')
    expect(home).toContain('+61 2 9000 1234')
    expect(home).toContain('https://x.com/ridgeline')
    const organization = [...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)).find((d) => d['@type'] === 'Organization')
    expect(organization).toMatchObject({ name: 'Ridgeline Supply', legalName: 'Ridgeline Supply Co Pty Ltd', taxID: '53 004 085 616', telephone: '+61 2 9000 1234' })
    // and the emails: the next order's confirmation is signed and invoiced by the new name and ABN
    const number = await placeOrder((await createProduct({ stock: 5 })).variantId)
    const mail = await confirmation(number)
    expect(mail!.body).toContain('Ridgeline Supply Co Pty Ltd, ABN 53 004 085 616')
    expect(mail!.body).not.toContain(SAMPLE_STORE.name)
  })

  it('refuses a bad ABN, store URL and email with a sentence in English and German, and changes nothing', async () => {
    const { b } = await operator()
    const before = await readStoreSettings(env.DB)
    const fields = await formOf(b)
    const refused = await b.post('/admin/settings', { ...fields, abn: '12 345 678 901', url: 'localhost:8787/shop', support_email: 'help-at-shop' })
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('Enter the ABN as its 11 digits')
    expect(refused.body).toContain('Geben Sie die ABN mit ihren 11 Ziffern ein')
    expect(refused.body).toContain('Enter a whole web address starting with https://')
    expect(refused.body).toContain('Geben Sie eine gültige E-Mail-Adresse ein')
    expect(await readStoreSettings(env.DB)).toEqual(before)
  })

  it('a production store takes only a public https address as its store URL', async () => {
    const { b } = await operator()
    const fields = await formOf(b)
    // the test worker runs as 'test'; the rule the production form adds is the one worker/env.ts starts with
    const { settingsFormSchema } = await import('#worker/admin/settings-data.ts')
    const live = settingsFormSchema({ ENVIRONMENT: 'production', STORE_URL: '' })
    expect(live.safeParse({ ...fields, url: 'http://shop.example.org' }).success).toBe(false)
    expect(live.safeParse({ ...fields, url: 'https://localhost:8787' }).success).toBe(false)
    expect(live.safeParse({ ...fields, url: '' }).success).toBe(false)
    expect(live.safeParse({ ...fields, url: 'https://shop.example.org/' }).data?.url).toBe('https://shop.example.org')
  })

  it('uploads a logo to R2: the header shows it in place of the mark, audited; a file that is no picture is refused', async () => {
    const { b } = await operator()
    const token = () => crypto.randomUUID()
    const bad = new FormData()
    bad.set('form_token', token())
    bad.set('logo', fileOf(new TextEncoder().encode('not a picture') as Uint8Array<ArrayBuffer>, 'logo.png'))
    const refused = await b.upload('/admin/settings/logo', bad)
    expect(refused.status).toBe(415)
    expect(refused.body).toContain('The logo is not a JPEG, PNG or WebP picture.')
    const good = new FormData()
    good.set('form_token', token())
    good.set('logo', fileOf(await pngOf(200, 60), 'logo.png'))
    expect((await b.upload('/admin/settings/logo', good)).status).toBe(303)
    const { logoUrl } = await readStoreSettings(env.DB)
    expect(logoUrl).toMatch(/^\/media\/store\/logo-[\w-]+\.png$/)
    expect((await get(logoUrl)).status).toBe(200)
    expect(await (await get('/')).text()).toContain(`src="${logoUrl}"`)
    expect((await auditOf('store.logo_update'))[0]!.after).toEqual({ logo: logoUrl })
  })
})
