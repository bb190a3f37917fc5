import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { IMAGE_SIZES } from '#kernel/config.ts'
import { imageDimensions, imageTypeOf } from '#worker/admin/image-checks.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { fileOf, pngOf } from '#tests/factories/images.ts'
import { get } from './helpers.ts'
import { auditOf, operator } from './admin-helpers.ts'

type Size = keyof typeof IMAGE_SIZES
const MEDIA = (env as unknown as { MEDIA: R2Bucket }).MEDIA
const SIZES = Object.keys(IMAGE_SIZES) as Size[]

async function uploadForm(files: Partial<Record<Size, File>>, alt = 'Red shell jacket, front', altDe = 'Rote Jacke, vorne', colour = '') {
  const form = new FormData()
  for (const size of SIZES) {
    const { width, height } = IMAGE_SIZES[size]
    form.append(size, files[size] ?? fileOf(await pngOf(width, height), `${size}.png`))
  }
  form.append('alt', alt)
  form.append('alt_de', altDe)
  form.append('colour', colour)
  return form
}

const imagesOf = async (productId: number) =>
  (await env.DB.prepare('SELECT id, alt, position, mobile_url, desktop_url, large_url FROM product_images WHERE product_id = ? ORDER BY position, id').bind(productId).all<{ id: number; alt: string; position: number; mobile_url: string; desktop_url: string; large_url: string }>()).results

