/// <reference types="node" />
// Issue 40, the first 'Done when' line, in real Chromium: a shop opened from nothing. Its own `wrangler dev` (the
// shared e2e store is seeded) on a store set up the documented way — `npm run setup -- --local --admin-email …`
// (migrations, the reference data, the first admin; no sample) — served with Stripe and Resend switched on against
// local fakes (tests/fakes/stripe-server.ts; fake-third-party.ts as the mail API). The operator works through the
// dashboard's 'Before shoppers can buy' list in the console only: the store's details and public URL, a rate in the
// Australia zone, a category, a product with 2 colours × 3 sizes (German texts, prices, a Club Price, a sale price, a
// picture per colour), a Click & Collect place and a new content page with an uploaded picture; the list is then gone.
// A German shopper finds the product in the menu and by search and buys red M without JavaScript (Stripe's hosted
// page) and with it (the card element); the gallery follows the colour, and each order's email links only to the
// store URL set in the console, never to the address the store was opened at.
import { mkdtempSync, rmSync } from 'node:fs'
import { execFile } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pngOf } from '#tests/factories/images.ts'
import { FAKE_PUBLISHABLE_KEY, FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET } from '#tests/fakes/stripe-api.ts'
import { startStripeServer, type StripeServer } from '#tests/fakes/stripe-server.ts'
import { launchBrowser, openPage, untilItWorks, waitForHydration, type Visit } from './browser.ts'
import { addOnThisPage, submitMelbourneAddress } from './checkout-steps.ts'
import { startFakeThirdParty, type FakeThirdParty } from './fake-third-party.ts'
import { addCategory, addCollectLocation, logIn, newContentPage, saveProduct, startProduct, uploadContentPicture, uploadProductPicture, type PictureFile } from './operator-steps.ts'
import { queryD1, serveCopy, type ServedCopy } from './serve-copy.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const EMAIL = `owner-${Date.now()}@glowmere.com.au`
const PASSWORD = 'a long operator password'
/** The address the shop lives at: every email link must start with it (the store itself is served on 127.0.0.1). */
const STORE_URL = 'https://shop.glowmere.com.au'
const CATEGORY = 'Alpine Shells'
const CATEGORY_DE = 'Alpinjacken'
const NAME = 'Glowmere Kestrel Shell'
const NAME_DE = 'Glowmere Turmfalke Jacke'
const PLACE = { name: 'Glowmere Fitzroy', nameDe: 'Glowmere Laden Fitzroy', address: '88 Brunswick Street\nFitzroy VIC 3065', hours: 'Mon–Sat 10am–6pm', hoursDe: 'Mo–Sa 10–18 Uhr' }
const RATE = { name: 'Next-day courier', nameDe: 'Kurier am nächsten Tag' }

/** An email as the (fake) mail API received it. */
interface Sent {
  to: string[]
  subject: string
  html?: string
  text: string
}

let browser: Browser
let stripe: StripeServer
let mail: FakeThirdParty
let store: ServedCopy
const sent: Sent[] = []

