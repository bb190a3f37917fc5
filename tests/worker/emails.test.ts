import { env } from 'cloudflare:workers'
import { createExecutionContext } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import worker from '#worker/index.ts'
import type { Env } from '#worker/env.ts'
import { mailVariants, sampleMail, SAMPLE_SHOP } from '#worker/mail/samples.ts'
import { renderMail } from '#worker/mail/templates/index.tsx'
import { MAIL_KINDS } from '#worker/mail/types.ts'

const settings = SAMPLE_SHOP
// production also needs its card and mail providers and its address to start (worker/env.ts configProblem)
const LIVE = { HEADER_STATE_SECRET: 'a-production-header-state-secret-0123456789', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', RESEND_API_KEY: 're_x', STORE_URL: 'https://shop.example.com' }
const page = (path: string, environment: string) =>
  worker.fetch(
    new Request(`https://store.test${path}`, { headers: { accept: 'text/html' } }),
    { ...(env as unknown as Env), ENVIRONMENT: environment, PASSWORD_PEPPER: 'a-production-pepper-of-some-length', ...(environment === 'production' ? LIVE : {}) },
    createExecutionContext(),
  )

describe('emails', () => {
  const every = MAIL_KINDS.flatMap((kind) => mailVariants(kind).flatMap((variant) => (['en', 'de'] as const).map((locale) => [kind, variant ?? 'sample', locale] as const)))

  it.each(every)('%s %s (%s) renders HTML under 100 KB with a plain-text part', async (kind, variant, locale) => {
    const { subject, html, text } = await renderMail(sampleMail(kind, locale, variant === 'sample' ? undefined : variant), settings)
    expect(new TextEncoder().encode(html).length).toBeLessThan(100 * 1024)
    expect(html).toMatch(/^<!DOCTYPE html><html lang="(en|de)"/)
    expect(html).toContain('Basecamp Outfitters')
    expect(subject.length).toBeGreaterThan(10)
    expect(text.length).toBeGreaterThan(50)
    expect(text).not.toMatch(/<\/?(html|table|td|p|a|span|div|br)\b/)
  })

  it('makes the order confirmation a tax invoice: the words, the ABN, the GST, Club Price savings, addresses, shipping, how it was paid', async () => {
    for (const [locale, words, gst, saved] of [
      ['en', 'Tax invoice', 'GST included', 'You saved $40.00 with Club Prices.'],
      ['de', 'Steuerrechnung (Tax invoice)', 'Enthaltene GST', 'Mit Club-Preisen haben Sie 40,00 AU$ gespart.'],
    ] as const) {
      // money is written with the locale's no-break spaces; compare words, not spacing
      const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')
      const { html, text } = await renderMail(sampleMail('order_confirmation', locale), settings)
      for (const part of [plain(html), plain(text)]) {
        for (const expected of [words, `ABN ${SAMPLE_SHOP.abn}`, gst, saved, 'Katoomba NSW 2780', 'SUMMER10']) expect(part.toLowerCase()).toContain(expected.toLowerCase())
      }
      expect(plain(text)).toContain(locale === 'en' ? 'GST included: $22.90' : 'Enthaltene GST: 22,90 AU$')
      expect(text).toContain(locale === 'en' ? 'Shipping (Standard): Free' : 'Versand (Standard): Kostenlos')
      // how it was paid: the gift card by its masked code, then the card
      expect(plain(text)).toContain(locale === 'en' ? 'Paid by gift card •••• 7K2Q: $25.00' : 'Bezahlt mit Geschenkkarte •••• 7K2Q: 25,00 AU$')
      expect(plain(html)).toContain('•••• 7K2Q')
    }
  })

  it('says an order paid in full by several gift cards was paid by gift cards (plural), as the order pages do, in HTML and text', async () => {
    const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')
    const paidBy = async (locale: 'en' | 'de', giftCards: Array<{ code: string; cents: number }>, storeCreditCents: number) => {
      const mail = sampleMail('order_confirmation', locale)
      if (mail.kind !== 'order_confirmation') throw new Error('not an order confirmation')
      const giftCardCents = giftCards.reduce((sum, card) => sum + card.cents, 0)
      const rendered = await renderMail({ ...mail, payload: { ...mail.payload, giftCards, giftCardCents, storeCreditCents, cardCents: 0, totalCents: giftCardCents + storeCreditCents } }, settings)
      return [plain(rendered.html), plain(rendered.text)]
    }
    const two = [{ code: '•••• 7K2Q', cents: 20000 }, { code: '•••• 9XWA', cents: 10186 }]
    const one = [{ code: '•••• 7K2Q', cents: 25000 }]
    for (const [locale, several, severalAndCredit, single] of [
      ['en', 'Paid in full by gift cards: no card was charged.', 'Paid in full by gift cards and store credit: no card was charged.', 'Paid in full by gift card and store credit: no card was charged.'],
      ['de', 'Vollständig mit Geschenkkarten bezahlt: Es wurde keine Karte belastet.', 'Vollständig mit Geschenkkarten und Guthaben bezahlt: Es wurde keine Karte belastet.', 'Vollständig mit Geschenkkarte und Guthaben bezahlt: Es wurde keine Karte belastet.'],
    ] as const) {
      for (const part of await paidBy(locale, two, 0)) expect(part).toContain(several)
      for (const part of await paidBy(locale, two.map((card) => ({ ...card, cents: card.cents - 1000 })), 2000)) expect(part).toContain(severalAndCredit)
      for (const part of await paidBy(locale, one, 5186)) expect(part).toContain(single)
    }
  })

  it('shows the gift card code, amount and message, and the shipping carrier and tracking number', async () => {
    const gift = await renderMail(sampleMail('gift_card', 'en'), settings)
    for (const part of [gift.html, gift.text]) for (const expected of ['H7KM-2QPX-9RTA-4WZE', '$50.00', 'Happy birthday!']) expect(part).toContain(expected)
    const shipped = await renderMail(sampleMail('shipping_confirmation', 'de'), settings)
    for (const part of [shipped.html, shipped.text]) for (const expected of ['Australia Post', '33LPK123456701000935006', 'Sendung verfolgen']) expect(part).toContain(expected)
  })

  it('previews every email in development only', async () => {
    const list = await page('/dev/emails', 'development')
    expect(list.status).toBe(200)
    const body = await list.text()
    expect(body.match(/<li>/g)).toHaveLength(every.length)
    // return_update in 5 states, order_update in 2: 5 more than one per kind, in each language
    expect(every.length).toBe((MAIL_KINDS.length + 5) * 2)
    const approved = await (await page('/dev/emails/return_update/de.txt?variant=approved', 'development')).text()
    expect(approved).toContain('Senden Sie Ihr Paket an:\nBasecamp Outfitters Pty Ltd\n12 Flinders Lane')
    expect(approved).toContain('Rücksendenummer R123456789-12')
    const refunded = await (await page('/dev/emails/return_update/en.txt?variant=refunded', 'development')).text()
    expect(refunded).toMatch(/^Subject: Your refund for order R123456789\n/)
    expect(refunded).toContain('To your card: $204.95')
    const declined = await (await page('/dev/emails/return_update/de.txt?variant=declined', 'development')).text()
    expect(declined).toMatch(/^Subject: Ihre Rücksendeanfrage zu Bestellung R123456789\n/)
    expect(declined).toContain('getragen und gewaschen')
    expect(await (await page('/dev/emails/order_update/en.txt?variant=canceled', 'development')).text()).toMatch(/^Subject: Your order R123456789 was cancelled/)
    expect((await page('/dev/emails/order_update/en?variant=lost', 'development')).status).toBe(404)
    expect((await page('/dev/emails/gift_card/de', 'development')).headers.get('content-type')).toMatch(/text\/html/)
    expect(await (await page('/dev/emails/password_reset/en.txt', 'development')).text()).toMatch(/^Subject: Reset your Basecamp Outfitters password/)
    expect((await page('/dev/emails/nothing/en', 'development')).status).toBe(404)
    const production = await page('/dev/emails', 'production')
    expect(production.status).not.toBe(200)
  })
})
