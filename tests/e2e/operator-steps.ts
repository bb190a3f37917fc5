/// <reference types="node" />
// Steps the console's browser tests share: making the first admin and logging in, adding a category, the 'New product'
// form, uploading a product's or a page's picture, a new content page, a Click & Collect place (the console tests and
// tests/e2e/open-a-shop.test.ts, which runs them against its own new store: every path here is relative).
// Then steps of the operator's day (tests/e2e/operator-console.test.ts) that need a member's order: refund one line,
// approve the return the member asked for on another line, make an admin through the one-time setup link, use the new coupon in a shopper's cart, issue a gift card a
// shopper then checks, unpublish and publish a CMS page, and read this day's entries in the audit log. Each reuses the
// logged-in operator's page; the shopper side goes through the store's own routes (the Storefront API with the
// member's bearer token, the cart sidebar, the /GiftCards page).
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Locator, Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { baseUrl, ownAddress, type Visit } from './browser.ts'
import { addWithSidebar } from './checkout-steps.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/** A console admin made the documented way (`npm run admin:create`, scripts/admin-create.mjs) in a store's local D1. */
export async function createAdmin(email: string, password: string, persistTo = inject('persistTo')) {
  await promisify(execFile)(process.execPath, [join(root, 'scripts/admin-create.mjs'), '--email', email, '--password', password, '--persist-to', persistTo], { cwd: root })
}

/** Logs in on the console's login page; done when the dashboard shows. */
export async function logIn(visit: Visit, email: string, password: string) {
  const { page } = visit
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/admin/login')) await visit.goto('/admin/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
}

/** Adds a category named in both languages, inside `parent` (as the 'Inside' list names it) or at the top level. */
export async function addCategory(visit: Visit, category: { parent?: string; en: string; de: string }) {
  const { page } = visit
  await visit.goto('/admin/categories')
  const add = page.getByRole('form', { name: 'Add a category' })
  if (category.parent) await add.getByLabel('Inside').selectOption({ label: category.parent })
  await add.getByLabel('Name (English)').fill(category.en)
  await add.getByLabel('Name (German)').fill(category.de)
  await add.getByRole('button', { name: 'Add category' }).click()
  await page.getByRole('status').waitFor()
}

/** What the 'New product' form is given: texts in both languages, a category (its label there), prices of every variant. */
export interface ProductForm {
  name: string
  nameDe: string
  description: string
  descriptionDe: string
  /** The category's label in the form ('Men › Kestrel Range'). */
  category: string
  skuPrefix: string
  stock: string
  aud: string
  usd: string
}

/**
 * On 'New product' (opened from the products list): the texts, 'Active', the category and what every new variant
 * starts with, typed before the options so the grid is drawn with them. The caller ticks the options next.
 */
export async function startProduct(visit: Visit, product: ProductForm) {
  const { page } = visit
  await visit.goto('/admin/products')
  await page.getByRole('link', { name: 'New product' }).click()
  await page.getByRole('heading', { name: 'New product', level: 1 }).waitFor()
  const form = page.getByRole('form', { name: 'New product' })
  await form.getByLabel('Name (English)').fill(product.name)
  await form.getByLabel('Name (German)').fill(product.nameDe)
  await form.getByLabel('Description (English)').fill(product.description)
  await form.getByLabel('Description (German)').fill(product.descriptionDe)
  await form.getByLabel('Active: on sale in the store').check()
  await form.getByLabel(product.category).check()
  await form.getByLabel('SKU of every variant (prefix)').fill(product.skuPrefix)
  await form.getByLabel('Stock of every variant').fill(product.stock)
  await form.getByLabel('AUD price of every variant').fill(product.aud)
  await form.getByLabel('USD price of every variant').fill(product.usd)
  return { form, grid: page.getByRole('table', { name: 'Variants of the product' }) }
}

/** 'Save product' on the 'New product' form; done when the new product's own page shows. */
export async function saveProduct(visit: Visit, name: string) {
  const { page } = visit
  await page.getByRole('form', { name: 'New product' }).getByRole('button', { name: 'Save product' }).click()
  await page.getByRole('status').filter({ hasText: 'The product was created' }).waitFor()
  await page.getByRole('heading', { name, level: 1 }).waitFor()
}