beforeAll(async () => {
  ;[browser, stripe, mail] = await Promise.all([
    launchBrowser(),
    startStripeServer(),
    startFakeThirdParty({
      // Resend's send call: recorded, answered with an id
      '/emails': {
        type: 'application/json',
        body: (body) => {
          sent.push(JSON.parse(body) as Sent)
          return JSON.stringify({ id: `email-${sent.length}` })
        },
      },
    }),
  ])
  // the documented set-up of a new store (docs/deploying.md 'A new store, and the sample'): no --sample
  const dir = mkdtempSync(join(tmpdir(), 'storefront-new-shop-'))
  try {
    await promisify(execFile)('npm', ['run', '--silent', 'setup', '--', '--local', '--persist-to', dir, '--admin-email', EMAIL, '--admin-password', PASSWORD], {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    })
    store = await serveCopy({
      from: dir,
      vars: {
        STRIPE_SECRET_KEY: FAKE_SECRET_KEY,
        STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
        STRIPE_API_BASE: stripe.origin,
        STRIPE_JS_URL: `${stripe.origin}/v3/stripe.js`,
        RESEND_API_KEY: 're_e2e_new_shop',
        MAIL_API_BASE: mail.origin,
        MAIL_FROM: 'Glowmere Outdoor <orders@glowmere.com.au>',
        STORE_EMAIL: 'hello@glowmere.com.au',
      },
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
  // the set-up's three wrangler runs and the server's start took 275-345 s on the shared 2-core machine (load 20)
}, 900_000)
afterAll(async () => {
  await browser?.close()
  await store?.stop()
  await stripe?.close()
  await mail?.close()
})

const picture = async (name: string, rgb: [number, number, number]): Promise<PictureFile> => ({ name, mimeType: 'image/png', buffer: Buffer.from(await pngOf(900, 1200, rgb)) })

/** The dashboard's launch list: each item's key and whether it is done ([] once the list is gone). */
async function checklist(operator: Visit) {
  await operator.goto('/admin')
  await operator.page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  const items = operator.page.getByTestId('launch-checklist').locator('li[data-item]')
  return Object.fromEntries(await items.evaluateAll((lis) => lis.map((li) => [li.getAttribute('data-item'), li.getAttribute('data-done') === 'true'])))
}

/** Every link of an email (the HTML's hrefs and srcs, the text's addresses). */
function linksOf(email: Sent) {
  const html = [...(email.html ?? '').matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))
  const text = [...email.text.matchAll(/https?:\/\/[^\s)>\]]+/g)].map((m) => m[0])
  return [...html, ...text].filter((link) => !link.startsWith('mailto:') && !link.startsWith('tel:'))
}

/** The order confirmation of `number` as the mail API received it (sent by the queue's consumer, so waited for). */
async function confirmationOf(number: string) {
  await expect.poll(() => sent.some((email) => email.subject.includes(number)), { timeout: 60_000, message: `the order email of ${number} reaches the mail API` }).toBe(true)
  return sent.find((email) => email.subject.includes(number))!
}

/** On a German product page: picks a value of an option by its label (the radio's own label, as a shopper clicks it). */
async function pick(page: Page, label: string) {
  const radio = page.getByTestId('variant-picker').getByLabel(label, { exact: true })
  await page.locator(`label[for="${await radio.getAttribute('id')}"]`).click()
  return radio
}

