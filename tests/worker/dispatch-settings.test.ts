// The store's dispatch settings in the console (issue 44 point 3, migration 0420, decision 0061): one cut-off and one
// dispatch state, saved once per form and audited; refused with a reason in English and German when wrong (nothing
// written); read by the storefront with the store settings, so the product page's delivery line counts with them.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createProduct } from '#tests/factories/catalogue.ts'
import { readStoreSettings, storeSettings } from '#worker/lib/store-settings.ts'
import { get } from './helpers.ts'
import { auditOf, operator } from './admin-helpers.ts'

/** The fields of the console form labelled `label` on `path`, as the page draws them (with a fresh one-time key). */
async function formFields(b: Awaited<ReturnType<typeof operator>>['b'], path: string, label: string) {
  const page = await b.get(path)
  expect(page.status).toBe(200)
  const form = page.body.slice(page.body.indexOf(`aria-label="${label}"`), page.body.indexOf(`>${label}<`))
  const fields: Record<string, string> = {}
  for (const [, name, value] of form.matchAll(/<input[^>]*?name="([^"]+)"[^>]*?value="([^"]*)"/g)) fields[name!] = value!
  const state = /<option value="([A-Z]+)" selected/.exec(form)?.[1]
  return state ? { ...fields, state } : fields
}
const dispatchForm = (b: Awaited<ReturnType<typeof operator>>['b']) => formFields(b, '/admin/shipping', 'Save the dispatch settings')

const stored = () => env.DB.prepare('SELECT cutoff_minutes, state FROM dispatch_settings WHERE id = 1').first()

describe('dispatch settings', () => {
  it('start at 14:00 in Victoria; a new cut-off and state are saved once, audited, and what the storefront reads next', async () => {
    const { b, email } = await operator()
    const form = await dispatchForm(b)
    expect(form).toMatchObject({ cutoff: '14:00', state: 'VIC' })
    // the storefront's copy of the settings is read (and kept in KV) before the change
    expect((await storeSettings(env)).dispatch).toMatchObject({ cutoffMinutes: 840, state: 'VIC' })

    const saved = await b.post('/admin/shipping/dispatch', { ...form, cutoff: '15:30', state: 'NSW' })
    expect(saved.status).toBe(303)
    expect(await stored()).toEqual({ cutoff_minutes: 930, state: 'NSW' })
    const [entry] = await auditOf('shipping.dispatch.update')
    expect(entry).toMatchObject({ admin_email: email, before: { cutoff: '14:00', state: 'VIC' }, after: { cutoff: '15:30', state: 'NSW' } })
    // the save forgot the KV copy: the next storefront page counts with the new cut-off
    expect((await storeSettings(env)).dispatch).toMatchObject({ cutoffMinutes: 930, state: 'NSW' })

    // sent twice (a double click): refused with what the first did, nothing changed
    const again = await b.post('/admin/shipping/dispatch', { ...form, cutoff: '09:00', state: 'WA' })
    expect(again.status).toBe(409)
    expect(again.body).toContain('This form was already sent')
    expect(await stored()).toEqual({ cutoff_minutes: 930, state: 'NSW' })

    expect((await b.post('/admin/shipping/dispatch', { ...(await dispatchForm(b)), cutoff: '14:00', state: 'VIC' })).status).toBe(303)
  })

  it('refuses a time that is none, a state that is none and a form without its key, in English and German, changing nothing', async () => {
    const { b } = await operator()
    const before = await stored()
    const late = await b.post('/admin/shipping/dispatch', { ...(await dispatchForm(b)), cutoff: '25:00' })
    expect(late.status).toBe(422)
    expect(late.body).toContain('Give the cut-off as a time of day, like 14:00. (Geben Sie den Annahmeschluss als Uhrzeit an, etwa 14:00.)')
    const nowhere = await b.post('/admin/shipping/dispatch', { ...(await dispatchForm(b)), state: 'XX' })
    expect(nowhere.status).toBe(422)
    expect(nowhere.body).toContain('Choose the state the orders are dispatched from.')
    const { form_token: _, ...keyless } = await dispatchForm(b)
    expect((await b.post('/admin/shipping/dispatch', keyless)).status).toBe(422)
    expect(await stored()).toEqual(before)
  })

  it("gives the storefront the cheapest Australian rate's business days, and a rate's new days at once", async () => {
    const { b } = await operator()
    const standard = (await env.DB.prepare("SELECT id, delivery_days_min AS min, delivery_days_max AS max FROM shipping_methods WHERE code = 'standard'").first<{
      id: number
      min: number
      max: number
    }>())!
    expect((await readStoreSettings(env.DB)).dispatch?.days).toEqual({ min: standard.min, max: standard.max })
    await storeSettings(env)
    const rateForm = () => formFields(b, `/admin/shipping/rates/${standard.id}`, 'Save the rate')
    expect((await b.post(`/admin/shipping/rates/${standard.id}`, { ...(await rateForm()), days_min: '1', days_max: '3' })).status).toBe(303)
    expect((await storeSettings(env)).dispatch?.days).toEqual({ min: 1, max: 3 })
    expect((await b.post(`/admin/shipping/rates/${standard.id}`, { ...(await rateForm()), days_min: String(standard.min), days_max: String(standard.max) })).status).toBe(303)
  })
})

describe("the product page's delivery line", () => {
  it('is cache-safe: the served page says "usually" in business days (en, de); the dates and count-down are the browser\'s', async () => {
    const product = await createProduct({ stock: 5 })
    const { min, max } = (await readStoreSettings(env.DB)).dispatch!.days!
    const en = await (await get(`/products/${product.slug}`)).text()
    expect(en).toMatch(new RegExp(`data-testid="delivery-line"[^>]*>Usually arrives in ${min}–${max} business days<`))
    const de = await (await get(`/de/products/${product.slug}`)).text()
    expect(de).toMatch(new RegExp(`data-testid="delivery-line"[^>]*>Kommt meist in ${min}–${max} Werktagen an<`))
    // nothing of one moment in the HTML a cache may hold
    expect(en).not.toContain('Order within')
    expect(de).not.toContain('Bestellen Sie innerhalb')
  })
})