/** A picture file given to a console upload form (resized there by the console's script to the three sizes). */
export interface PictureFile {
  name: string
  mimeType: string
  buffer: Buffer
}

/** On a product's console page: uploads a picture with its descriptions, shown for `colour` (else for every colour). */
export async function uploadProductPicture(visit: Visit, picture: { file: PictureFile; alt: string; altDe: string; colour?: string }) {
  const { page } = visit
  const form = page.getByRole('form', { name: 'Add a picture' })
  await form.getByLabel(/Picture \(JPEG, PNG or WebP/).setInputFiles(picture.file)
  if (picture.colour) await form.getByLabel('Colour of the picture').selectOption({ label: picture.colour })
  await form.getByLabel('Picture description (English)').fill(picture.alt)
  await form.getByLabel('Picture description (German)').fill(picture.altDe)
  await uploaded(page, () => form.getByRole('button', { name: 'Upload picture' }).click())
}

/**
 * Presses a picture form's button and waits for the page it leads to: the notice alone would not do for a second
 * picture, since the page of the first one already shows the same words (open-a-shop's second colour).
 */
async function uploaded(page: Page, press: () => Promise<void>) {
  const arrived = page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() })
  await press()
  await arrived
  await page.getByText('The picture was added in all three sizes.').waitFor()
}

