#!/usr/bin/env node
// The Wednesday deal under a crowd (issue 45 point 5; decision 0081): SHOPPERS simulated shoppers (20 % members) go
// after UNITS units of one variant in a burst: each views the product page, makes a cart, adds one unit and, if it got
// one, checks out with the test gateway and views the page again. Run twice on one fresh store (`wrangler dev`,
// loopback only): the variant as a deal (its stock held by its Durable Object) and a second variant with the same
// stock on the plain D1 path, as the baseline. Prints orders placed, units sold, oversold, p50/p99 time to an answer
// for winners and losers, the D1 round trips per page view by shopper kind (Server-Timing d1) and the ratio of the two
// runs. Figures only, nothing is asserted.
//   node bench/deal.mjs [--shoppers 2000] [--units 500] [--members 0.2] [--concurrency 100]
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { ms, num, table } from './lib/format.mjs'
import { percentile } from './lib/http.mjs'
import { d1Query, ensureBuild, startStore } from './lib/store.mjs'

const { values } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '2000' },
    units: { type: 'string', default: '500' },
    members: { type: 'string', default: '0.2' },
    concurrency: { type: 'string', default: '100' },
  },
})
const SHOPPERS = Number(values.shoppers)
const UNITS = Number(values.units)
const MEMBERS = Math.round(SHOPPERS * Number(values.members))
const CONCURRENCY = Number(values.concurrency)
const log = (message) => console.log(`[deal] ${message}`)
const ADDRESS = { firstname: 'Ada', lastname: 'Lovelace', address1: '1 Collins Street', city: 'Melbourne', zipcode: '3000', phone: '0412 345 678', state_name: 'VIC', country_iso: 'AU' }
const CARD = { number: '4111111111111111', month: 12, year: new Date().getUTCFullYear() + 2, verification_value: '123', name: 'Ada Lovelace' }

/** Runs `task` over `items`, at most `limit` at once. */
async function pool(items, limit, task) {
  const out = new Array(items.length)
  let next = 0
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await task(items[i], i)
    }
  }))
  return out
}

/** A distinct client address per shopper, so per-address limits (carts, sign-ups) count each shopper apart. */
/** `d1;desc=3` of Server-Timing, as a number (NaN when the answer does not say). */
const d1Of = (header) => Number(/(?:^|,)\s*d1;desc=(\d+)/.exec(header ?? '')?.[1] ?? NaN)

const ipOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`

async function main() {
  ensureBuild(log)
  const store = await startStore({ log })
  const api = (path, { method, body, token, bearer, ip }) =>
    fetch(`${store.baseUrl}/api/v2/storefront${path}`, {
      method: method ?? (body ? 'POST' : 'GET'),
      headers: {
        accept: 'application/json',
        'cf-connecting-ip': ip,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { 'x-spree-order-token': token } : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    })
      .then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) }))
      // a connection the server closed under the burst: counted as an error of this shopper, never retried (a write)
      .catch((error) => ({ status: 0, body: { code: `network: ${error.cause?.code ?? error.message}` } }))
  try {
    // two variants of the seed with a price in AUD: one the deal, one on the plain path; UNITS each
    const rows = d1Query(
      store.persistTo,
      `SELECT v.id, p.slug FROM variants v JOIN products p ON p.id = v.product_id JOIN prices pr ON pr.variant_id = v.id AND pr.currency = 'AUD'
       WHERE p.kind = 'standard' AND p.deleted_at IS NULL AND v.deleted_at IS NULL AND v.is_master = 0 AND p.available_on <= '2026-01-01'
       ORDER BY p.id LIMIT 2`,
    )
    const [dealV, plainV] = rows
    d1Query(store.persistTo, `UPDATE variants SET stock_on_hand = ${UNITS}, backorderable = 0, deal = (id = ${dealV.id}) WHERE id IN (${dealV.id}, ${plainV.id})`)

    log(`Registering ${MEMBERS} members…`)
    const members = await pool(Array.from({ length: MEMBERS }, (_, i) => i), 8, async (i) => {
      const email = `deal-${Date.now()}-${i}@example.com`
      const password = 'bench-secret-123'
      const ip = ipOf(100_000 + i)
      const reg = await api('/account', { ip, body: { user: { email, first_name: 'Ada', last_name: 'Lovelace', password, password_confirmation: password } } })
      if (reg.status !== 200) return null
      const token = await fetch(`${store.baseUrl}/spree_oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip }, body: JSON.stringify({ grant_type: 'password', username: email, password }) }).then((r) => r.json())
      return token.access_token ? token : null
    })
    const memberTokens = members.filter(Boolean)
    log(`${memberTokens.length} of ${MEMBERS} members registered`)

    const results = {}
    for (const [label, variant] of [['deal (Durable Object)', dealV], ['plain D1 path', plainV]]) {
      log(`Burst on the ${label}: ${SHOPPERS} shoppers, ${UNITS} units, ${CONCURRENCY} at once…`)
      const pageUrl = `${store.baseUrl}/products/${variant.slug}`
      const view = async (cookie, attempt = 1) => {
        const r = await fetch(pageUrl, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) }, redirect: 'manual' }).catch((error) => {
          if (attempt >= 3) throw error
          return null
        })
        if (!r) return view(cookie, attempt + 1)
        await r.arrayBuffer()
        const setCookies = r.headers.getSetCookie?.() ?? []
        return { d1: d1Of(r.headers.get('server-timing')), header: setCookies.map((c) => c.split(';')[0]).filter((c) => !c.startsWith('cart_token=') && !c.startsWith('auth=')) }
      }
      const started = Date.now()
      const shoppers = await pool(Array.from({ length: SHOPPERS }, (_, i) => i), CONCURRENCY, async (i) => {
        const member = i % 5 === 0 ? memberTokens[(i / 5) % memberTokens.length] : null
        const ip = ipOf(i + (label.startsWith('deal') ? 0 : 50_000))
        const auth = member ? `auth=${Buffer.from(JSON.stringify(member)).toString('base64url')}` : ''
        const out = { kind: member ? 'member' : 'guest', views: [] }
        // a cart made again when the connection dropped (an extra empty cart harms nothing)
        let cart = { status: 0 }
        for (let attempt = 0; cart.status === 0 && attempt < 3; attempt++) cart = await api('/cart?currency=AUD', { ip, body: {}, bearer: member?.access_token })
        if (cart.status !== 201) return { ...out, error: `cart ${cart.status}` }
        const token = cart.body.data.attributes.token
        const cookies = [auth, `cart_token=${token}`].filter(Boolean).join('; ')
        const first = await view(cookies)
        out.views.push({ when: 'first', d1: first.d1 })
        const t0 = performance.now()
        const added = await api('/cart/add_item', { ip, token, bearer: member?.access_token, body: { variant_id: variant.id, quantity: 1 } })
        out.answerMs = performance.now() - t0
        if (added.status !== 200 && added.status !== 422) return { ...out, error: `add ${added.status} ${added.body?.code ?? ''}` }
        out.won = added.status === 200
        out.code = added.body?.code
        if (out.won) {
          await api('/checkout', { method: 'PATCH', ip, token, bearer: member?.access_token, body: { order: { email: member ? undefined : `guest-${i}@example.com`, ship_address_attributes: ADDRESS, bill_address_attributes: ADDRESS, shipments_attributes: [{ selected_shipping_rate_id: '1' }] } } })
          const t1 = performance.now()
          const paid = await api('/checkout/create_payment', { ip, token, bearer: member?.access_token, body: { payment_method_id: '1', source_attributes: CARD } })
          // the shopper presses 'pay' again after a 503 (D1 busy for a moment: nothing was written)
          let done = paid
          for (let attempt = 0; paid.status === 200 && attempt < 3 && (attempt === 0 || done.status === 503); attempt++) {
            done = await api('/checkout/complete', { method: 'PATCH', ip, token, bearer: member?.access_token })
          }
          out.checkoutMs = performance.now() - t1
          out.placed = done.status === 200 && done.body?.data?.attributes?.state === 'complete'
          if (!out.placed) out.error = `checkout ${done.status} ${done.body?.code ?? done.body?.error ?? ''}`
        }
        // the page again, with the signed header cookie the first view set
        const again = await view([cookies, ...first.header].filter(Boolean).join('; '))
        out.views.push({ when: 'again', d1: again.d1 })
        return out
      })
      const seconds = (Date.now() - started) / 1000
      const [after] = d1Query(store.persistTo, `SELECT stock_on_hand AS left,
          (SELECT COALESCE(SUM(li.quantity), 0) FROM line_items li JOIN orders o ON o.id = li.order_id WHERE li.variant_id = ${variant.id} AND o.state = 'complete') AS sold,
          (SELECT COUNT(*) FROM orders o WHERE o.state = 'complete' AND EXISTS (SELECT 1 FROM line_items li WHERE li.order_id = o.id AND li.variant_id = ${variant.id})) AS orders
        FROM variants WHERE id = ${variant.id}`)
      results[label] = { shoppers, seconds, ...after }
    }

    const sorted = (list) => list.filter(Number.isFinite).sort((a, b) => a - b)
    const p = (list, q) => percentile(sorted(list), q)
    console.log(`\nLoad average at the end: ${loadavg().map((n) => n.toFixed(1)).join(' ')} (${SHOPPERS} shoppers, ${MEMBERS} members asked, ${UNITS} units, ${CONCURRENCY} at once)\n`)
    console.log(
      table(
        ['path', 'orders placed', 'units sold', 'oversold', 'D1 stock left', 'winners p50 / p99', 'losers p50 / p99', 'losers told', 'checkout p50 / p99', 'errors', 'burst s'],
        Object.entries(results).map(([label, r]) => {
          const winners = r.shoppers.filter((s) => s.won)
          const losers = r.shoppers.filter((s) => s.won === false)
          const told = [...new Set(losers.map((s) => s.code))].join(', ')
          const errors = r.shoppers.filter((s) => s.error)
          return [
            label,
            num(r.orders),
            num(r.sold),
            num(Math.max(0, r.sold - UNITS)),
            num(r.left),
            `${ms(p(winners.map((s) => s.answerMs), 50))} / ${ms(p(winners.map((s) => s.answerMs), 99))}`,
            `${ms(p(losers.map((s) => s.answerMs), 50))} / ${ms(p(losers.map((s) => s.answerMs), 99))}`,
            told || '–',
            `${ms(p(winners.map((s) => s.checkoutMs), 50))} / ${ms(p(winners.map((s) => s.checkoutMs), 99))}`,
            `${errors.length}${errors[0] ? ` (${errors[0].error})` : ''}`,
            num(r.seconds, 1),
          ]
        }),
      ),
    )
    console.log('\nD1 round trips per product page view (Server-Timing d1), mean by shopper kind')
    console.log(
      table(
        ['path', 'guest, first view', 'guest, with header cookie', 'member, first view', 'member, with header cookie'],
        Object.entries(results).map(([label, r]) => {
          const mean = (kind, when) => {
            const list = r.shoppers.filter((s) => s.kind === kind).flatMap((s) => s.views.filter((v) => v.when === when).map((v) => v.d1)).filter(Number.isFinite)
            return list.length ? num(list.reduce((a, b) => a + b, 0) / list.length, 2) : '–'
          }
          return [label, mean('guest', 'first'), mean('guest', 'again'), mean('member', 'first'), mean('member', 'again')]
        }),
      ),
    )
    const [deal, plain] = Object.values(results)
    const ratio = (f) => num(f(plain) / f(deal), 2)
    const p99 = (r, won) => p(r.shoppers.filter((s) => s.won === won).map((s) => s.answerMs), 99)
    console.log(`\nPlain D1 path ÷ deal: winners' p99 answer ×${ratio((r) => p99(r, true))}, losers' p99 answer ×${ratio((r) => p99(r, false))}, burst time ×${ratio((r) => r.seconds)}`)
  } finally {
    await store.stop()
  }
}

await main()
