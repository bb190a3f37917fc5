import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createProduct, stockOf } from '#tests/factories/catalogue.ts'
import { get } from './helpers.ts'
import { saveVariant } from '#worker/admin/catalogue-actions.ts'
import { loadProduct } from '#worker/admin/catalogue-data.ts'
import { ActionRefused } from '#worker/admin/action-refused.ts'
import { auditOf, createAdmin, operator, placeOrder } from './admin-helpers.ts'

const PRICES = { AUD_amount: '129.95', AUD_rrp: '149.95', AUD_member: '119.95', USD_amount: '89.00', USD_rrp: '', USD_member: '' }
const listed = async (productId: number) =>
  (await env.DB.prepare("SELECT amount_cents, compare_at_cents, member_cents FROM product_prices WHERE product_id = ? AND currency = 'AUD'").bind(productId).first())

describe('the catalogue in the console', () => {
  it('changes a price: the product page shows it, listings sort by it, the audit log has before and after', async () => {
    const { b } = await operator()
    const product = await createProduct()
    await env.DB.prepare("UPDATE products SET available_on = '2020-01-01T00:00:00Z' WHERE id = ?").bind(product.productId).run()
    expect((await b.get(`/admin/products?q=${product.sku}`)).body).toContain(product.name)

    const refused = await b.post(`/admin/products/${product.productId}/prices`, { ...PRICES, AUD_member: '129.95', USD_rrp: '50.00' })
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('The AUD Club Price must be below the price.')
    expect(refused.body).toContain('The USD RRP cannot be below the price')
    expect(refused.body).toContain('value="129.95"')

    const ok = await b.post(`/admin/products/${product.productId}/prices`, PRICES)
    expect(ok.status).toBe(303)
    expect(await listed(product.productId)).toEqual({ amount_cents: 12995, compare_at_cents: 14995, member_cents: 11995 })
    const page = await (await get(`/products/${product.slug}`)).text()
    expect(page).toContain('129.95')
    expect(page).not.toContain('100.00')
    const [entry] = await auditOf('product.prices')
    expect(entry!.subject_id).toBe(String(product.productId))
    expect(entry!.before).toContainEqual({ currency: 'AUD', amount_cents: 10000, compare_at_cents: 12000, member_cents: 8000 })
    expect(entry!.after).toContainEqual({ currency: 'AUD', amount_cents: 12995, compare_at_cents: 14995, member_cents: 11995 })
  })

  it('restocks a variant and refuses a taken SKU or negative stock without changing anything', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 0 })
    const other = await createProduct()
    const path = `/admin/products/${product.productId}/variants/${product.variantId}`
    const negative = await b.post(path, { sku: product.sku, stock: '-2', stock_seen: '0' })
    expect(negative.status).toBe(422)
    expect(negative.body).toContain('Stock can only go below 0 for a backorderable variant.')
    const taken = await b.post(path, { sku: other.sku, stock: '5', stock_seen: '0' })
    expect(taken.status).toBe(409)
    expect(taken.body).toContain(`Another variant already has the SKU ${other.sku}.`)
    expect(await stockOf(product.variantId)).toBe(0)

    expect((await b.post(path, { sku: product.sku, stock: '12', stock_seen: '0' })).status).toBe(303)
    expect(await stockOf(product.variantId)).toBe(12)
    expect((await auditOf('variant.stock'))[0]).toMatchObject({ subject_id: String(product.variantId), before: { stock_on_hand: 0 }, after: { stock_on_hand: 12 } })
    // the same form sent again (a double click): the count is set, not added, and the operator is told it already is
    const again = await b.post(path, { sku: product.sku, stock: '12', stock_seen: '0' })
    expect(again.status).toBe(409)
    expect(again.body).toContain('The stock is already 12, the count this form sets: the form was sent twice')
    expect(await stockOf(product.variantId)).toBe(12)
    expect((await auditOf('variant.stock')).filter((e) => e.subject_id === String(product.variantId))).toHaveLength(1)
  })

  it('a stock count saved from a page loaded before a sale is refused (409, reload) and the sale is kept; a SKU-only save still goes', async () => {
    const { b } = await operator()
    const product = await createProduct({ stock: 5 })
    const path = `/admin/products/${product.productId}/variants/${product.variantId}`
    // the page is loaded showing 5; a shopper then buys 2
    expect((await b.get(`/admin/products/${product.productId}`)).body).toContain('name="stock_seen" value="5"')
    await placeOrder(product.variantId, { quantity: 2 })
    expect(await stockOf(product.variantId)).toBe(3)
    const stale = await b.post(path, { sku: product.sku, stock: '10', stock_seen: '5' })
    expect(stale.status).toBe(409)
    expect(stale.body).toContain('The stock changed from 5 to 3 since this page was loaded')
    expect(stale.body).toContain('name="stock_seen" value="3"')
    expect(await stockOf(product.variantId)).toBe(3)
    // the count left as shown: the SKU changes, the stock (sold down meanwhile) is not touched
    expect((await b.post(path, { sku: `${product.sku}-B`, stock: '5', stock_seen: '5' })).status).toBe(303)
    expect(await stockOf(product.variantId)).toBe(3)
    // a form without the count it showed (a page from before this check) is refused, nothing changes
    const old = await b.post(path, { sku: product.sku, stock: '10' })
    expect(old.status).toBe(422)
    expect(old.body).toContain('This form is out of date: reload the page and save again.')
    expect((await b.post(path, { sku: product.sku, stock: '10', stock_seen: '3' })).status).toBe(303)
    expect(await stockOf(product.variantId)).toBe(10)
  })

  it('two sizes given the same new SKU at once: one keeps it, the other is refused (409), not a 500', async () => {
    const admin = { ...(await createAdmin()), firstName: 'Olive', sessionHash: '' }
    const [a, b] = [await createProduct({ stock: 2 }), await createProduct({ stock: 2 })]
    const [da, db] = [(await loadProduct(env.DB, a.productId))!, (await loadProduct(env.DB, b.productId))!]
    const sku = `SAME-${a.variantId}`
    const results = await Promise.allSettled([saveVariant(env.DB, admin, da, a.variantId, { sku, stock: 2, stockSeen: 2, backorderable: false }), saveVariant(env.DB, admin, db, b.variantId, { sku, stock: 2, stockSeen: 2, backorderable: false })])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason
    expect(refused).toBeInstanceOf(ActionRefused)
    expect(String(refused.message)).toContain(`Another variant already has the SKU ${sku}.`)
  })

  it('edits names in English and German and the German product page and search show them', async () => {
    const { b } = await operator()
    const product = await createProduct()
    const bad = await b.post(`/admin/products/${product.productId}/details`, { name: '', available_on: '2026-02-01', discontinue_on: '2026-01-01' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('The English name is required.')
    expect(bad.body).toContain('Discontinue after the day it goes on sale.')
    const ok = await b.post(`/admin/products/${product.productId}/details`, { name: 'Summit Shell Jacket', name_de: 'Gipfeljacke', description: 'Light.', description_de: 'Leicht.', available_on: '2020-01-01', discontinue_on: '' })
    expect(ok.status).toBe(303)
    expect(await (await get(`/de/products/${product.slug}`)).text()).toContain('Gipfeljacke')
    const found = await env.DB.prepare("SELECT rowid FROM products_fts WHERE products_fts MATCH 'gipfeljacke'").first<{ rowid: number }>()
    expect(found!.rowid).toBe(product.productId * 2 + 1)
    expect((await auditOf('product.details'))[0]).toMatchObject({ before: { name: product.name }, after: { name: 'Summit Shell Jacket', name_de: 'Gipfeljacke' } })
  })
})