/** Content → 'Pictures for pages' (from the console's menu): uploads a picture with its descriptions in both languages. */
export async function uploadContentPicture(visit: Visit, picture: { file: PictureFile; alt: string; altDe: string }) {
  const { page } = visit
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Content' }).click()
  await page.getByRole('link', { name: 'Pictures for pages' }).click()
  await page.getByLabel(/Picture \(JPEG, PNG or WebP/).setInputFiles(picture.file)
  await page.getByLabel('What the picture shows (English)').fill(picture.alt)
  await page.getByLabel('What the picture shows (German)').fill(picture.altDe)
  await uploaded(page, () => page.getByRole('button', { name: 'Upload picture' }).click())
}

/** Content → 'New page': its address and titles in both languages; `beforeCreate` looks at the form first. */
export async function newContentPage(visit: Visit, page_: { slug: string; title: string; titleDe: string }, beforeCreate?: () => Promise<void>) {
  const { page } = visit
  await visit.goto('/admin/content')
  await page.getByRole('link', { name: 'New page' }).click()
  await page.getByLabel('Address').fill(page_.slug)
  await page.getByLabel('Title (English)').fill(page_.title)
  await page.getByLabel('Title (German)').fill(page_.titleDe)
  await beforeCreate?.()
  await page.getByRole('button', { name: 'Create the page' }).click()
  await page.getByText('The page was created, hidden from the store.').waitFor()
}

export const CARD = { number: '4111111111111111', month: 12, year: new Date().getUTCFullYear() + 2, verification_value: '123', name: 'Ada Lovelace' }
export const ADDRESS = { firstname: 'Ada', lastname: 'Lovelace', address1: '1 Collins Street', city: 'Melbourne', zipcode: '3000', phone: '0412 345 678', state_name: 'VIC', country_iso: 'AU' }

/** The served store's Storefront API (`/spree_oauth/…` when the path starts there); throws on an error answer. */
export async function api(path: string, init: { method?: string; body?: unknown; token?: string; bearer?: string; headers?: Record<string, string> } = {}) {
  const url = path.startsWith('/spree_oauth') ? `${baseUrl()}${path}` : `${baseUrl()}/api/v2/storefront${path}`
  const res = await fetch(url, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      accept: 'application/vnd.api+json',
      ...(init.token ? { 'x-spree-order-token': init.token } : {}),
      ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
      ...init.headers,
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    // Node's fetch waits as long as the server does: a stuck answer fails the step, naming it, not the whole test
    signal: AbortSignal.timeout(30_000),
  })
  const body = await res.json().catch(() => null)
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`)
  return body as any
}

export interface MemberOrder {
  number: string
  bearer: string
  /** The member's login, for a browser that opens their account pages. */
  email: string
  password: string
  /** The order's line ids, in the order the variants were added. */
  lines: string[]
}

/** A new Club member's order of two lines, one unit of `variantId` and one of another in-stock product, paid by card. */
export async function memberOrder(variantId: string): Promise<MemberOrder> {
  const list = await api('/products?per_page=5&filter[in_stock]=true&include=variants')
  const other = list.data.map((p: any) => p.relationships.variants.data[0]?.id).find((id: string | undefined) => id && id !== variantId)
  const variantIds = [variantId, other as string]
  const email = `member-${Date.now()}@example.com`
  const password = 'member password 1'
  await api('/account', { body: { user: { email, first_name: 'Ada', last_name: 'Lovelace', password, password_confirmation: password } }, headers: ownAddress() })
  const bearer = (await api('/spree_oauth/token', { body: { grant_type: 'password', username: email, password } })).access_token as string
  await api('/cart', { method: 'POST', bearer })
  for (const variant_id of variantIds) await api('/cart/add_item', { bearer, body: { variant_id, quantity: 1 } })
  await api('/checkout', { method: 'PATCH', bearer, body: { order: { ship_address_attributes: ADDRESS, bill_address_attributes: ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
  await api('/checkout/create_payment', { bearer, body: { payment_method_id: '1', source_attributes: CARD } })
  const done = await api('/checkout/complete', { method: 'PATCH', bearer })
  const lines = (done.data.relationships.line_items.data as Array<{ id: string }>).map((l) => l.id)
  expect(lines).toHaveLength(variantIds.length)
  return { number: done.data.attributes.number, bearer, email, password, lines }
}

/** On the order's console page: refunds the first line's one unit (back in stock) in the refund dialog and sees it listed. */
export async function refundOneLine(visit: Visit, number: string, password: string) {
  const { page } = visit
  await visit.goto(`/admin/orders/${number}`)
  const form = page.getByRole('form', { name: 'Refund items' })
  const qty = form.locator('input[name^="qty-"]').first()
  await qty.fill('1')
  // worked out first: the total it comes to, then refunded
  await form.getByRole('button', { name: 'Work out the total' }).click()
  const total = (await page.getByTestId('refund-quote').getByText(/^Refund total/).textContent())!
  const amount = /Refund total (\S+ [\d.,]+)/.exec(total)![1]!
  const again = page.getByRole('form', { name: 'Refund items' })
  await again.getByLabel('Why is it refunded? (the customer reads this)').fill('Arrived torn')
  await again.getByLabel('Your password, to confirm the refund').fill(password)
  await again.getByRole('button', { name: 'Refund', exact: true }).click()
  await page.getByText('The units were refunded').waitFor()
  await page.getByRole('list', { name: 'Refunds' }).getByText('Arrived torn').first().waitFor()
  await page.getByText(`Refunded 1 for ${amount}, back in stock`).waitFor()
}

/**
 * The member asks to return the order's second line (the Storefront API route their order page's form posts to), the
 * operator approves it from the returns list, and the member's order then shows the return approved (the goods to send).
 */
export async function approveReturn(visit: Visit, order: MemberOrder, _password: string) {
  const { page } = visit
  await api(`/account/orders/${order.number}/returns`, { bearer: order.bearer, body: { return_request: { reason: 'too_small', comment: 'A size up, please', items: [{ line_item_id: order.lines[1], quantity: 1 }] } } })
  await visit.goto('/admin/returns')
  await page.getByRole('row').filter({ hasText: order.number }).getByRole('link', { name: /^#\d+$/ }).click()
  await page.getByText('A size up, please').waitFor()
  const form = page.getByRole('form', { name: 'Approve the return' })
  await form.getByRole('button', { name: 'Approve and email the return address' }).click()
  await page.getByText('The return is approved').waitFor()
  const seen = await api(`/account/orders/${order.number}`, { bearer: order.bearer })
  expect(seen.data.attributes.returns).toMatchObject([{ state: 'approved' }])
}

/**
 * `npm run admin:create -- --setup-link` (what `--remote` writes to a deployed store, here to the served local one):
 * the printed link opens the set-password page, the admin chooses the password there and lands on the login page;
 * the link then refuses a second use (410).
 */
export async function adminBySetupLink(visit: Visit, email: string, password: string, persistTo: string) {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'scripts/admin-create.mjs'), '--setup-link', '--email', email, '--url', baseUrl(), '--persist-to', persistTo], { cwd: root })
  const link = new URL(stdout.match(/\S+\/admin\/setup\?token=\S+/)![0])
  const { page } = visit
  await visit.goto(link.pathname + link.search)
  await page.getByLabel('New password').fill(password)
  await page.getByLabel('Repeat the password').fill(password)
  await page.getByRole('button', { name: 'Set password' }).click()
  await page.getByText('Your password is set. Log in with it.').waitFor()
  expect((await fetch(link)).status).toBe(410)
}

/** A shopper adds the product in the browser and applies the operator's new coupon in the cart sidebar: it shows by name and the total drops. */
export async function useCouponInCart(shopper: Visit, slug: string, code: string, name: string) {
  const sidebar = await addWithSidebar(shopper.page, `/products/${slug}`)
  const total = async () => Number(((await sidebar.getByTestId('order-total').locator('dd').first().textContent()) ?? '').replace(/[^\d.]/g, ''))
  const before = await total()
  expect(before).toBeGreaterThan(0)
  await sidebar.locator('#coupon-code').fill(code)
  await sidebar.getByTestId('apply-coupon').click()
  await sidebar.getByTestId('cart-promotion').filter({ hasText: name }).waitFor({ timeout: 30_000 })
  await expect.poll(total, { timeout: 30_000 }).toBeLessThan(before)
}

/**
 * On the CMS editor of a published page: 'Unpublish' (the store's address then answers 404) and 'Publish' again;
 * returns the page's live path for the shopper to look at.
 */
export async function unpublishAndPublish(visit: Visit) {
  const { page } = visit
  const livePath = (await page.getByRole('link', { name: 'See the live page' }).getAttribute('href'))!
  await page.getByRole('button', { name: 'Unpublish', exact: true }).click()
  await page.getByRole('button', { name: 'Publish', exact: true }).waitFor()
  expect((await fetch(`${baseUrl()}${livePath}`)).status).toBe(404)
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await page.getByRole('button', { name: 'Unpublish', exact: true }).waitFor()
  return livePath
}

/** Issues a gift card in the console and returns its code, which a shopper's balance check on /GiftCards accepts. */
export async function issueGiftCard(visit: Visit, shopper: Visit) {
  const { page } = visit
  await visit.goto('/admin/gift-cards')
  const form = page.getByRole('form', { name: 'Issue a gift card' })
  await form.getByRole('textbox', { name: 'Amount' }).fill('50.00')
  await form.getByRole('button', { name: 'Issue the card' }).click()
  const notice = await page.getByText('New card code:').textContent()
  const code = notice!.match(/New card code: (\S+) /)![1]!
  await shopper.goto('/GiftCards')
  await shopper.page.getByLabel('Gift card code').fill(code)
  await shopper.page.getByRole('button', { name: 'Check balance' }).click()
  await shopper.page.getByText(/This gift card holds .*50\.00/).waitFor()
  return code
}

/**
 * The audit log filtered to this operator lists each of the day's changes, by action and the row it changed
 * (`order R123…`, `variant 42`); `which` may be a prefix when the id is not known to the test.
 */
export async function readAuditLog(visit: Visit, operatorEmail: string, expected: Array<[action: string, which: string]>) {
  const { page } = visit
  await visit.goto(`/admin/audit?operator=${encodeURIComponent(operatorEmail)}`)
  const rows = page.getByTestId('audit-row')
  for (const [action, which] of expected) {
    await rows.filter({ has: page.getByRole('cell', { name: action, exact: true }) }).filter({ hasText: which }).first().waitFor()
  }
  const who = await rows.locator('td:nth-child(2)').allTextContents()
  expect(new Set(who)).toEqual(new Set([operatorEmail]))
}

/** The ids the console walk needs that only the test knows (an order it placed, the products it uses). */
export interface WalkIds {
  order: string
  product: string
  /** A product whose sizes have different prices: its page shows one price form per size. */
  sizedProduct: string
}

/**
 * Opens each list and detail screen of the console in turn (details reached by the list's own first link) and hands
 * each to `check` by name, once it has loaded.
 */
export async function walkConsole(visit: Visit, ids: WalkIds, check: (name: string) => Promise<void>) {
  const { page } = visit
  const open = async (name: string, path: string) => {
    await visit.goto(path)
    await check(name)
  }
  const follow = async (name: string, link: Locator) => open(name, (await link.first().getAttribute('href'))!)
  await open('dashboard', '/admin')
  await open('orders', '/admin/orders')
  await open('order', `/admin/orders/${ids.order}`)
  await open('products', '/admin/products')
  await open('product', `/admin/products/${ids.product}`)
  await open('size-prices', `/admin/products/${ids.sizedProduct}`)
  await open('categories', '/admin/categories')
  await open('promotions', '/admin/promotions')
  await open('gift-cards', '/admin/gift-cards')
  await open('customers', '/admin/customers')
  await follow('customer', page.getByRole('region', { name: 'Customers' }).getByRole('link'))
  await open('returns', '/admin/returns?state=')
  await follow('return', page.getByRole('region', { name: 'Returns' }).getByRole('link', { name: /^#\d+$/ }))
  await open('reports', '/admin/reports')
  await open('gst-summary', '/admin/reports/gst')
  await open('low-stock', '/admin/low-stock')
  await open('settings', '/admin/settings')
  await open('new-product', '/admin/products/new')
  await open('content', '/admin/content')
  await follow('content-editor', page.getByRole('link', { name: 'Great Vic Bike Ride 2023' }))
  await open('menus', '/admin/menus/header')
  await open('audit', '/admin/audit')
}

/** Whether the page is wider than the window (a phone would scroll the whole page sideways). */
/** Whether the page scrolls sideways, and if so the innermost elements that reach past the window (to say what to fix). */
export const overflowsSideways = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth <= window.innerWidth) return null
    // an absolutely placed element (sr-only text) escapes a scroller that is not positioned: only a positioned one clips it
    const clipped = (el: Element) => { const absolute = getComputedStyle(el).position === 'absolute'; for (let up = el.parentElement; up; up = up.parentElement) { const style = getComputedStyle(up); if (style.overflowX !== 'visible' && (!absolute || style.position !== 'static')) return true } return false }
    const past = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el)
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')].filter((el) => past(el) && ![...el.children].some(past))
    return wide.slice(0, 3).map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${Math.round(el.getBoundingClientRect().right)} px`).join('; ') || 'no single element'
  })

