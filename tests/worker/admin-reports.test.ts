// Issue 41 point 6: the sales report, the GST summary and the orders CSV of a seeded month (April 2024: orders in
// Australia and to New Zealand, refunds across the end of March and of April, and the end of daylight saving on
// Sunday 7 April, 03:00 AEDT → 02:00 AEST). The expected figures are added up here from the seeded orders' own rows
// (totals, GST, refunds as D1 holds them) and from the Melbourne day each timestamp is on, written out by hand below:
// never by the report's code.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { AU_ADDRESS } from '#tests/factories/api.ts'
import { createProduct, createPromotion } from '#tests/factories/catalogue.ts'
import { offsetSpans, storeLocalTime } from '#kernel/store-clock.ts'
import { ADMIN_PASSWORD, operator, placeOrder } from './admin-helpers.ts'

const NZ_ADDRESS = { ...AU_ADDRESS, country_iso: 'NZ', state_name: '', city: 'Auckland', zipcode: '1010', phone: '+64 9 123 4567' }

interface Seeded {
  number: string
  id: number
  total: number
  gst: number
  items: number
  discounts: number
  shipping: number
  payment: number
}

type Browser = Awaited<ReturnType<typeof operator>>['b']
let b: Browser
const orders: Record<string, Seeded> = {}
/** Each refund as made: the order, its amount and the UTC instant it is dated. */
const refunds: Array<{ order: string; cents: number }> = []

async function row(number: string): Promise<Seeded> {
  const o = await env.DB.prepare(
    "SELECT o.id, o.total_cents AS total, o.tax_total_cents AS gst, o.item_total_cents AS items, o.promo_total_cents AS discounts, o.ship_total_cents AS shipping, p.id AS payment FROM orders o JOIN payments p ON p.order_id = o.id AND p.method = 'card' WHERE o.number = ?",
  )
    .bind(number)
    .first<Omit<Seeded, 'number'>>()
  return { number, ...o! }
}

/** Places an order, then dates it `at` (UTC), as if placed then. */
async function seed(key: string, at: string, place: () => Promise<string>) {
  const number = await place()
  await env.DB.prepare('UPDATE orders SET completed_at = ? WHERE number = ?').bind(at, number).run()
  orders[key] = await row(number)
}

/** Refunds through the console's form, then dates the refund `at` (UTC). */
async function refund(key: string, cents: number, at: string) {
  const o = orders[key]!
  const res = await b.post(`/admin/orders/${o.number}/refund`, { form_token: crypto.randomUUID(), paymentId: String(o.payment), amount: (cents / 100).toFixed(2), reason: 'Seeded refund', password: ADMIN_PASSWORD })
  expect(res.status, await res.body).toBe(303)
  await env.DB.prepare('UPDATE refunds SET created_at = ? WHERE id = (SELECT MAX(id) FROM refunds WHERE order_id = ?)').bind(at, o.id).run()
  refunds.push({ order: key, cents })
}

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/&amp;/g, '&')
/** The cells of the table rows marked `testId`, as text. */
const rows = (html: string, testId: string) =>
  [...text(html).matchAll(new RegExp(`<tr[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</tr>`, 'g'))].map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, '').trim()))
const aud = (cents: number) => new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', currencyDisplay: 'code' }).format(cents / 100).replace(/\s/g, ' ')
const minus = (cents: number) => (cents ? `−${aud(cents)}` : aud(0))
const sum = (keys: string[], field: keyof Seeded) => keys.reduce((s, k) => s + (orders[k]![field] as number), 0)
/** What the GST summary must give back on a refund: 1/11 of the order's refunds so far, never above its invoice GST. */
const refundGst = (key: string, cents: number, before: number) => {
  const cap = orders[key]!.gst
  return Math.min(Math.round((before + cents) / 11), cap) - Math.min(Math.round(before / 11), cap)
}

