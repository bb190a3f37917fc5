/// <reference types="node" />
// A return as a shop runs it (issue 41 point 1), in real Chromium against the served store: a member asks (in German)
// to return both lines of a shipped order; the operator approves it (the return address emailed), receives the goods
// with one line back in stock and the other damaged, and refunds it to the card. The stock of both, the money on the
// payment, the member's account page (German) and each email are checked; axe checks each new console screen.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { axeViolations, seriousOnes } from './axe.ts'
import { baseUrl, launchBrowser, openPage, waitForHydration, type Visit } from './browser.ts'
import { api, memberOrder } from './operator-steps.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const EMAIL = `returns-ops-${Date.now()}@example.com`
const PASSWORD = 'a long operator password'
const axe = async (page: Page, label: string) => seriousOnes(await axeViolations(page), label)

let browser: Browser
let visit: Visit
beforeAll(async () => {
  await promisify(execFile)(process.execPath, [join(root, 'scripts/admin-create.mjs'), '--email', EMAIL, '--password', PASSWORD, '--persist-to', inject('persistTo')], { cwd: root })
  browser = await launchBrowser()
  visit = await openPage(browser)
}, 180_000)
afterAll(async () => browser?.close())

/** The emails the store queued for `to`, newest first. */
const mails = async (to: string) => (await api(`/outbox?email=${encodeURIComponent(to)}`)).data as Array<{ kind: string; subject: string; body: string }>

