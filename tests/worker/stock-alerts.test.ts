import { env } from 'cloudflare:workers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { call, registerAndLogin, uniqueEmail } from '#tests/factories/api.ts'
import { createProduct, createSizedProduct } from '#tests/factories/catalogue.ts'
import { deliver, fakeMailApi, fakeQueue, mailEnv } from '#tests/factories/mail.ts'
import { stockAlertUnsubscribeLink } from '#worker/backend/services/stock-alerts.ts'
import type { Env } from '#worker/env.ts'
import { operator } from './admin-helpers.ts'
import { formBrowser, ORIGIN } from './helpers.ts'

// Back-in-stock alerts (issue 44 point 4, decision 0073): a guest asks for a sold-out size and confirms the emailed
// link; a member asks with one click; the console's restock mails each confirmed request once, in its language, with
// a one-click unsubscribe; a second restock mails nothing; unsubscribing stops it; bad requests change nothing.

afterEach(() => vi.restoreAllMocks())

const mailsTo = async (email: string, kind: string) =>
  (await env.DB.prepare('SELECT id, locale, subject, body FROM outbox WHERE to_email = ? AND kind = ? ORDER BY id').bind(email, kind).all<{ id: number; locale: string; subject: string; body: string }>()).results
const alertRows = async (variantId: number) => (await env.DB.prepare('SELECT * FROM stock_alerts WHERE variant_id = ?').bind(variantId).all<Record<string, unknown>>()).results
const confirmToken = (body: string) => /\/stock-alerts\/confirm\?token=([A-Za-z0-9_-]+)/.exec(body)![1]!

/** The operator sets a size's count in the console, as its product page's form does. */
async function setStock(b: Awaited<ReturnType<typeof operator>>['b'], product: { productId: number; variantId: number; sku: string }, stock: number, seen: number) {
  const res = await b.post(`/admin/products/${product.productId}/variants/${product.variantId}`, { sku: product.sku, stock: String(stock), stock_seen: String(seen) })
  expect(res.status, res.body.slice(0, 300)).toBe(303)
}

