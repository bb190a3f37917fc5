// Issue 39: the search vocabulary (typo tolerance, compounds) follows the catalogue as the console changes it, with
// no rebuild step: a product renamed in the console is found by a misspelling of its new name at once.
import { describe, expect, it } from 'vitest'
import { createProduct } from '#tests/factories/catalogue.ts'
import { operator } from './admin-helpers.ts'
import { ORIGIN } from './helpers.ts'
import { SELF } from 'cloudflare:test'

const search = async (text: string, locale = 'en') => {
  const res = await SELF.fetch(`${ORIGIN}/api/v2/storefront/products?filter[name]=${encodeURIComponent(text)}&locale=${locale}&facets=false`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { data: Array<{ id: string }> }).data.map((p) => Number(p.id))
}

describe('search vocabulary', () => {
  it('takes a name the console gives a product into typo tolerance and compounds at once, in both languages', async () => {
    const { b } = await operator()
    const product = await createProduct()
    expect(await search('Zephyrine')).toEqual([])
    expect(await search('Zephyrien')).toEqual([])
    const ok = await b.post(`/admin/products/${product.productId}/details`, { name: 'Zephyrine Parka', name_de: 'Wolkenparka', description: 'Light.', description_de: 'Leicht.', available_on: '2020-01-01', discontinue_on: '' })
    expect(ok.status).toBe(303)
    expect(await search('Zephyrien')).toEqual([product.productId]) // a swap of two letters
    expect(await search('Zefyrine')).toEqual([product.productId]) // two edits in a word of 9 letters
    expect(await search('Parka', 'de')).toEqual([product.productId]) // the head of a German compound
  })
})
