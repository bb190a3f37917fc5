import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createProduct } from '#tests/factories/catalogue.ts'
import { auditOf, operator } from './admin-helpers.ts'

// A properties save names each property it sets (the console's form sends every property's two fields). A save that
// names none of them (only fields the form does not have: a hand-made or broken request) changes nothing and is not
// audited; it is refused with the console's own sentence for a field left out. A save that changes nothing is not
// audited either.

async function productWithMaterial() {
  const product = await createProduct()
  await env.DB.prepare("INSERT OR IGNORE INTO properties (name, presentation, position) VALUES ('material', 'Material', 1)").run()
  const material = (await env.DB.prepare("SELECT id FROM properties WHERE name = 'material'").first<{ id: number }>())!.id
  return { product, material, path: `/admin/products/${product.productId}/properties` }
}
const audited = async (productId: number) => (await auditOf('product.properties')).filter((a) => a.subject_id === String(productId)).length
const valuesOf = async (productId: number) =>
  (await env.DB.prepare('SELECT property_id, value FROM product_properties WHERE product_id = ? ORDER BY property_id').bind(productId).all()).results

describe('a properties save with only unknown fields', () => {
  it('changes nothing, writes no audit entry, and says what is missing (422)', async () => {
    const { b } = await operator()
    const { product, material, path } = await productWithMaterial()
    expect((await b.post(path, { [`property-${material}`]: 'Merino Wool', [`property-${material}-de`]: 'Merinowolle' })).status).toBe(303)
    const before = await valuesOf(product.productId)
    const entries = await audited(product.productId)
    expect(entries).toBe(1)

    const requests: Array<Record<string, string>> = [{ 'property-999999999': 'Gold' }, { colour_of_the_sky: 'blue' }, { 'property-999999999-de': 'Gold' }]
    for (const fields of requests) {
      const answer = await b.post(path, fields)
      expect(answer.status, JSON.stringify(fields)).toBe(422)
      expect(answer.body).toContain('This field is missing from what was sent.')
      expect(await valuesOf(product.productId)).toEqual(before)
      expect(await audited(product.productId)).toBe(entries)
    }
  })

  it('the same values sent again: saved as before (303), no second audit entry', async () => {
    const { b } = await operator()
    const { product, material, path } = await productWithMaterial()
    const fields = { [`property-${material}`]: 'Cotton', [`property-${material}-de`]: 'Baumwolle' }
    expect((await b.post(path, fields)).status).toBe(303)
    expect((await b.post(path, fields)).status).toBe(303)
    expect(await audited(product.productId)).toBe(1)
    expect((await b.post(path, { ...fields, [`property-${material}-de`]: 'Baumwolle (bio)' })).status).toBe(303)
    expect(await audited(product.productId)).toBe(2)
  })
})