describe('back-in-stock alerts', () => {
  it('English guest: asks, confirms on the link’s page without JavaScript, one email when the console restocks, none on a second restock', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 0, name: 'Ridge Rain Shell' })
    const email = uniqueEmail('alert')
    const asked = await call('/stock_alerts', { body: { variant_id: String(product.variantId), email: email.toUpperCase() } })
    expect(asked.status).toBe(200)
    expect(asked.body.data).toEqual({ confirmed: false, pending: true })
    const [confirm] = await mailsTo(email, 'stock_alert_confirm')
    expect(confirm!.locale).toBe('en')
    expect(confirm!.subject).toBe('Please confirm: tell me when Ridge Rain Shell is back')
    // asking again at once mails nothing more
    await call('/stock_alerts', { body: { variant_id: String(product.variantId), email } })
    expect(await mailsTo(email, 'stock_alert_confirm')).toHaveLength(1)

    // unconfirmed: a restock sends nothing
    await setStock(b, product, 3, 0)
    await setStock(b, product, 0, 3)
    expect(await mailsTo(email, 'stock_alert')).toHaveLength(0)

    // the link opens a page whose button confirms (a plain form post)
    const token = confirmToken(confirm!.body)
    const shopper = formBrowser()
    const page = await shopper.get(`/stock-alerts/confirm?token=${token}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Yes, tell me when it is back')
    expect((await alertRows(product.variantId))[0]!.confirmed_at).toBeNull()
    const confirmed = await shopper.post(`/stock-alerts/confirm?token=${token}`, { token })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toContain('Confirmed: we email you once when it is back.')
    const reused = await shopper.post(`/stock-alerts/confirm?token=${token}`, { token })
    expect(reused.status).toBe(422)
    expect(reused.body).toContain('This alert link is not valid or was already used.')

    await setStock(b, product, 4, 0)
    const sent = await mailsTo(email, 'stock_alert')
    expect(sent).toHaveLength(1)
    expect(sent[0]!.subject).toBe('It\'s back: Ridge Rain Shell')
    expect(sent[0]!.body).toContain('/stock-alerts/unsubscribe?email=')
    expect((await alertRows(product.variantId))[0]!.sent_at).not.toBeNull()

    // sold out and back again: the request was answered, nothing more is sent
    await setStock(b, product, 0, 4)
    await setStock(b, product, 2, 0)
    expect(await mailsTo(email, 'stock_alert')).toHaveLength(1)
  })

  it('German guest: the emails are German, the delivered alert carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058)', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 0 })
    await env.DB.prepare("INSERT INTO product_translations (product_id, locale, name) VALUES (?, 'de', 'Grat-Regenjacke')").bind(product.productId).run()
    const email = uniqueEmail('alarm')
    expect((await call('/stock_alerts?locale=de', { body: { variant_id: product.variantId, email } })).status).toBe(200)
    const [confirm] = await mailsTo(email, 'stock_alert_confirm')
    expect(confirm!.locale).toBe('de')
    expect(confirm!.body).toContain('/de/stock-alerts/confirm?token=')
    expect(confirm!.subject).toBe('Bitte bestätigen: Grat-Regenjacke wieder verfügbar')
    const done = await call('/stock_alerts/confirm?locale=de', { body: { token: confirmToken(confirm!.body) } })
    expect(done.body.data).toEqual({ confirmed: true, back: false })

    // the restock's mail goes through the queue to the mail API
    const queue = fakeQueue()
    const api = fakeMailApi()
    // (a stock write that no console request follows, as the import's queue or the cron finds it)
    await env.DB.prepare('UPDATE variants SET stock_on_hand = 6 WHERE id = ?').bind(product.variantId).run()
    const { sendDueStockAlerts } = await import('#worker/backend/services/stock-alerts.ts')
    expect(await sendDueStockAlerts(mailEnv(queue.queue), ORIGIN)).toBe(1)
    const [alert] = await mailsTo(email, 'stock_alert')
    expect(alert!.locale).toBe('de')
    expect(alert!.subject).toBe('Wieder da: Grat-Regenjacke')
    expect(alert!.body).toContain('Gute Nachricht: Grat-Regenjacke ist wieder vorrätig.')
    expect(queue.ids).toEqual([alert!.id])
    await deliver(mailEnv(queue.queue), queue.ids)
    expect(api.requests).toHaveLength(1)
    const sent = api.requests[0]!.body as { headers?: Record<string, string>; html?: string }
    expect(sent.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const unsubscribe = /^<(.+)>$/.exec(sent.headers!['List-Unsubscribe']!)![1]!
    expect(new URL(unsubscribe).pathname).toBe('/de/stock-alerts/unsubscribe')
    expect(sent.html).toContain('Benachrichtigungs-E-Mails abbestellen')
    // nothing more on the next console write
    await setStock(b, product, 7, 6)
    expect(await mailsTo(email, 'stock_alert')).toHaveLength(1)
  })

  it('a member asks with one click (their account’s address, no confirmation); unsubscribing by the signed link (RFC 8058 POST) stops alerts', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 0 })
    const member = await registerAndLogin()
    const asked = await call('/stock_alerts', { body: { variant_id: product.variantId }, bearer: member.bearer })
    expect(asked.body.data).toEqual({ confirmed: true })
    expect(await mailsTo(member.email, 'stock_alert_confirm')).toHaveLength(0)

    const guest = uniqueEmail('alert')
    await env.DB.prepare("INSERT INTO stock_alerts (variant_id, email, locale, confirmed_at) VALUES (?, ?, 'de', '2026-01-01T00:00:00Z')").bind(product.variantId, guest).run()
    // a mail client's one-click POST to the link: form-encoded, no Origin, no cookies
    const link = await stockAlertUnsubscribeLink(env as unknown as Env, ORIGIN, guest, 'de')
    const { SELF } = await import('cloudflare:test')
    const oneClick = await SELF.fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
    expect(oneClick.status).toBe(200)
    // a forged link is refused
    const forged = await call('/stock_alerts/unsubscribe', { body: { email: member.email, token: 'x'.repeat(43) } })
    expect(forged.status).toBe(422)

    await setStock(b, product, 2, 0)
    expect(await mailsTo(member.email, 'stock_alert')).toHaveLength(1)
    expect(await mailsTo(guest, 'stock_alert')).toHaveLength(0)
  })

  it('refuses a bad address, an unknown size and a size in stock with a sentence in English or German, storing and mailing nothing', async () => {
    const soldOut = await createProduct({ stock: 0 })
    const inStock = await createProduct({ stock: 5 })
    const email = uniqueEmail('refused')
    const cases: Array<[unknown, string, string]> = [
      [{ variant_id: soldOut.variantId, email: 'not-an-address' }, 'Please enter a valid email address, so we can tell you when this size is back.', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
      [{ variant_id: soldOut.variantId }, 'Please enter a valid email address, so we can tell you when this size is back.', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
      [{ variant_id: 987654321, email }, 'This size is not sold in our shop. Please choose a size on the product page.', 'Diese Größe gibt es in unserem Shop nicht.'],
      [{ variant_id: 'abc', email }, 'This size is not sold in our shop. Please choose a size on the product page.', 'Diese Größe gibt es in unserem Shop nicht.'],
      [{ variant_id: inStock.variantId, email }, 'This size is in stock: you can order it now.', 'Diese Größe ist vorrätig: Sie können sie jetzt bestellen.'],
    ]
    const { localizeApiError } = await import('#web/i18n/api-errors.ts')
    const { createTranslator, loadDictionary } = await import('#web/i18n/index.tsx')
    await loadDictionary('de', 'all')
    for (const [body, en, de] of cases) {
      const english = await call('/stock_alerts', { body })
      expect(english.status, JSON.stringify(body)).toBe(422)
      expect(english.body.error).toBe(en)
      // the API names the refusal's code; the storefront says it in German from its dictionary (one copy)
      const german = await call('/stock_alerts?locale=de', { body })
      expect(german.status).toBe(422)
      expect(german.body.code).toBe(english.body.code)
      const { ApiError } = await import('#web/api/storefront-api.ts')
      expect(localizeApiError(new ApiError(422, german.body.error, undefined, undefined, german.body.code), createTranslator('de'))).toContain(de)
    }
    expect(await alertRows(soldOut.variantId)).toHaveLength(0)
    expect(await alertRows(inStock.variantId)).toHaveLength(0)
    expect(await mailsTo(email, 'stock_alert_confirm')).toHaveLength(0)
    const badLink = await call('/stock_alerts/confirm?locale=de', { body: { token: 'y'.repeat(43) } })
    expect(badLink.status).toBe(422)
    expect(badLink.body.code).toBe('stock_alert_link_invalid')
    // the German confirm page says it in German (no JavaScript)
    const page = await formBrowser().post(`/de/stock-alerts/confirm?token=${'y'.repeat(43)}`, { token: 'y'.repeat(43) })
    expect(page.status).toBe(422)
    expect(page.body).toContain('Dieser Link ist ungültig')
  })

  it('without JavaScript: a sold-out size’s page has the plain form; its post asks (guest, German) or is refused with a 4xx sentence', async () => {
    const product = await createSizedProduct([
      { size: 'S', prices: { AUD: { amount: 9900 } }, stock: 4 },
      { size: 'L', prices: { AUD: { amount: 9900 } }, stock: 0 },
    ])
    const large = product.variants.find((v) => v.size === 'L')!
    const valueId = (await env.DB.prepare('SELECT option_value_id FROM variant_option_values WHERE variant_id = ?').bind(large.id).first<number>('option_value_id'))!
    const shopper = formBrowser()
    const inStockPage = await shopper.get(`/de/products/${product.slug}`)
    expect(inStockPage.body).not.toContain('data-testid="stock-alert"')
    const page = await shopper.get(`/de/products/${product.slug}?size=${valueId}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('data-testid="stock-alert"')
    expect(page.body).toContain('Benachrichtigen, wenn wieder verfügbar')
    expect(page.body).toContain(`name="alertVariantId" value="${large.id}"`)

    const refused = await shopper.post(`/de/products/${product.slug}?size=${valueId}`, { intent: 'stock-alert', alertVariantId: String(large.id), email: 'kein-at-zeichen' })
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein')
    expect(await alertRows(large.id)).toHaveLength(0)

    const email = uniqueEmail('ohne-js')
    const asked = await shopper.post(`/de/products/${product.slug}?size=${valueId}`, { intent: 'stock-alert', alertVariantId: String(large.id), email })
    expect(asked.status).toBe(200)
    expect(asked.body).toContain('Fast geschafft: Bitte bestätigen Sie mit dem Link')
    expect(await alertRows(large.id)).toMatchObject([{ email, locale: 'de', confirmed_at: null }])
    expect(await mailsTo(email, 'stock_alert_confirm')).toHaveLength(1)

    // the console's product page counts the waiting request; the list shows the size
    const { b } = await operator()
    expect((await b.get(`/admin/products/${product.productId}`)).body).toContain('(1 not yet confirmed)')
    const list = await b.get('/admin/stock-alerts')
    expect(list.status).toBe(200)
    expect(list.body).toContain(product.name)
  })
})