describe('product pictures in the console', () => {
  it('stores an upload in R2 at the three §9 sizes, serves it for a year and shows it in the product gallery in en and de', async () => {
    const { b } = await operator()
    const product = await createProduct()
    await env.DB.prepare("UPDATE products SET available_on = '2020-01-01T00:00:00Z' WHERE id = ?").bind(product.productId).run()
    const page = await b.get(`/admin/products/${product.productId}`)
    // the console's resizing script is on the page, with this request's nonce
    expect(page.body).toMatch(/<script type="module" src="\/assets\/console-[\w-]+\.js" nonce="[^"]+"/)

    const res = await b.upload(`/admin/products/${product.productId}/images`, await uploadForm({}))
    expect(res.status).toBe(303)
    const [image] = await imagesOf(product.productId)
    for (const size of SIZES) {
      const url = image![`${size}_url`]
      expect(url).toMatch(new RegExp(`^/media/products/${product.productId}/[\\w-]+-${size}\\.png$`))
      const object = await MEDIA.get(url.slice('/media/'.length))
      const bytes = new Uint8Array(await object!.arrayBuffer())
      expect(imageDimensions(bytes, imageTypeOf(bytes)!)).toEqual(IMAGE_SIZES[size])
      const served = await get(url)
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes)
    }
    // the gallery offers the photo at the desktop and large sizes, for the width it is shown at
    const gallery = await (await get(`/products/${product.slug}`)).text()
    const slide = gallery.match(new RegExp(`<img [^>]*src="${image!.large_url}"[^>]*>`))?.[0] ?? ''
    // (attribute names are case-insensitive; React writes srcSet)
    expect(slide.toLowerCase()).toContain(`srcset="${image!.desktop_url} ${IMAGE_SIZES.desktop.width}w, ${image!.large_url} ${IMAGE_SIZES.large.width}w"`.toLowerCase())
    expect(slide).toMatch(/ sizes="\(min-width: 1240px\) .+, \(min-width: 1024px\) .+, calc\(100vw - 32px\)"/)
    expect(await (await get(`/de/products/${product.slug}`)).text()).toContain('Rote Jacke, vorne')
    expect((await auditOf('product.image.add'))[0]).toMatchObject({ subject_id: String(product.productId), after: { alt: 'Red shell jacket, front', alt_de: 'Rote Jacke, vorne' } })
  })

  it('refuses a file that is not a picture, a wrong size, a damaged or too large file, with a clear 4xx, storing nothing', async () => {
    const { b } = await operator()
    const product = await createProduct()
    const path = `/admin/products/${product.productId}/images`
    const png = await pngOf(IMAGE_SIZES.large.width, IMAGE_SIZES.large.height)

    const text = await b.upload(path, await uploadForm({ large: fileOf(new TextEncoder().encode('<svg onload=alert(1)>'), 'large.png') }))
    expect(text.status).toBe(415)
    expect(text.body).toContain('The large image (650×870) is not a JPEG, PNG or WebP picture.')

    const wrong = await b.upload(path, await uploadForm({ desktop: fileOf(await pngOf(300, 300), 'desktop.png') }))
    expect(wrong.status).toBe(422)
    expect(wrong.body).toContain('The desktop image (350×468) is 300×300; it must be exactly 350×468 pixels.')

    const damaged = await b.upload(path, await uploadForm({ large: fileOf(png.slice(0, 14), 'large.png') }))
    expect(damaged.status).toBe(422)
    expect(damaged.body).toContain('could not be read: the file is damaged.')

    const huge = new Uint8Array(2 * 1024 * 1024 + 1)
    huge.set(png.subarray(0, 64))
    const big = await b.upload(path, await uploadForm({ large: fileOf(huge, 'large.png') }))
    expect(big.status).toBe(413)
    expect(big.body).toContain('at most 2 MB is accepted')

    const noAlt = await b.upload(path, await uploadForm({}, ''))
    expect(noAlt.status).toBe(422)
    expect(noAlt.body).toContain('The English description is required.')

    expect(await imagesOf(product.productId)).toEqual([])
    expect((await MEDIA.list({ prefix: `products/${product.productId}/` })).objects).toEqual([])
  })

  it('reads the size of JPEG and WebP headers too', () => {
    // SOI, an APP0 segment, then SOF0 with height 870 and width 650
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x03, 0x66, 0x02, 0x8a, 0x03, 0x01, 0x22, 0x00])
    expect(imageDimensions(jpeg, imageTypeOf(jpeg)!)).toEqual({ width: 650, height: 870 })
    const webp = new Uint8Array(32)
    webp.set(new TextEncoder().encode('RIFF'), 0)
    webp.set(new TextEncoder().encode('WEBPVP8X'), 8)
    webp.set([239, 0, 0, 239, 0, 0], 24) // 240 × 240, stored minus one
    expect(imageTypeOf(webp)?.mime).toBe('image/webp')
    expect(imageDimensions(webp, imageTypeOf(webp)!)).toEqual({ width: 240, height: 240 })
  })

  it('gives a picture one of the product’s colours (the store shows a colour’s own pictures), refusing a colour it does not have', async () => {
    const { b } = await operator()
    const product = await createProduct({ colour: 'Red' })
    const red = (await env.DB.prepare("SELECT ov.id FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id WHERE ot.name = 'color' AND ov.name = 'red'").first<{ id: number }>())!.id
    const path = `/admin/products/${product.productId}/images`
    const page = await b.get(`/admin/products/${product.productId}`)
    expect(page.body).toContain(`<option value="${red}">Red</option>`)
    const foreign = await b.upload(path, await uploadForm({}, 'Blue', '', '999999'))
    expect(foreign.status).toBe(422)
    expect(foreign.body).toContain('Choose one of this product’s colours, or every colour.')
    expect((await b.upload(path, await uploadForm({}, 'Red front', '', String(red)))).status).toBe(303)
    const [image] = await imagesOf(product.productId)
    expect(await env.DB.prepare('SELECT option_value_id FROM product_images WHERE id = ?').bind(image!.id).first('option_value_id')).toBe(red)
    expect((await b.post(`${path}/${image!.id}/alt`, { alt: 'Red front', alt_de: '', colour: '' })).status).toBe(303)
    expect(await env.DB.prepare('SELECT option_value_id FROM product_images WHERE id = ?').bind(image!.id).first('option_value_id')).toBeNull()
  })

  it('reorders, re-describes and removes pictures; removing deletes the files', async () => {
    const { b } = await operator()
    const product = await createProduct()
    const path = `/admin/products/${product.productId}/images`
    await b.upload(path, await uploadForm({}, 'First'))
    await b.upload(path, await uploadForm({}, 'Second'))
    const [first, second] = await imagesOf(product.productId)
    expect((await b.post(`${path}/${second!.id}/up`, {})).status).toBe(303)
    expect((await imagesOf(product.productId)).map((i) => i.alt)).toEqual(['Second', 'First'])
    const refused = await b.post(`${path}/${second!.id}/up`, {})
    expect(refused.status).toBe(409)
    expect(refused.body).toContain('That picture is already the first.')
    expect((await auditOf('product.image.order'))[0]).toMatchObject({ subject_id: String(product.productId), before: [first!.id, second!.id], after: [second!.id, first!.id] })

    expect((await b.post(`${path}/${first!.id}/alt`, { alt: 'Back view', alt_de: 'Rückansicht' })).status).toBe(303)
    expect(await env.DB.prepare("SELECT alt FROM product_image_translations WHERE product_image_id = ? AND locale = 'de'").bind(first!.id).first('alt')).toBe('Rückansicht')
    expect((await auditOf('product.image.alt'))[0]).toMatchObject({ before: { id: first!.id, alt: 'First' }, after: { id: first!.id, alt: 'Back view', alt_de: 'Rückansicht' } })

    expect((await b.post(`${path}/${first!.id}/remove`, {})).status).toBe(303)
    expect((await imagesOf(product.productId)).map((i) => i.alt)).toEqual(['Second'])
    expect(await MEDIA.head(first!.large_url.slice('/media/'.length))).toBeNull()
    expect((await get(first!.large_url)).status).toBe(404)
    expect((await auditOf('product.image.remove'))[0]).toMatchObject({ before: { id: first!.id } })
  })
})
