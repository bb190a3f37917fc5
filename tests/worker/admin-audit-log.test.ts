// Issue 41 point 7 (the audit log and the low-stock tile): entries name what changed (the product's name and SKU, the
// order's number, before → after per field), the log is searched by words and filtered by operator and by days on
// the store's clock; the dashboard's low-stock count opens the list of the variants it counts.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createProduct } from '#tests/factories/catalogue.ts'
import { auditStatement } from '#worker/admin/audit.ts'
import { operator } from './admin-helpers.ts'

const text = (html: string) => html.replace(/<!-- -->/g, '')
const rows = (html: string) => [...text(html).matchAll(/<tr[^>]*data-testid="audit-row"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!.replace(/<\/?span[^>]*>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim())

describe('the audit log for people', () => {
  it('names the product, SKU and order, shows before → after, and finds entries by words, operator and day', async () => {
    const { b, id, email } = await operator()
    const other = await operator()
    const product = await createProduct({ name: 'Audit parka' })
    const sku = (await env.DB.prepare('SELECT sku FROM variants WHERE id = ?').bind(product.variantId).first<{ sku: string }>())!.sku
    await env.DB.batch([
      auditStatement(env.DB, { id, email }, 'variant.stock', { type: 'variant', id: product.variantId }, { sku, stock_on_hand: 5, backorderable: false }, { sku, stock_on_hand: 2, backorderable: false }),
      auditStatement(env.DB, { id: other.id, email: other.email }, 'order.fulfil', { type: 'order', id: 'R123456789' }, { state: 'pending' }, { state: 'shipped', carrier: 'Australia Post', tracking: 'AP1' }),
      // an entry of 1 March 2024 at 00:30 in Melbourne (29 February in UTC): written with its time, as the log is append-only
      env.DB.prepare("INSERT INTO audit_log (at, admin_user_id, admin_email, action, subject_type, subject_id, before_json, after_json) VALUES ('2024-02-29T13:30:00.000Z', ?, ?, 'promotion.update', 'promotion', '999999', '{\"amount\":10}', '{\"amount\":15}')").bind(id, email),
    ])

    const all = rows((await b.get('/admin/audit')).body)
    const stock = all.find((r) => r.includes('variant.stock'))!
    expect(stock).toContain(`Audit parka · ${sku}`)
    expect(stock).toContain('stock on hand: 5 → 2')
    // the field that did not change is left out, the SKU that names the row is said once
    expect(stock).not.toContain('backorderable')
    expect(all.find((r) => r.includes('order.fulfil'))).toContain('Order R123456789')
    expect(all.find((r) => r.includes('order.fulfil'))).toContain('state: pending → shipped')

    // words: each must be found, in the entry or in the name of what it is about; any case
    expect(rows((await b.get('/admin/audit?q=parka')).body)).toEqual([stock])
    expect(rows((await b.get(`/admin/audit?q=${encodeURIComponent(`PARKA ${sku.toLowerCase()}`)}`)).body)).toEqual([stock])
    expect(rows((await b.get('/admin/audit?q=R1234567')).body)).toHaveLength(1)
    expect(rows((await b.get('/admin/audit?q=parka+shipped')).body)).toEqual([])
    // by operator: only theirs
    const theirs = rows((await b.get(`/admin/audit?operator=${encodeURIComponent(other.email)}`)).body)
    expect(theirs.length).toBeGreaterThan(0)
    for (const r of theirs) expect(r).toContain(other.email)
    expect(theirs.some((r) => r.includes('order.fulfil'))).toBe(true)
    // by Melbourne days: 1 March 2024 holds the entry written at 13:30 UTC on 29 February
    expect(rows((await b.get('/admin/audit?from=2024-03-01&to=2024-03-01')).body).map((r) => r.includes('amount: 10 → 15'))).toEqual([true])
    expect(rows((await b.get('/admin/audit?from=2024-02-29&to=2024-02-29')).body)).toEqual([])
    const bad = await b.get('/admin/audit?from=2024-02-31')
    expect(bad.status).toBe(400)
    expect(bad.body).toContain('Pick a date.')
  })

  it('the dashboard’s low-stock count links to the list of those variants', async () => {
    const { b } = await operator()
    const low = await createProduct({ name: 'AAA last few scarves', stock: 0 })
    const dashboard = text((await b.get('/admin')).body)
    expect(dashboard).toMatch(/or fewer left<\/p><p[^>]*><a[^>]*href="\/admin\/low-stock"/)
    const list = await b.get('/admin/low-stock')
    expect(list.status).toBe(200)
    const count = Number(/or fewer left<\/p><p[^>]*><a[^>]*>(\d+)</.exec(dashboard)![1])
    expect(text(list.body)).toContain(`(${count} in all)`)
    // fewest left first: none left and first by name: on the first page
    expect(text(list.body)).toMatch(new RegExp(`href="/admin/products/${low.productId}"[^>]*>AAA last few scarves<`))
  })
})