// Price drops of wished items (decision 0080): the console's price form (the one product writer) lowers what a member
// pays; each wishlist owner gets one email per drop and item, in their language, with the old and new price.
describe('price-drop emails', () => {
  const PRICES = { AUD_amount: '100.00', AUD_rrp: '', AUD_member: '', USD_amount: '70.00', USD_rrp: '', USD_member: '' }
  async function wish(bearer: string, variantId: number, wishlistName?: string) {
    const token = wishlistName
      ? ((await call('/wishlists', { bearer, body: { name: wishlistName } })).body.data.attributes.token as string)
      : ((await call('/wishlists/default', { bearer })).body.data.attributes.token as string)
    expect((await call(`/wishlists/${token}/add_item`, { bearer, body: { variant_id: variantId } })).status).toBe(200)
  }

  it('a sale and a new Club Price mail the owner once each (old and new price, English and German); raising or saving again mails nothing', async () => {
    const { b } = await operator()
    const product = await createProduct({ name: 'Summit Fleece', prices: { AUD: { amount: 10000 }, USD: { amount: 7000 } } })
    await env.DB.prepare("INSERT INTO product_translations (product_id, locale, name) VALUES (?, 'de', 'Gipfel-Fleece')").bind(product.productId).run()
    const english = await registerAndLogin()
    const german = await registerAndLogin()
    await env.DB.prepare("UPDATE users SET selected_locale = 'de' WHERE email = ?").bind(german.email).run()
    await wish(english.bearer, product.variantId)
    // on two lists: still one email per drop
    await wish(german.bearer, product.variantId)
    await wish(german.bearer, product.variantId, 'Gifts')
    const outsider = await registerAndLogin()

    const save = async (fields: Record<string, string>) => expect((await b.post(`/admin/products/${product.productId}/prices`, { ...PRICES, ...fields })).status).toBe(303)
    await save({ AUD_amount: '79.00', AUD_rrp: '100.00' })
    const [en] = await mailsTo(english.email, 'price_drop')
    expect(en!.subject).toBe('Price drop: Summit Fleece')
    expect(en!.body).toContain('Summit Fleece: $100.00 → $79.00')
    expect(en!.body).toContain('/stock-alerts/unsubscribe?email=')
    const [de] = await mailsTo(german.email, 'price_drop')
    expect(de!.locale).toBe('de')
    expect(de!.subject).toBe('Preis gesenkt: Gipfel-Fleece')
    expect(de!.body).toContain('Bisher 100,00\u00a0AU$, jetzt 79,00\u00a0AU$.')
    expect(await mailsTo(german.email, 'price_drop')).toHaveLength(1)
    expect(await mailsTo(outsider.email, 'price_drop')).toHaveLength(0)

    // the same sale saved again, the USD price alone, or a raise: no drop for a member in AUD
    await save({ AUD_amount: '79.00', AUD_rrp: '100.00' })
    await save({ AUD_amount: '79.00', AUD_rrp: '100.00', USD_amount: '50.00' })
    await save({ AUD_amount: '89.00', AUD_rrp: '100.00' })
    expect(await mailsTo(english.email, 'price_drop')).toHaveLength(1)

    // a new Club Price below it: a drop for members
    await save({ AUD_amount: '89.00', AUD_rrp: '100.00', AUD_member: '69.00' })
    const mails = await mailsTo(english.email, 'price_drop')
    expect(mails).toHaveLength(2)
    expect(mails[1]!.body).toContain('It was $89.00, it is now $69.00 as your Club Price.')
  })

  it('the account’s switch and the emails’ one-click link turn price-drop emails off; a deleted account’s alert requests go', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 0, prices: { AUD: { amount: 10000 }, USD: { amount: 7000 } } })
    const member = await registerAndLogin()
    await wish(member.bearer, product.variantId)
    expect((await call('/stock_alerts/price_drops', { bearer: member.bearer, body: { on: 'maybe' } })).status).toBe(422)
    expect((await call('/stock_alerts/price_drops', { bearer: member.bearer, body: { on: false } })).status).toBe(200)
    await b.post(`/admin/products/${product.productId}/prices`, { ...PRICES, AUD_amount: '90.00' })
    expect(await mailsTo(member.email, 'price_drop')).toHaveLength(0)
    expect((await call('/stock_alerts/price_drops', { bearer: member.bearer, body: { on: true } })).status).toBe(200)
    await b.post(`/admin/products/${product.productId}/prices`, { ...PRICES, AUD_amount: '80.00' })
    expect(await mailsTo(member.email, 'price_drop')).toHaveLength(1)
    // the one-click link of the email
    const link = /(http\S+\/stock-alerts\/unsubscribe\?\S+)/.exec((await mailsTo(member.email, 'price_drop'))[0]!.body)![1]!
    const { SELF } = await import('cloudflare:test')
    expect((await SELF.fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status).toBe(200)
    await b.post(`/admin/products/${product.productId}/prices`, { ...PRICES, AUD_amount: '70.00' })
    expect(await mailsTo(member.email, 'price_drop')).toHaveLength(1)

    // deleting the account removes its back-in-stock requests
    expect((await call('/stock_alerts', { body: { variant_id: product.variantId }, bearer: member.bearer })).status).toBe(200)
    expect(await alertRows(product.variantId)).toHaveLength(1)
    expect((await call('/account/delete', { bearer: member.bearer, body: { password: 'secret123' } })).status).toBe(204)
    expect(await alertRows(product.variantId)).toHaveLength(0)
  })
})