beforeAll(async () => {
  b = (await operator()).b
  const jacket = await createProduct({ name: 'Report jacket', prices: { AUD: { amount: 3333 } } })
  const boots = await createProduct({ name: 'Report boots', prices: { AUD: { amount: 4999 } } })
  const coupon = await createPromotion({ kind: 'percent', amount: 10 })
  // 00:30 on Monday 1 April in Melbourne (UTC+11): 31 March in UTC
  await seed('A', '2024-03-31T13:30:00.000Z', () => placeOrder(jacket.variantId, { quantity: 2, more: [{ variantId: boots.variantId, quantity: 1 }], coupon: coupon.code }))
  // 01:30 on Sunday 7 April, still summer time (the clocks go back at 03:00 = 16:00 UTC)
  await seed('B', '2024-04-06T14:30:00.000Z', () => placeOrder(jacket.variantId))
  // 23:30 on Sunday 7 April, winter time (UTC+10): a fixed +11 would put it on the 8th
  await seed('C', '2024-04-07T13:30:00.000Z', () => placeOrder(boots.variantId, { quantity: 3 }))
  // an export to New Zealand on 15 April: GST-free
  await seed('D', '2024-04-15T03:00:00.000Z', () => placeOrder(boots.variantId, { shipAddress: NZ_ADDRESS, shippingRate: '10' }))
  // 13:00 on 29 April
  await seed('G', '2024-04-29T03:00:00.000Z', () => placeOrder(jacket.variantId))
  // 00:30 on Wednesday 1 May in Melbourne: 30 April in UTC, and not in April's report
  await seed('E', '2024-04-30T14:30:00.000Z', () => placeOrder(jacket.variantId))
  // placed in March, refunded in full at 01:00 on Tuesday 2 April in Melbourne (UTC+11): 1 April in UTC
  await seed('F', '2024-03-20T02:00:00.000Z', () => placeOrder(boots.variantId, { quantity: 2 }))
  await refund('F', orders.F!.total, '2024-04-01T14:00:00.000Z')
  // the export refunded in part on 20 April; G in part at 23:00 on 30 April and again on 2 May
  await refund('D', 2000, '2024-04-20T02:00:00.000Z')
  await refund('G', 1000, '2024-04-30T13:00:00.000Z')
  await refund('G', 500, '2024-05-01T23:00:00.000Z')
})