describe('a shop opened from an empty store', () => {
  it('is set up in the console only, and a German shopper finds and buys red M without JavaScript and with it; the emails link to the store URL', async () => {
    const operator = await openPage(browser, { baseUrl: store.url })
    const shopper = await openPage(browser, { baseUrl: store.url })
    const plain = await browser.newContext({ baseURL: store.url, javaScriptEnabled: false, locale: 'de-DE' })
    try {
      const { page } = operator
      // an empty store: the home page says it opens soon
      expect(await (await fetch(`${store.url}/`)).text()).toContain('Opening soon')
      await logIn(operator, EMAIL, PASSWORD)
      // payments and mail are the deployment's (secrets); the store's details and a product are the console's to do
      expect(await checklist(operator)).toEqual({ settings: false, product: false, shipping: true, payments: true, mail: true })

      // 1. the store's details, its public address among them
      await page.getByTestId('launch-checklist').getByRole('link', { name: 'Open Settings' }).click()
      await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor()
      await page.getByLabel("Shop's name").fill('Glowmere Outdoor')
      await page.getByLabel('Legal name').fill('Glowmere Outdoor Pty Ltd')
      await page.getByLabel('ABN').fill('51 824 753 556')
      await page.getByLabel('Support email').fill('help@glowmere.com.au')
      await page.getByLabel('Address (required)', { exact: true }).fill('88 Brunswick Street\nFitzroy VIC 3065')
      await page.getByLabel('Return address (required)').fill('Glowmere Returns\n88 Brunswick Street\nFitzroy VIC 3065')
      await page.getByLabel('Store URL').fill(STORE_URL)
      await page.getByRole('button', { name: 'Save the settings' }).click()
      await page.getByRole('status').filter({ hasText: 'The settings are saved' }).waitFor()

      // 2. the Australia zone gets a next-day courier rate
      await operator.goto('/admin/shipping')
      await page.getByRole('table', { name: 'Shipping zones' }).getByRole('link', { name: 'Australia' }).click()
      const rate = page.getByRole('form', { name: 'Add the rate' })
      await rate.getByLabel('Name (English)').fill(RATE.name)
      await rate.getByLabel('Name (Deutsch)').fill(RATE.nameDe)
      await rate.getByLabel('Cost (AUD)').fill('19.00')
      await rate.getByLabel('Cost (USD)').fill('13.00')
      await rate.getByLabel('Business days, fewest').fill('1')
      await rate.getByLabel('Business days, most').fill('1')
      await rate.getByRole('button', { name: 'Add the rate' }).click()
      await page.getByRole('table', { name: 'Rates' }).getByRole('link', { name: RATE.name }).waitFor()

      // 3. a category, then the product: 2 colours (made here, with swatches) × 3 sizes, German texts, prices
      await addCategory(operator, { en: CATEGORY, de: CATEGORY_DE })
      const { form, grid } = await startProduct(operator, {
        name: NAME,
        nameDe: NAME_DE,
        description: 'A light shell for cold ridges.',
        descriptionDe: 'Eine leichte Jacke für kalte Grate.',
        category: CATEGORY,
        skuPrefix: 'GKS',
        stock: '5',
        aud: '249.00',
        usd: '169.00',
      })
      await form.getByLabel('Its name (English / German)').fill('Colour / Farbe')
      await form.getByLabel('Its values').fill('Red / Rot #c0392b, Lagoon / Lagune #5fa8d3')
      await form.getByRole('button', { name: 'Generate variants' }).click()
      await form.getByLabel('Name of new option 2 (English / German)').fill('Size / Größe')
      await form.getByLabel('Values of new option 2').fill('S, M, L')
      await form.getByRole('button', { name: 'Generate variants' }).click()
      await grid.getByRole('rowheader', { name: 'Lagoon / L' }).waitFor()
      await expect(grid.getByRole('rowheader').count()).resolves.toBe(7) // 'Set all' and 2 × 3 variants
      await form.getByLabel('AUD Club Price of every variant').fill('219.00')
      await grid.getByRole('button', { name: 'Set all AUD Club Price' }).click()
      await grid.getByLabel('AUD sale price of Red / M').fill('229.00')
      await saveProduct(operator, NAME)
      // a picture for each colour: the storefront's gallery follows the colour chosen
      await uploadProductPicture(operator, { file: await picture('red.png', [192, 57, 43]), alt: 'The shell in red', altDe: 'Die Jacke in Rot', colour: 'Red' })
      await uploadProductPicture(operator, { file: await picture('lagoon.png', [95, 168, 211]), alt: 'The shell in lagoon blue', altDe: 'Die Jacke in Lagunenblau', colour: 'Lagoon' })

      // 4. a Click & Collect place
      await addCollectLocation(page, PLACE)

      // 5. a new content page with an uploaded picture, published
      await uploadContentPicture(operator, { file: await picture('ridge.png', [40, 90, 60]), alt: 'The ridge at dawn', altDe: 'Der Grat im Morgengrauen' })
      const slug = 'our-ridge'
      await newContentPage(operator, { slug, title: 'Our ridge', titleDe: 'Unser Grat' })
      await page.getByLabel('Kind of section').selectOption('hero_image')
      await page.getByRole('button', { name: 'Add the section' }).click()
      await page.locator('#sections-0-shared-image_one').selectOption({ label: 'The ridge at dawn' })
      for (const [locale, heading] of [['en', 'Made on the ridge'], ['de', 'Am Grat gemacht']] as const) {
        await page.locator(`#sections-0-${locale}-name`).fill('Hero')
        await page.locator(`#sections-0-${locale}-title`).fill(heading)
      }
      await page.getByRole('button', { name: 'Save and publish' }).first().click()
      await page.getByText('Published: the page is live.').waitFor()

      // the list is done: the dashboard no longer shows it
      expect(await checklist(operator)).toEqual({})
      await page.getByText('Before shoppers can buy').waitFor({ state: 'detached' })

      // the German shopper without JavaScript: the menu, search, red M, Stripe's hosted page
      const s = await plain.newPage()
      s.setDefaultTimeout(30_000)
      await s.goto('/de/')
      await s.getByTestId('nav-menu').getByRole('link', { name: CATEGORY_DE }).click()
      await s.getByTestId('product-card').filter({ hasText: NAME_DE }).waitFor()
      await s.locator('#site-search').fill('Turmfalke')
      await s.locator('#site-search').press('Enter')
      await s.waitForURL((url) => url.pathname === '/de/Category' && url.searchParams.get('term') === 'Turmfalke')
      await s.getByTestId('product-card').filter({ hasText: NAME_DE }).locator('a').first().click()
      await s.getByRole('heading', { level: 1, name: NAME_DE }).waitFor()
      await pick(s, 'Rot')
      await pick(s, 'M')
      await s.getByTestId('add-to-cart').click()
      await s.waitForURL((url) => url.pathname === '/de/Cart' && url.searchParams.has('added'))
      expect(await s.getByTestId('cart-page').textContent()).toMatch(/Rot.*M|M.*Rot/)
      expect(await s.getByTestId('cart-page').textContent()).toContain('229,00')
      await s.getByTestId('go-to-checkout').click()
      await s.waitForURL(/\/de\/(Checkout\/CheckoutType|checkout\/shipping)/)
      if (s.url().includes('CheckoutType')) await s.getByTestId('as-guest').click()
      await s.waitForURL('**/de/checkout/shipping')
      await submitMelbourneAddress(s, 'ada-plain@glowmere-customers.com.au')
      await s.getByTestId('shipping-rate-form').locator('button[type=submit]').click()
      await s.waitForURL('**/de/checkout/billing')
      await s.getByTestId('billing-form').locator('button[type=submit]').click()
      await s.waitForURL('**/de/checkout/payment')
      await s.getByTestId('pay-on-hosted-page').waitFor()
      await s.locator('input[name=terms]').check()
      await s.getByTestId('pay').click()
      await s.waitForURL(`${stripe.origin}/pay/**`)
      await s.getByLabel('Card number').fill('4242424242424242')
      await s.getByRole('button', { name: /^Pay / }).click()
      await s.waitForURL(/\/de\/checkout\/thank-you\?order=R\d+$/)
      const plainOrder = new URL(s.url()).searchParams.get('order')!

      // the German shopper with JavaScript: search, the colour's own pictures, red M, the new rate, the card element
      const j = shopper.page
      await shopper.goto('/de/Category?term=' + encodeURIComponent('Turmfalke'))
      await j.getByTestId('product-card').filter({ hasText: NAME_DE }).locator('a').first().click()
      await j.getByRole('heading', { level: 1, name: NAME_DE }).waitFor()
      await waitForHydration(j)
      for (const label of ['Rot', 'M']) {
        const radio = j.getByTestId('variant-picker').getByLabel(label, { exact: true })
        await untilItWorks(async () => {
          if (!(await radio.isChecked())) await pick(j, label)
          await expect.poll(() => radio.isChecked(), { timeout: 3_000 }).toBe(true)
        }, 30_000)
      }
      await j.getByRole('img', { name: 'Die Jacke in Rot' }).first().waitFor()
      expect(await j.getByRole('img', { name: 'Die Jacke in Lagunenblau' }).count()).toBe(0)
      const sidebar = await addOnThisPage(j)
      await sidebar.getByText(NAME_DE).first().waitFor()
      await expect.poll(() => sidebar.textContent(), { message: 'the sale price of red M in the cart' }).toMatch(/229,00/)
      await sidebar.getByTestId('go-to-checkout').click()
      await j.waitForURL(/\/de\/(Checkout\/CheckoutType|checkout\/shipping)/)
      if (j.url().includes('CheckoutType')) {
        await waitForHydration(j)
        await j.getByTestId('as-guest').click()
      }
      await j.waitForURL('**/de/checkout/shipping')
      await waitForHydration(j, '[data-testid=shipping-address-form]')
      await submitMelbourneAddress(j, 'ada-script@glowmere-customers.com.au')
      const rates = j.getByTestId('shipping-rate-form')
      await rates.getByTestId('shipping-rate').filter({ hasText: RATE.nameDe }).locator('input').check()
      await rates.locator('button[type=submit]').click()
      await j.waitForURL('**/de/checkout/billing')
      await j.getByTestId('billing-form').locator('button[type=submit]').click()
      await j.waitForURL('**/de/checkout/payment')
      await j.locator('[data-testid=card-element][aria-busy=false] [data-fake-stripe-card]').fill('4242 4242 4242 4242')
      await j.locator('input[name=terms]').check()
      await j.getByTestId('pay').click()
      await j.waitForURL(/\/de\/checkout\/thank-you\?order=R\d+$/)
      const scriptedOrder = new URL(j.url()).searchParams.get('order')!

      // both orders: red M at its sale price, paid in full; the JavaScript one by the new courier rate
      const rows = queryD1(
        store.persistTo,
        `SELECT o.number, o.total_cents, (SELECT li.price_cents FROM line_items li WHERE li.order_id = o.id) AS price,
           (SELECT group_concat(ov.name, '/') FROM line_items li JOIN variant_option_values vov ON vov.variant_id = li.variant_id JOIN option_values ov ON ov.id = vov.option_value_id WHERE li.order_id = o.id) AS options,
           (SELECT sum(p.amount_cents) FROM payments p WHERE p.order_id = o.id AND p.state = 'completed') AS paid
         FROM orders o WHERE o.number IN ('${plainOrder}', '${scriptedOrder}') ORDER BY o.number = '${scriptedOrder}'`,
      )
      expect(rows.map((r) => ({ price: r.price, options: String(r.options).split('/').sort(), paidInFull: r.paid === r.total_cents }))).toEqual([
        { price: 22900, options: ['m', 'red'], paidInFull: true },
        { price: 22900, options: ['m', 'red'], paidInFull: true },
      ])
      expect(rows[1]!.total_cents).toBe(22900 + 1900)

      // the emails link to the store URL set in the console, never to the address the store was opened at
      for (const number of [plainOrder, scriptedOrder]) {
        const email = await confirmationOf(number)
        const links = linksOf(email)
        expect(links.length, `links in the email of ${number}`).toBeGreaterThan(0)
        expect(links.filter((link) => !link.startsWith(`${STORE_URL}/`)), `links of ${number} elsewhere than ${STORE_URL}`).toEqual([])
        expect(`${email.html ?? ''} ${email.text}`).not.toMatch(/127\.0\.0\.1|localhost/)
      }

      // the new content page, live in German with its picture
      await shopper.goto(`/de/${slug}`)
      await j.getByRole('heading', { name: 'Am Grat gemacht' }).waitFor()
      await j.getByRole('img', { name: 'Der Grat im Morgengrauen' }).waitFor()

      operator.expectNoProblems()
      shopper.expectNoProblems()
    } finally {
      await plain.close()
      await shopper.close()
      await operator.close()
    }
  }, 600_000)
})
