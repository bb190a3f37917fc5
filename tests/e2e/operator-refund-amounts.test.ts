/// <reference types="node" />
// What a refund gives back is on screen before the operator presses the button: on an order's console page, each
// line's unit amount (the 'Refund items' dialog) and each payment's 'up to' amount ('Refund to') are shown in full at 1440 and
// 390 px. They were the text of a drop-down, cut off at its edge on both widths (the amount is at the end).
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { launchBrowser, openPage, type Visit } from './browser.ts'
import { ADDRESS, CARD, api, refundOneLine } from './operator-steps.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const EMAIL = `ops-amounts-${Date.now()}@example.com`
const PASSWORD = 'a long operator password'

/** A guest's order of one unit of each variant, paid by card; returns its number. */
async function placeOrder(variantIds: string[]) {
  const token = (await api('/cart', { method: 'POST' })).data.attributes.token as string
  for (const variant_id of variantIds) await api('/cart/add_item', { token, body: { variant_id, quantity: 1 } })
  await api('/checkout', { method: 'PATCH', token, body: { order: { email: `guest-${Date.now()}@example.com`, ship_address_attributes: ADDRESS, bill_address_attributes: ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
  await api('/checkout/create_payment', { token, body: { payment_method_id: '1', source_attributes: CARD } })
  return (await api('/checkout/complete', { method: 'PATCH', token })).data.attributes.number as string
}

/** Whether `text` is shown, whole, inside the window: in an element of its own (not a drop-down's option), not cut. */
async function shownInFull(page: Page, scope: Locator, text: string) {
  const holder = scope.locator(':not(option)', { hasText: text }).last()
  if (!(await holder.isVisible())) return false
  return holder.evaluate((element, width) => {
    const box = element.getBoundingClientRect()
    return element.scrollWidth <= element.clientWidth + 1 && box.left >= 0 && box.right <= width + 1
  }, page.viewportSize()!.width)
}

let browser: Browser
let visit: Visit
let number: string
beforeAll(async () => {
  await promisify(execFile)(process.execPath, [join(root, 'scripts/admin-create.mjs'), '--email', EMAIL, '--password', PASSWORD, '--persist-to', inject('persistTo')], { cwd: root })
  // two lines with long names and options, as an apparel order has
  const list = await api('/products?per_page=20&filter[in_stock]=true&include=variants')
  const variants = list.data.filter((p: any) => p.relationships.variants.data.length > 0).slice(0, 2).map((p: any) => p.relationships.variants.data[0].id as string)
  number = await placeOrder(variants)
  browser = await launchBrowser()
  visit = await openPage(browser)
  await visit.goto('/admin/login')
  await visit.page.getByLabel('Email').fill(EMAIL)
  await visit.page.getByLabel('Password').fill(PASSWORD)
  await visit.page.getByRole('button', { name: 'Log in' }).click()
  await visit.page.getByRole('heading', { name: 'Dashboard' }).waitFor()
})
afterAll(async () => {
  await visit?.close()
  await browser?.close()
})

describe("an order's refund amounts in the console", () => {
  it('shows what each line and each payment can give back in full at 1440 and 390 px, and refunds the line chosen', async () => {
    const { page } = visit
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 })
      await visit.goto(`/admin/orders/${number}`)
      // the refund dialog (issue 41): one row per line with its name and what one unit gives back, each in full
      const lines = page.getByRole('form', { name: 'Refund items' })
      const rows = (await lines.locator('tbody tr').evaluateAll(
        (trs, viewport) =>
          trs.map((tr) => {
            const [name, each] = [tr.children[0] as HTMLElement, tr.children[1] as HTMLElement]
            const inFull = (cell: HTMLElement) => {
              const box = cell.getBoundingClientRect()
              return cell.scrollWidth <= cell.clientWidth + 1 && box.left >= 0 && box.right <= viewport + 1
            }
            return { name: name.firstChild?.textContent ?? '', each: each.textContent ?? '', inFull: inFull(name) && inFull(each) }
          }),
        page.viewportSize()!.width,
      )) as Array<{ name: string; each: string; inFull: boolean }>
      expect(rows, `${width} px: one row per line`).toHaveLength(2)
      for (const row of rows) {
        expect(row.each.trim(), `${width} px: ${row.name}`).toMatch(/^AUD \d+\.\d\d$/)
        expect(row.inFull, `${width} px: '${row.name.trim()}' and its amount shown in full`).toBe(true)
      }
      const payments = page.getByRole('form', { name: 'Refund', exact: true })
      const card = (await payments.getByRole('radio').first().evaluate((r) => r.closest('label')?.textContent ?? '')).trim()
      expect(card).toMatch(/\(up to AUD \d+\.\d\d\)$/)
      expect(await shownInFull(page, payments, card), `${width} px: '${card}' shown in full`).toBe(true)
    }
    await page.setViewportSize({ width: 1440, height: 900 })
    await refundOneLine(visit, number, PASSWORD)
    visit.expectNoProblems()
  }, 120_000)
})