describe('the reports of a seeded month', () => {
  it('seeded what the test means: AU orders carry GST, the export none', () => {
    expect(orders.D!.gst).toBe(0)
    for (const k of ['A', 'B', 'C', 'E', 'F', 'G']) expect(orders[k]!.gst, k).toBeGreaterThan(0)
    expect(orders.A!.discounts).toBeLessThan(0)
  })

  it('sales by day put each sale and refund on its Melbourne day, across the change of clocks', async () => {
    const res = await b.get('/admin/reports?from=2024-04-01&to=2024-04-30&grain=day')
    expect(res.status).toBe(200)
    const o = (k: string) => orders[k]!
    // [day, orders placed, sales, GST, refunds, GST on refunds]
    const expected: Array<[string, string[], number, number]> = [
      ['2024-04-01', ['A'], 0, 0],
      ['2024-04-02', [], o('F').total, refundGst('F', o('F').total, 0)],
      ['2024-04-07', ['B', 'C'], 0, 0],
      ['2024-04-15', ['D'], 0, 0],
      ['2024-04-20', [], 2000, 0],
      ['2024-04-29', ['G'], 0, 0],
      ['2024-04-30', [], 1000, refundGst('G', 1000, 0)],
    ]
    expect(rows(res.body, 'sales-row')).toEqual(
      expected.map(([day, keys, refunded, refundedGst]) => [
        day,
        'AUD',
        String(keys.length),
        aud(sum(keys, 'items')),
        aud(sum(keys, 'discounts')),
        aud(sum(keys, 'shipping')),
        aud(sum(keys, 'total')),
        aud(sum(keys, 'gst')),
        minus(refunded),
        minus(refundedGst),
        aud(sum(keys, 'total') - refunded),
      ]),
    )
    // the totals are the sum of the orders placed in April and of the refunds made in it
    const april = ['A', 'B', 'C', 'D', 'G']
    const refundedInApril = o('F').total + 2000 + 1000
    expect(rows(res.body, 'sales-total')).toEqual([
      ['Total', 'AUD', '5', aud(sum(april, 'items')), aud(sum(april, 'discounts')), aud(sum(april, 'shipping')), aud(sum(april, 'total')), aud(sum(april, 'gst')), minus(refundedInApril), minus(o('F').gst + refundGst('G', 1000, 0)), aud(sum(april, 'total') - refundedInApril)],
    ])
  })

  it('weeks start on Monday in Melbourne and months hold their local days', async () => {
    const weeks = rows((await b.get('/admin/reports?from=2024-04-01&to=2024-04-14&grain=week')).body, 'sales-row')
    // A (Mon 1st), B and C (Sunday 7th, both sides of the change) are one week; D is not in these days
    expect(weeks.map((r) => [r[0], r[2], r[6]])).toEqual([['2024-04-01', '3', aud(sum(['A', 'B', 'C'], 'total'))]])
    const months = rows((await b.get('/admin/reports?from=2024-03-01&to=2024-05-31&grain=month')).body, 'sales-row')
    expect(months.map((r) => [r[0], r[2], r[6], r[8]])).toEqual([
      ['2024-03', '1', aud(orders.F!.total), minus(0)],
      ['2024-04', '5', aud(sum(['A', 'B', 'C', 'D', 'G'], 'total')), minus(orders.F!.total + 3000)],
      ['2024-05', '1', aud(orders.E!.total), minus(500)],
    ])
  })

  it('by product and by category: units and line totals of the month', async () => {
    const html = (await b.get('/admin/reports?from=2024-04-01&to=2024-04-30')).body
    const products = rows(html, 'item-row')
    // jackets: A×2, B×1, G×1 at 33.33; boots: A×1, C×3, D×1 (the export at its price without GST)
    const exportBoot = (await env.DB.prepare('SELECT price_cents FROM line_items WHERE order_id = ?').bind(orders.D!.id).first<{ price_cents: number }>())!.price_cents
    expect(exportBoot).toBe(4999 - Math.round(4999 / 11))
    expect(products).toContainEqual(['Report jacket', 'AUD', '4', aud(4 * 3333)])
    expect(products).toContainEqual(['Report boots', 'AUD', '5', aud(4 * 4999 + exportBoot)])
  })

  it('the GST summary of April: taxable sales, GST collected, exports, refunds and the GST on them', async () => {
    const res = await b.get('/admin/reports/gst?from=2024-04-01&to=2024-04-30')
    expect(res.status).toBe(200)
    const figure = (id: string) => new RegExp(`data-testid="${id}">([^<]+)<`).exec(text(res.body))?.[1]
    const taxable = ['A', 'B', 'C', 'G']
    expect(figure('taxable')).toBe(aud(sum(taxable, 'total')))
    expect(figure('gst')).toBe(aud(sum(taxable, 'gst')))
    expect(figure('exports')).toBe(aud(orders.D!.total))
    expect(figure('g1')).toBe(aud(sum(taxable, 'total') + orders.D!.total))
    expect(figure('refunds-taxable')).toBe(aud(orders.F!.total + 1000))
    // F refunded in full gives back its invoice's GST exactly; G's $10.00 gives back 1/11 of it
    expect(figure('refund-gst')).toBe(aud(orders.F!.gst + Math.round(1000 / 11)))
    expect(figure('refunds-export')).toBe(aud(2000))
    expect(figure('net-gst')).toBe(aud(sum(taxable, 'gst') - orders.F!.gst - Math.round(1000 / 11)))
    // May: E's sale and G's second refund, whose GST is what is left of 1/11 of all G had back
    const may = text((await b.get('/admin/reports/gst?from=2024-05-01&to=2024-05-31')).body)
    expect(may).toContain(`data-testid="refund-gst">${aud(refundGst('G', 500, 1000))}<`)
    expect(may).toContain(`data-testid="gst">${aud(orders.E!.gst)}<`)
  })

  it('the orders CSV of April: one row per line, Melbourne times, named by the local days, adding up to the orders', async () => {
    const res = await b.get('/admin/orders.csv?from=2024-04-01&to=2024-04-30')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="orders-2024-04-01-to-2024-04-30.csv"')
    const [head, ...lines] = res.body.trim().split('\r\n').map((l) => l.split(','))
    const col = (name: string) => head!.indexOf(name)
    // A has two lines, the others one each; E (1 May in Melbourne) and F (March) are not in it
    expect(lines.map((l) => l[col('order')]).sort()).toEqual(['A', 'A', 'B', 'C', 'D', 'G'].map((k) => orders[k]!.number).sort())
    const placed = (k: string) => lines.find((l) => l[col('order')] === orders[k]!.number)![col('placed_at')]
    expect(placed('A')).toBe('2024-04-01 00:30:00')
    expect(placed('B')).toBe('2024-04-07 01:30:00')
    expect(placed('C')).toBe('2024-04-07 23:30:00')
    const cents = (name: string) => lines.reduce((s, l) => s + Math.round(Number(l[col(name)] || 0) * 100), 0)
    const april = ['A', 'B', 'C', 'D', 'G']
    expect(cents('total')).toBe(sum(april, 'total'))
    expect(cents('gst')).toBe(sum(april, 'gst'))
    expect(cents('subtotal')).toBe(sum(april, 'items'))
    expect(cents('line_total')).toBe(sum(april, 'items'))
    // the amount taken off, positive: a '-' cell is written as text (the guard against formulas) and would not add up
    expect(cents('discounts')).toBe(-sum(april, 'discounts'))
    expect(cents('subtotal') - cents('discounts') + cents('shipping')).toBe(cents('total'))
    expect(cents('shipping')).toBe(sum(april, 'shipping'))
    expect(cents('refunded')).toBe(2000 + 1500)
    expect(lines.find((l) => l[col('order')] === orders.D!.number)![col('country')]).toBe('NZ')
  })

  it('refuses a period it cannot read, saying why', async () => {
    const backwards = await b.get('/admin/reports?from=2024-04-30&to=2024-04-01')
    expect(backwards.status).toBe(400)
    expect(backwards.body).toContain('The last day must be on or after the first.')
    const tooLong = await b.get('/admin/reports/gst?from=2022-01-01&to=2024-04-01')
    expect(tooLong.status).toBe(400)
    expect(tooLong.body).toContain('Choose at most 366 days.')
    const nonsense = await b.get('/admin/reports?from=2024-02-31&to=2024-03-01&grain=year')
    expect(nonsense.status).toBe(400)
    expect(nonsense.body).toContain('Pick a date.')
    expect(nonsense.body).toContain('Choose days, weeks or months.')
  })
})

describe('the store clock the reports read', () => {
  it('splits a period where daylight saving ends and starts, to the minute', () => {
    expect(offsetSpans(new Date('2024-03-31T13:00:00.000Z'), new Date('2024-10-31T13:00:00.000Z'))).toEqual([
      { from: '2024-03-31T13:00:00.000Z', to: '2024-04-06T16:00:00.000Z', minutes: 660 },
      { from: '2024-04-06T16:00:00.000Z', to: '2024-10-05T16:00:00.000Z', minutes: 600 },
      { from: '2024-10-05T16:00:00.000Z', to: '2024-10-31T13:00:00.000Z', minutes: 660 },
    ])
    expect(storeLocalTime('2024-04-06T15:59:59.000Z')).toBe('2024-04-07 02:59:59')
    expect(storeLocalTime('2024-04-06T16:00:00.000Z')).toBe('2024-04-07 02:00:00')
  })
})
