/// <reference types="node" />
// The operator's day (issue 14) in real Chromium against the served store: the first admin is created with
// `npm run admin:create`, logs in, ships two orders (one a member's), refunds one line of the member's order and
// approves the return the member asked for on the other, restocks a size, changes a price and sees it on the product
// page, starts a coupon that a shopper applies in the cart sidebar and orders with, issues a gift card whose code a
// shopper checks, edits a CMS page in the typed section editor (previews the draft, saves, unpublishes and publishes
// it, sees it live in English and German), and reads the day's entries
// in the audit log. axe checks the console's main screens.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { axeViolations, seriousOnes } from './axe.ts'
import { baseUrl, launchBrowser, openPage, type Visit } from './browser.ts'
import { pngOf } from '#tests/factories/images.ts'
import { ADDRESS, CARD, adminBySetupLink, api, approveReturn, createAdmin, expectRefusedField, logIn, uploadProductPicture, issueGiftCard, memberOrder, overflowsSideways, readAuditLog, refundOneLine, unpublishAndPublish, useCouponInCart, walkConsole } from './operator-steps.ts'

const root = join(import.meta.dirname, '..', '..')

const EMAIL = `ops-${Date.now()}@example.com`
const PASSWORD = 'a long operator password'
/** A guest's order of one unit of the variant, paid by card; returns its number. */
async function placeOrder(variantId: string, coupon?: string) {
  const token = (await api('/cart', { method: 'POST' })).data.attributes.token as string
  await api('/cart/add_item', { token, body: { variant_id: variantId, quantity: 1 } })
  if (coupon) await api('/cart/apply_coupon_code', { method: 'PATCH', token, body: { coupon_code: coupon } })
  await api('/checkout', { method: 'PATCH', token, body: { order: { email: `guest-${Date.now()}@example.com`, ship_address_attributes: ADDRESS, bill_address_attributes: ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
  await api('/checkout/create_payment', { token, body: { payment_method_id: '1', source_attributes: CARD } })
  const done = await api('/checkout/complete', { method: 'PATCH', token })
  return { number: done.data.attributes.number as string, promoTotal: done.data.attributes.promo_total as string }
}

/** Serious and critical WCAG 2.1 A/AA findings on the console screen as it is now, one line each. */
const axe = async (page: Page, label: string) => seriousOnes(await axeViolations(page), label)

let browser: Browser
let visit: Visit
let product: { slug: string; variantId: string; productId: string }
/** A product whose sizes have different prices (the seed prices tents by capacity). */
let sizedProductId: string
/** The shopper's own browser context, opened by the price step and used until the published page is seen. */
let shopper: Visit | undefined
beforeAll(async () => {
  await createAdmin(EMAIL, PASSWORD)
  const list = await api('/products?per_page=5&filter[in_stock]=true&include=variants')
  const item = list.data.find((p: any) => p.relationships.variants.data.length > 0)
  product = { slug: item.attributes.slug, variantId: item.relationships.variants.data[0].id, productId: item.id }
  sizedProductId = (await api('/products?per_page=100')).data.find((p: any) => Number(p.attributes.max_price) > Number(p.attributes.price)).id
  browser = await launchBrowser()
  // the stranger's 404 at /admin/orders and the refused forms' 422 (tracking number, prices, CMS draft) are expected
  visit = await openPage(browser, { allow: (p) => (p.url.endsWith('/admin/orders') && p.text.includes('404')) || (/\/admin\/(orders|products|content)\/[\w/-]+$/.test(p.url) && p.text.includes('422')) })
})
afterAll(async () => {
  if (shopper && !shopper.page.isClosed()) await shopper.close()
  await visit?.close()
  await browser?.close()
})

/**
 * The day is one story told in steps, each its own test with its own time budget: a step names where a slow or broken
 * run stopped (one 180 s test timed out on CI twice, saying only that it had run out of time), and a step after a
 * failed one is skipped, not failed again for the same cause.
 */
let stepFailed: string | undefined
function step(name: string, body: () => Promise<void>, timeout = 90_000) {
  it(name, async (context) => {
    if (stepFailed) context.skip(`an earlier step failed: ${stepFailed}`)
    try {
      await body()
    } catch (error) {
      stepFailed = name
      throw error
    }
  }, timeout)
}

describe("an operator's day in the console", () => {
  let first: { number: string; promoTotal: string }
  let second: Awaited<ReturnType<typeof memberOrder>>
  let giftCard: string
  let text: string
  let cmsEditor: string

  step('a stranger sees nothing of the console; the operator logs in and ships two orders, one tracking number refused first', async () => {
    const { page } = visit
    first = await placeOrder(product.variantId)
    second = await memberOrder(product.variantId)
    const problems: string[] = []

    // a stranger sees nothing of the console
    expect((await visit.goto('/admin/orders')).status()).toBe(404)

    await logIn(visit, EMAIL, PASSWORD)
    problems.push(...(await axe(page, 'dashboard')))

    // ship both orders
    for (const [i, order] of [first, second].entries()) {
      await visit.goto('/admin/orders?shipment=pending')
      await page.getByRole('link', { name: order.number }).click()
      if (i === 0) {
        // a refused tracking number: the sentence beside it, focus on it, the typed values kept, nothing shipped
        await page.getByLabel('Carrier').selectOption('StarTrack')
        await page.getByLabel('Tracking number').fill('AP#1')
        await page.getByRole('button', { name: 'Mark as shipped and email the customer' }).click()
        await expectRefusedField(page, 'tracking', 'Use letters, digits, spaces and dashes only.', 'AP#1')
        expect(await page.getByLabel('Carrier').inputValue()).toBe('StarTrack')
        // the refusal page shows the order as it is now: still waiting, its shipment not marked
        expect(await page.getByText(/ · shipped /).count()).toBe(0)
      }
      await page.getByLabel('Tracking number').fill(`AP00${i}TRACK`)
      await page.getByRole('button', { name: 'Mark as shipped and email the customer' }).click()
      await page.getByText('The order is marked as shipped').waitFor()
    }
    problems.push(...(await axe(page, 'order')))
    expect(problems).toEqual([])
  })

  step("refunds one line of the member's order and approves the return the member asks for on the other", async () => {
    await refundOneLine(visit, second.number, PASSWORD)
    await approveReturn(visit, second, PASSWORD)
  })

  step("restocks a size and changes the price (a Club Price not below it refused first); the shopper's product page shows it", async () => {
    const { page } = visit
    // the shopper's product page, seen (and cached) before the change
    const own = (shopper = await openPage(browser))
    await own.goto(`/products/${product.slug}`)
    expect(await own.page.getByText('87.65').count()).toBe(0)
    await visit.goto(`/admin/products/${product.productId}`)
    const problems = await axe(page, 'product')
    const stock = page.locator(`#variant-${product.variantId}-stock`)
    await stock.fill('40')
    await page.locator(`form[action$="/variants/${product.variantId}"] button`).click()
    await page.getByText('Your changes are saved.').waitFor()
    expect(await page.locator(`#variant-${product.variantId}-stock`).inputValue()).toBe('40')
    const rrp = Number(await page.locator('#AUD-rrp').inputValue()) || 500
    const listed = (await api(`/products/${product.slug}`)).data.attributes.price
    // a Club Price not below the price is refused beside the Club Price; the typed prices stay; the price is unchanged
    await page.locator('#AUD-amount').fill('87.65')
    await page.locator('#AUD-member').fill('90.00')
    await page.getByRole('button', { name: 'Save prices' }).click()
    await expectRefusedField(page, 'AUD-member', 'The AUD Club Price must be below the price.', '90.00')
    expect(await page.locator('#AUD-amount').inputValue()).toBe('87.65')
    expect((await api(`/products/${product.slug}`)).data.attributes.price).toBe(listed)
    await page.locator('#AUD-amount').fill('87.65')
    await page.locator('#AUD-member').fill('')
    if (rrp < 87.65) await page.locator('#AUD-rrp').fill('')
    await page.getByRole('button', { name: 'Save prices' }).click()
    await page.getByText('Your changes are saved.').waitFor()
    await own.goto(`/products/${product.slug}`)
    await own.page.getByText('87.65').first().waitFor()
    expect(problems).toEqual([])
  })

  step('starts a coupon that a shopper applies in the cart and orders with; issues a gift card whose balance a shopper checks', async () => {
    const { page } = visit
    await visit.goto('/admin/promotions')
    const code = `day${Date.now() % 100000}`
    await page.getByLabel('Name').fill('Operator day')
    await page.getByLabel('Coupon code').fill(code)
    await page.getByLabel('Percent or amount').fill('10')
    await page.getByRole('button', { name: 'Start the coupon' }).click()
    await page.getByText('Created.').waitFor()
    const problems = await axe(page, 'promotions')
    await useCouponInCart(shopper!, product.slug, code, 'Operator day')
    expect(Number((await placeOrder(product.variantId, code)).promoTotal)).toBeLessThan(0)

    giftCard = await issueGiftCard(visit, shopper!)
    expect(problems).toEqual([])
  })

  step('edits a CMS page in the section editor: previews the draft in a new tab, saves a draft, and is refused an empty heading', async () => {
    const { page } = visit
    await visit.goto('/admin/content')
    await page.getByRole('link', { name: 'Great Vic Bike Ride 2023' }).first().click()
    const hero = page.getByRole('region', { name: /^1\. Hero image/ })
    text = `Ride day ${Date.now()}`
    await hero.locator('#sections-0-en-title').fill(text)
    await hero.locator('#sections-0-de-title').fill(`Tag ${text}`)
    const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: /Preview in English/ }).first().click()])
    await preview.getByText('Preview of unsaved changes').waitFor()
    await preview.getByRole('heading', { name: text }).waitFor()
    await preview.close()
    await page.getByRole('button', { name: 'Save draft' }).first().click()
    await page.getByText('Draft saved. The live page is unchanged until you publish.').waitFor()
    // the screens of the content work at 1024 and 390 px: the editor (with a refused field), the menus
    await hero.locator('#sections-0-en-title').fill('')
    await page.getByRole('button', { name: 'Save draft' }).first().click()
    await hero.getByText('Heading is required.').first().waitFor()
    const problems: string[] = []
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 900 })
      problems.push(...(await axe(page, `content editor ${width}`)))
    }
    cmsEditor = page.url()
    await page.setViewportSize({ width: 1024, height: 900 })
    await visit.goto('/admin/menus/header')
    problems.push(...(await axe(page, 'menus 1024')))
    expect(problems).toEqual([])
  })

  step('every list and detail screen fits a phone (nothing wider than the window) and passes axe', async () => {
    const { page } = visit
    const problems: string[] = []
    await page.setViewportSize({ width: 390, height: 844 })
    await walkConsole(visit, { order: first.number, product: product.productId, sizedProduct: sizedProductId }, async (name) => {
      const wide = await overflowsSideways(page)
      if (wide) problems.push(`${name} 390: the page scrolls sideways (${wide})`)
      problems.push(...(await axe(page, `${name} 390`)))
    })
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(problems).toEqual([])
  }, 120_000)

  step('the edited page is unpublished (its address gone) and published again, and the shopper sees it in English and German', async () => {
    await visit.goto(cmsEditor)
    const livePath = await unpublishAndPublish(visit)
    const own = shopper!
    await own.goto(livePath)
    await own.page.getByRole('heading', { name: text }).waitFor()
    await own.goto(`/de${livePath}`)
    await own.page.getByRole('heading', { name: `Tag ${text}` }).waitFor()
    await own.close()
  })

  step("the audit log names each of the day's changes, by whom and on what", async () => {
    await readAuditLog(visit, EMAIL, [
      ['order.fulfil', `order ${first.number}`],
      ['order.fulfil', `order ${second.number}`],
      ['order.refund_units', `order ${second.number}`],
      ['return.approve', `order ${second.number}`],
      ['variant.stock', `variant ${product.variantId}`],
      ['product.prices', `product ${product.productId}`],
      ['promotion.create', 'promotion '],
      ['gift_card.issue', `Gift card •••• ${giftCard.slice(-4)}`],
      ['cms_page.update', 'cms_page '],
      ['cms_page.unpublish', 'cms_page '],
      ['cms_page.publish', 'cms_page '],
    ])
    expect(await axe(visit.page, 'audit')).toEqual([])
    visit.expectNoProblems()
  })

  it('a picture chosen in the browser is resized there to the §9 sizes, uploaded and shown in the store', async () => {
    const own = await openPage(browser, { viewport: { width: 1440, height: 900 } })
    const { page } = own
    page.setDefaultTimeout(30_000)
    // a second admin made with the one-time setup link (`admin:create --setup-link`, as `--remote` does), logs in
    const secondAdmin = `ops2-${Date.now()}@example.com`
    await adminBySetupLink(own, secondAdmin, PASSWORD, inject('persistTo'))
    await logIn(own, secondAdmin, PASSWORD)
    await own.goto(`/admin/products/${product.productId}`)
    const problems = await axe(page, 'product page')
    const picture = { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(await pngOf(1200, 900)) }
    await uploadProductPicture(own, { file: picture, alt: 'Trail test picture', altDe: 'Testbild' })
    const html = await (await fetch(`${baseUrl()}/products/${product.slug}`)).text()
    const large = html.match(/\/media\/products\/\d+\/[\w-]+-large\.webp/)?.[0]
    expect(large).toBeTruthy()
    const size = await page.evaluate(async (src) => {
      const img = new Image()
      img.src = src
      await img.decode()
      return [img.naturalWidth, img.naturalHeight]
    }, large!)
    expect(size).toEqual([650, 870])

    // a CSV dry run from the import page: what would change, errors by line, nothing applied
    await own.goto('/admin/products/import')
    const csv = `slug,name_de\n${product.slug},Neuer Name\nfresh-cap,Mütze\nno such slug!,x\n`
    await page.getByLabel('CSV file').setInputFiles({ name: 'changes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await page.getByRole('button', { name: 'Check the file' }).click()
    await page.getByRole('heading', { name: 'Import: changes.csv' }).waitFor()
    await page.getByText(/name_de: .* → Neuer Name/).waitFor()
    await page.getByText('fresh-cap is a new product: it needs name, sku, price_aud, price_usd.').waitFor()
    await page.getByText('slug: use lower-case letters, digits and single dashes.').waitFor()
    const dryRun = page.url()
    problems.push(...(await axe(page, 'import dry run')))
    // the sample CSV of docs/console.md: a new jacket in 2 colours × 3 sizes, one line per variant, said by line in
    // English and German, then applied in one batch through the import queue
    await own.goto('/admin/products/import')
    await page.getByLabel('CSV file').setInputFiles(join(root, 'docs/samples/products-with-options.csv'))
    await page.getByRole('button', { name: 'Check the file' }).click()
    await page.getByRole('heading', { name: 'Import: products-with-options.csv' }).waitFor()
    await page.getByText('New product “Harbour Rain Jacket” (active) with 6 variants').waitFor()
    await page.getByText('Lagoon / M: Artikelnummer HARBOUR-LAGOON-M, Bestand 6.').waitFor()
    problems.push(...(await axe(page, 'import dry run with options')))
    await page.getByRole('button', { name: 'Apply 6 rows' }).click()
    await page.getByText('6 of 6 rows applied').waitFor({ timeout: 40_000 })
    await page.getByRole('link', { name: 'Harbour Rain Jacket' }).first().waitFor()
    await own.goto('/admin/categories')
    problems.push(...(await axe(page, 'categories')))
    expect(problems).toEqual([])
    if (process.env.ADMIN_SCREENSHOTS) {
      const dir = process.env.ADMIN_SCREENSHOTS
      mkdirSync(dir, { recursive: true })
      for (const [name, path] of [['product-pictures', `/admin/products/${product.productId}`], ['import', '/admin/products/import'], ['import-dry-run', new URL(dryRun).pathname], ['categories', '/admin/categories']] as const) {
        for (const [label, width] of [['desktop', 1440], ['phone', 390]] as const) {
          await page.setViewportSize({ width, height: 900 })
          await own.goto(path)
          await page.screenshot({ path: join(dir, `admin-${name}-${label}.png`), fullPage: true })
        }
      }
    }
    own.expectNoProblems()
    await own.close()
  }, 150_000)

  // `ADMIN_SCREENSHOTS=dir` takes the console's screens at 1440 and 390 px (for review, not a pass/fail check)
  it.runIf(Boolean(process.env.ADMIN_SCREENSHOTS))('screenshots', async () => {
    const { page } = visit
    const order = await placeOrder(product.variantId)
      const dir = process.env.ADMIN_SCREENSHOTS!
      mkdirSync(dir, { recursive: true })
      // every list and detail screen at the two widths the console promises (issue 14 item 8)
      for (const width of [1024, 390]) {
        await page.setViewportSize({ width, height: 900 })
        await walkConsole(visit, { order: order.number, product: product.productId, sizedProduct: sizedProductId }, async (name) => {
          await page.screenshot({ path: join(dir, `admin-walk-${name}-${width}.png`), fullPage: true })
        })
      }
      for (const [name, path] of [['dashboard', '/admin'], ['orders', '/admin/orders'], ['order', `/admin/orders/${order.number}`], ['product', `/admin/products/${product.productId}`], ['promotions', '/admin/promotions'], ['content', '/admin/content']] as const) {
        for (const [size, width] of [['desktop', 1440], ['phone', 390]] as const) {
          await page.setViewportSize({ width, height: 900 })
          await visit.goto(path)
          await page.screenshot({ path: join(dir, `admin-${name}-${size}.png`), fullPage: size === 'desktop' })
        }
      }
      // the section editor, its storefront preview (a new tab) and the menu editor
      await visit.goto('/admin/content')
      const editor = await page.getByRole('link', { name: 'Great Vic Bike Ride 2023' }).first().getAttribute('href')
      for (const [size, width] of [['desktop', 1440], ['phone', 390]] as const) {
        await page.setViewportSize({ width, height: 900 })
        await visit.goto(editor!)
        await page.screenshot({ path: join(dir, `admin-cms-editor-${size}.png`), fullPage: true })
        const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: /Preview in German/ }).first().click()])
        await preview.setViewportSize({ width, height: 900 })
        await preview.getByText('Preview of unsaved changes').waitFor()
        await preview.screenshot({ path: join(dir, `admin-cms-preview-${size}.png`) })
        await preview.close()
        await visit.goto('/admin/menus/header')
        await page.screenshot({ path: join(dir, `admin-menus-${size}.png`), fullPage: size === 'desktop' })
      }
  }, 180_000)
})
