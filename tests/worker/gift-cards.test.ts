// Buying a gift card without JavaScript (issue 9.1): /GiftCards and the gift card product post the same form; a
// logged-out shopper is told to log in, a bad amount is refused with its message, a member gets the card in the cart.
import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { registerAndLogin } from '#tests/factories/api.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { ORIGIN, authCookie } from './helpers.ts'

// the seed's gift card product (slug 'gift-card')
const giftProduct = { slug: 'gift-card' }
beforeAll(async () => {
  await seedCatalogue(2)
})

async function post(path: string, form: Record<string, string>, cookie?: string) {
  const headers: Record<string, string> = { accept: 'text/html', origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', 'cf-connecting-ip': `172.40.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` }
  if (cookie) headers.cookie = cookie
  const res = await SELF.fetch(ORIGIN + path, { method: 'POST', redirect: 'manual', headers, body: new URLSearchParams(form).toString() })
  return { status: res.status, location: res.headers.get('location'), body: await res.text() }
}

const FORM = { intent: 'gift-card', amount: '50', recipientName: 'Grace Hopper', recipientEmail: 'grace@example.com', message: 'Happy birthday' }

async function member() {
  const { bearer, userId } = await registerAndLogin()
  return { userId, cookie: authCookie({ access_token: bearer, created_at: Math.floor(Date.now() / 1000), expires_in: 7200 }) }
}

const giftLines = (userId: number) =>
  env.DB.prepare("SELECT li.gift_card_cents AS cents, li.recipient_email AS email, li.gift_deliver_on AS deliverOn FROM line_items li JOIN orders o ON o.id = li.order_id WHERE o.user_id = ? AND o.state != 'complete' AND li.gift_card_cents IS NOT NULL")
    .bind(userId)
    .all<{ cents: number; email: string; deliverOn: string | null }>()
    .then((r) => r.results)

describe('buying a gift card without JavaScript', () => {
  it('shows the form on /GiftCards and asks a logged-out shopper to log in', async () => {
    const page = await SELF.fetch(`${ORIGIN}/GiftCards`, { headers: { accept: 'text/html' } })
    const html = await page.text()
    expect(html).toContain('data-testid="gift-card-form"')
    expect(html).toContain('method="post"')
    const guest = await post('/GiftCards', FORM)
    expect(guest.status).toBe(401)
    expect(guest.body).toContain('Please login in to add gift card')
    expect(guest.body).toContain('href="/Login"')
    expect(guest.body).toContain('value="Grace Hopper"')
    const de = await post('/de/GiftCards', FORM)
    expect(de.body).toContain('Bitte melden Sie sich an, um eine Geschenkkarte hinzuzufügen')
  })

  it('says beside the field what the store refused (a direction mark in the name, a control character in the message), adding nothing', async () => {
    const { userId, cookie } = await member()
    const name = await post('/GiftCards', { ...FORM, recipientName: 'Eve\u202Emoc.live' }, cookie)
    expect(name.status).toBe(422)
    expect(name.body).toMatch(/id="giftcard-name-error"[^>]*>This field contains characters that are not allowed/)
    expect(name.body).not.toContain('Some of the details are not valid.')
    const message = await post('/de/GiftCards', { ...FORM, message: 'Hallo\u0000' }, cookie)
    expect(message.status).toBe(422)
    expect(message.body).toContain('Dieses Feld enthält Zeichen, die nicht erlaubt sind')
    expect(await giftLines(userId)).toEqual([])
  })

  it('refuses an amount outside the bounds with its message, and adds a preset or custom amount for a member', async () => {
    const { userId, cookie } = await member()
    const low = await post('/GiftCards', { ...FORM, amount: 'other', customAmount: '5' }, cookie)
    expect(low.status).toBe(422)
    expect(low.body).toContain('Choose a whole amount between 10 and 500.')
    expect(await giftLines(userId)).toEqual([])
    // an optional delivery date (issue 9.1): a past day is refused in the shopper's language
    const past = await post('/de/GiftCards', { ...FORM, deliverOn: '2020-01-01' }, cookie)
    expect(past.status).toBe(422)
    expect(past.body).toContain('Bitte wählen Sie heute oder ein späteres Datum.')
    expect(await giftLines(userId)).toEqual([])

    const far = await post('/GiftCards', { ...FORM, deliverOn: '2099-01-01' }, cookie)
    expect(far.status).toBe(422)
    expect(far.body).toContain('Please choose a date within the next year.')
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
    expect(await post('/GiftCards', { ...FORM, deliverOn: day }, cookie)).toMatchObject({ status: 303, location: '/GiftCards?giftCard=added' })
    const custom = await post(`/products/${giftProduct.slug}`, { ...FORM, amount: 'other', customAmount: '75' }, cookie)
    expect(custom).toMatchObject({ status: 303, location: `/products/${giftProduct.slug}?giftCard=added` })
    expect(await giftLines(userId)).toEqual([
      { cents: 5000, email: 'grace@example.com', deliverOn: day },
      { cents: 7500, email: 'grace@example.com', deliverOn: null },
    ])
    const shown = await SELF.fetch(`${ORIGIN}/products/${giftProduct.slug}?giftCard=added`, { headers: { accept: 'text/html', cookie } })
    const html = await shown.text()
    expect(shown.status).toBe(200)
    expect(html).toContain('The gift card is in your cart.')
    // the size/colour add-to-cart form is not offered for the gift card
    expect(html).not.toContain('data-testid="add-to-cart-form"')
    expect(html).not.toContain('data-testid="variant-picker"')
    expect(html).toContain('data-testid="gift-card-form"')
  })
})