/**
 * What an operator sees of a refused field after the 4xx page comes back: the sentence tied to the field
 * (aria-describedby), the field marked invalid and holding the keyboard focus, and what they typed still in it.
 */
export async function expectRefusedField(page: Page, id: string, message: string, typed: string) {
  const field = page.locator(`#${id}`)
  await page.getByText(message).first().waitFor()
  expect(await field.getAttribute('aria-invalid')).toBe('true')
  const describedBy = await field.getAttribute('aria-describedby')
  expect(describedBy).toBeTruthy()
  expect((await page.locator(`#${describedBy}`).textContent())?.trim()).toBe(message)
  expect(await page.evaluate(() => document.activeElement?.id)).toBe(id)
  expect(await field.inputValue()).toBe(typed)
}

/**
 * Adds a Click & Collect place through the console's form (/admin/shipping/locations, issue 40 point 4), as the
 * logged-in operator of `page`: name, address and opening hours in English and German. Waits for the list to show it.
 * The path is the page's own store's (its context's base URL: the shared one, or open-a-shop's new store).
 */
export async function addCollectLocation(page: Page, place: { name: string; nameDe: string; address: string; hours: string; hoursDe: string }) {
  await page.goto('/admin/shipping/locations')
  const form = page.getByRole('form', { name: 'Add the place' })
  await form.getByLabel('Name (English)').fill(place.name)
  await form.getByLabel('Name (Deutsch)').fill(place.nameDe)
  await form.getByLabel('Address').fill(place.address)
  await form.getByLabel('Opening hours (English)').fill(place.hours)
  await form.getByLabel('Opening hours (Deutsch)').fill(place.hoursDe)
  await form.getByRole('button', { name: 'Add the place' }).click()
  await page.getByRole('status').filter({ hasText: 'Created.' }).waitFor()
  await page.getByRole('link', { name: place.name, exact: true }).waitFor()
}
