// The console's product list gives a product whose sizes are priced apart its price range, as the storefront's cards
// say 'from': it showed only the cheapest size's price, as if every size cost that.
import { describe, expect, it } from 'vitest'
import { createSizedProduct } from '#tests/factories/catalogue.ts'
import { operator } from './admin-helpers.ts'

const rowOf = (html: string, name: string) => {
  const row = html.replace(/<!-- -->/g, '').split('<tr').find((r) => r.includes(`>${name}</a>`))
  return row?.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') ?? ''
}

describe('the console product list', () => {
  it('shows the range of a product whose sizes cost different amounts, and one price for the others', async () => {
    const { b } = await operator()
    const name = `Range tent ${crypto.randomUUID().slice(0, 6)}`
    await createSizedProduct(
      [
        { size: 'S', prices: { AUD: { amount: 10000 }, USD: { amount: 7000 } } },
        { size: 'XXL', prices: { AUD: { amount: 13000 }, USD: { amount: 9000 } } },
      ],
      name,
    )
    // sizes at one price: one figure
    const plainName = `Even tent ${crypto.randomUUID().slice(0, 6)}`
    await createSizedProduct(
      [
        { size: 'S', prices: { AUD: { amount: 10000 }, USD: { amount: 7000 } } },
        { size: 'XXL', prices: { AUD: { amount: 10000 }, USD: { amount: 7000 } } },
      ],
      plainName,
    )
    const plain = { name: plainName }
    expect(rowOf((await b.get(`/admin/products?q=${encodeURIComponent(name)}`)).body, name)).toContain('AUD 100.00 – 130.00')
    const single = rowOf((await b.get(`/admin/products?q=${encodeURIComponent(plain.name)}`)).body, plain.name)
    expect(single).toContain('AUD 100.00')
    expect(single).not.toContain('–')
  })
})