describe('a return from request to refund', () => {
  it('one line back in stock, one damaged: stock, payment, account page and each email', async () => {
    const { page } = visit
    // the two products memberOrder orders (the first variant of each), to read their stock in the console
    const list = await api('/products?per_page=5&filter[in_stock]=true&include=variants')
    const firsts = (list.data as any[]).filter((p) => p.relationships.variants.data[0]).map((p) => ({ product: p.id as string, variant: p.relationships.variants.data[0].id as string }))
    const [one, two] = [firsts[0]!, firsts.find((f) => f.variant !== firsts[0]!.variant)!]
    const order = await memberOrder(one.variant)
    const problems: string[] = []

    await visit.goto('/admin/login')
    await page.getByLabel('Email').fill(EMAIL)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await visit.goto(`/admin/orders/${order.number}`)
    // in two parcels (issue 41 point 3): the first line now, the second later
    const ship = page.getByRole('form', { name: 'Ship this order' })
    await ship.getByRole('spinbutton').nth(1).fill('0')
    await ship.getByLabel('Tracking number').fill('AP00PARCEL1')
    await ship.getByRole('button', { name: 'Mark as shipped and email the customer' }).click()
    await page.getByText('A parcel is marked as shipped').waitFor()
    expect((await api(`/account/orders/${order.number}`, { bearer: order.bearer })).data.attributes.shipment_state).toBe('partial')
    await page.getByLabel('Tracking number').fill('AP00RETURN')
    await page.getByRole('button', { name: 'Mark as shipped and email the customer' }).click()
    await page.getByText('The order is marked as shipped').waitFor()
    problems.push(...(await axe(page, 'order with the refund dialog')))
    const stockOf = async (f: { product: string; variant: string }) => {
      await visit.goto(`/admin/products/${f.product}`)
      return Number(await page.locator(`#variant-${f.variant}-stock`).inputValue())
    }
    const before = [await stockOf(one), await stockOf(two)]

    // the member asks, in German, to return both lines
    const asked = await fetch(`${baseUrl()}/api/v2/storefront/account/orders/${order.number}/returns?locale=de`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${order.bearer}` },
      body: JSON.stringify({ return_request: { reason: 'faulty', comment: 'Beide beschädigt?', items: order.lines.map((id) => ({ line_item_id: id, quantity: 1 })) } }),
    })
    expect(asked.status).toBe(201)
    expect((await mails(order.email))[0]!.subject).toBe(`Ihre Rücksendeanfrage zu Bestellung ${order.number} ist da`)

    // the returns list, filtered to waiting ones, at phone and desk width
    await visit.goto(`/admin/returns?stage=requested&q=${order.number}`)
    problems.push(...(await axe(page, 'returns list')))
    await page.getByRole('row').filter({ hasText: order.number }).getByRole('link', { name: /^#\d+$/ }).click()
    await page.getByText('Beide beschädigt?').waitFor()
    problems.push(...(await axe(page, 'return waiting')))
    await page.getByRole('button', { name: 'Approve and email the return address' }).click()
    await page.getByText('The return is approved').waitFor()
    const approved = (await mails(order.email))[0]!
    expect(approved.subject).toBe(`Ihre Rücksendung zu Bestellung ${order.number} ist angenommen: so senden Sie sie`)
    expect(approved.body).toContain('Senden Sie Ihr Paket an')
    expect(approved.body).toContain('Rücksendenummer')

    // the goods arrive: the first line back in stock, the second damaged
    problems.push(...(await axe(page, 'return approved')))
    const receive = page.getByRole('form', { name: 'Record the goods received' })
    await receive.locator(`#restock-${order.lines[1]}`).uncheck()
    await receive.getByRole('button', { name: 'Record as received and email the customer' }).click()
    await page.getByText('The goods are recorded as received').waitFor()
    expect((await mails(order.email))[0]!.subject).toBe(`Ihre Rücksendung zu Bestellung ${order.number} ist angekommen`)

    // refunded to the card, closed
    problems.push(...(await axe(page, 'return received')))
    const refund = page.getByRole('form', { name: 'Refund the return' })
    await refund.getByLabel('Back to the payments the order was paid with').check()
    await refund.getByLabel('Your password, to confirm').fill(PASSWORD)
    await refund.getByRole('button', { name: 'Refund and close the return' }).click()
    await page.getByText('The return is refunded and closed').waitFor()
    problems.push(...(await axe(page, 'return refunded')))
    const refunded = (await mails(order.email))[0]!
    expect(refunded.subject).toBe(`Ihre Erstattung zu Bestellung ${order.number}`)
    expect(refunded.body).toContain('Auf Ihre Karte')

    // the money: the card payment shows the whole goods refunded (the order had free shipping or it was not refunded)
    await visit.goto(`/admin/orders/${order.number}`)
    const paid = await page.getByText(/^Card .*refunded/).textContent()
    const [amount, back] = [...paid!.matchAll(/AUD ([\d.,]+)/g)].map((m) => Number(m[1]!.replace(',', '')))
    const placed = await api(`/account/orders/${order.number}`, { bearer: order.bearer })
    const goods = Number(placed.data.attributes.item_total) + Number(placed.data.attributes.promo_total)
    expect(back).toBeCloseTo(goods, 2)
    expect(back).toBeLessThanOrEqual(amount!)
    await page.getByText('Refunded (closed)').first().waitFor()

    // stock: the first line's unit back on the shelf, the damaged one not
    expect([await stockOf(one), await stockOf(two)]).toEqual([before[0]! + 1, before[1]!])

    // the member's account page (German) says it is refunded and closed
    const member = await openPage(browser)
    await member.goto('/de/Login')
    // typed before hydration, the fields were emptied by it once (the form then said the email was missing)
    await waitForHydration(member.page)
    await member.page.locator('main [data-testid=login-form] #login-email').fill(order.email)
    await member.page.locator('main [data-testid=login-form] #login-password').fill(order.password)
    await member.page.locator('main [data-testid=login-form] button[type=submit]').click()
    await member.page.waitForURL((url) => !url.pathname.endsWith('/Login'))
    await member.goto(`/de/my-account/OrderDetails/${order.number}`)
    await member.page.getByText('Rücksendung erstattet und abgeschlossen').waitFor()
    await member.page.getByText(/auf dem Weg erstattet, auf dem Sie bezahlt haben/).waitFor()
    // shipped in full, each parcel's number linked to the carrier's page
    expect(await member.page.getByTestId('order-state').textContent()).toBe('Versandt')
    const tracking = member.page.getByTestId('order-tracking').getByRole('link')
    expect(await tracking.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(['https://auspost.com.au/mypost/track/details/AP00PARCEL1', 'https://auspost.com.au/mypost/track/details/AP00RETURN'])

    expect(problems).toEqual([])
  }, 240_000)
})
