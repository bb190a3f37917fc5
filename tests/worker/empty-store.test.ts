import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { referenceStatements, LEGAL_PAGES } from '#kv-seed/reference.mjs'
import { generateSeed, seedStatements } from '#kv-seed/sql.mjs'
import { sampleRemovalStatements } from '#kv-seed/sample-removal.mjs'
import { allFacetRefreshStatements } from '#worker/backend/catalogue/facet-counts-sql.mjs'
import { bumpPageCacheVersion } from '#worker/edge-cache/content-version.ts'
import { loadLaunchChecklist } from '#worker/admin/launch-checklist.ts'
import { derivedStatements } from '#worker/admin/catalogue-data.ts'
import { configProblem, type Env } from '#worker/env.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { call, guestCart } from '#tests/factories/api.ts'
import { get } from './helpers.ts'
import { operator, placeOrder } from './admin-helpers.ts'

// Issue 40 point 2: a store set up from the migrations and the reference data alone (`npm run setup -- --local`, no
// sample) opens: its storefront says 'opening soon', its dashboard lists what is missing, and the sample can be
// loaded and removed again without touching the reference data.

const run = async (statements: string[]) => {
  for (let i = 0; i < statements.length; i += 50) await env.DB.batch(statements.slice(i, i + 50).map((sql) => env.DB.prepare(sql)))
}

/** Every row of the tables the reference data and the sample touch, to compare before and after. */
const TABLES = ['store', 'countries', 'country_translations', 'states', 'cms_pages', 'menus', 'menu_items', 'shipping_methods', 'products', 'taxons', 'sample_records']
async function snapshot() {
  const out: Record<string, unknown[]> = {}
  for (const table of TABLES) out[table] = (await env.DB.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all()).results
  return out
}

const fresh = () => bumpPageCacheVersion(env as unknown as Env)

beforeAll(async () => {
  await run(referenceStatements())
})

describe('the reference data', () => {
  it('holds what every shop needs, and loading it again changes nothing', async () => {
    const before = await snapshot()
    expect(before.countries!.length).toBe(31)
    expect(before.states!.filter((s) => (s as { country_iso: string }).country_iso === 'AU')).toHaveLength(8)
    expect(before.products).toEqual([])
    // the legal pages are drafts in both languages, the four menus have their root and nothing else
    const pages = before.cms_pages as Array<{ slug: string; locale: string; visible: number }>
    expect(pages.map((p) => `${p.slug}/${p.locale}/${p.visible}`).sort()).toEqual(Object.keys(LEGAL_PAGES).flatMap((slug) => [`${slug}/de/0`, `${slug}/en/0`]).sort())
    expect(before.menus).toHaveLength(4)
    expect((before.menu_items as Array<{ parent_id: number | null }>).every((i) => i.parent_id === null)).toBe(true)
    expect(before.menu_items).toHaveLength(4)
    expect((before.store as Array<{ name: string }>)[0]!.name).toBe('')
    await run(referenceStatements())
    expect(await snapshot()).toEqual(before)
  })
})

describe('the storefront of an empty store', () => {
  it("answers 'opening soon' at home in English and German, and 404 for catalogue pages, never an error", async () => {
    await fresh()
    const home = await get('/')
    const body = await home.text()
    expect(home.status).toBe(200)
    expect(body).toContain('data-testid="opening-soon"')
    expect(body).toContain('Opening soon')
    expect(body).not.toContain('data-testid="carousel-last-chance"')
    const de = await get('/de')
    expect(de.status).toBe(200)
    expect(await de.text()).toContain('Wir eröffnen bald')
    for (const path of ['/t/men', '/de/t/women/jackets', '/products/anything', '/de/products/anything']) {
      const res = await get(path)
      await res.text()
      expect(res.status, path).toBe(404)
    }
    for (const path of ['/Cart', '/Login', '/PrivacyPolicy', '/de/TermsAndConditions', '/Category?term=jacket', '/sitemap.xml', '/robots.txt', '/api/v2/storefront/store', '/api/v2/storefront/menus?filter[location]=header']) {
      const res = await get(path)
      const text = await res.text()
      expect(res.status, path).toBeLessThan(500)
      expect(text, path).not.toContain('data-layout="error"')
    }
  })
})

describe("the dashboard's checklist", () => {
  it('lists what is missing, each with where it is fixed, and clears as the items are added', async () => {
    const { b } = await operator()
    const page = await b.get('/admin')
    expect(page.status).toBe(200)
    const item = (key: string, body = page.body) => new RegExp(`data-item="${key}" data-done="(true|false)"`).exec(body)?.[1]
    expect(page.body).toContain('Before shoppers can buy')
    expect(item('settings')).toBe('false')
    expect(item('product')).toBe('false')
    expect(item('payments')).toBe('false')
    expect(item('mail')).toBe('false')
    // the migrations bring the standard rates
    expect(item('shipping')).toBe('true')
    expect(page.body).toContain('href="/admin/settings"')
    expect(page.body).toContain('href="/admin/products"')
    expect(page.body).toContain('wrangler secret put RESEND_API_KEY')

    await env.DB.prepare("UPDATE store SET name = 'Fjord Supply', customer_support_email = 'help@fjord.example.com', address = '1 Quay St, Hobart TAS 7000', url = 'https://fjord-supply.com' WHERE id = 1").run()
    const { productId } = await createProduct({ name: 'Wool beanie' })
    await env.DB.prepare("UPDATE products SET available_on = '2020-01-01T00:00:00Z' WHERE id = ?").bind(productId).run()
    await env.DB.batch(derivedStatements(env.DB, productId))
    const after = await b.get('/admin')
    expect(item('settings', after.body)).toBe('true')
    expect(item('product', after.body)).toBe('true')
    expect(after.body).toContain('2 of 5 still to do.')
    // the home page opens with its first product
    await fresh()
    const home = await (await get('/')).text()
    expect(home).not.toContain('data-testid="opening-soon"')

    // payments and mail are secrets: with them the list is done and the dashboard drops it
    const ready = { ...(env as unknown as Env), STRIPE_SECRET_KEY: 'sk_x', STRIPE_PUBLISHABLE_KEY: 'pk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', RESEND_API_KEY: 're_x' }
    expect((await loadLaunchChecklist(ready)).filter((i) => !i.done)).toEqual([])
    await env.DB.prepare("UPDATE store SET name = '', url = '' WHERE id = 1").run()
    await env.DB.prepare('UPDATE products SET deleted_at = ? WHERE id = ?').bind(new Date().toISOString(), productId).run()
  })

  it('asks for what a production store refuses to start without, and no more', async () => {
    const production = { ...(env as unknown as Env), ENVIRONMENT: 'production', PASSWORD_PEPPER: 'a-long-production-pepper' }
    const problem = configProblem({ ...production })!
    const open = (await loadLaunchChecklist(production)).filter((i) => !i.done).map((i) => `${i.key}: ${i.detail}`)
    // each refusal of the start-up check has its open item
    expect(problem).toContain('STRIPE_SECRET_KEY')
    expect(open.find((line) => line.startsWith('payments'))).toContain('STRIPE_SECRET_KEY')
    expect(problem).toContain('RESEND_API_KEY')
    expect(open.find((line) => line.startsWith('mail'))).toContain('RESEND_API_KEY')
    expect(problem).toContain('STORE_URL')
    expect(open.find((line) => line.startsWith('settings'))).toContain('public https address')
    // and a configuration production accepts leaves none of the three open
    const configured = { ...production, STRIPE_SECRET_KEY: 'sk_x', STRIPE_PUBLISHABLE_KEY: 'pk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', RESEND_API_KEY: 're_x', STORE_URL: 'https://fjord-supply.com', HEADER_STATE_SECRET: 'a-production-header-state-secret-0123456789' }
    expect(configProblem({ ...configured })).toBeNull()
    const still = (await loadLaunchChecklist(configured)).filter((i) => !i.done)
    expect(still.map((i) => i.key)).not.toContain('payments')
    expect(still.map((i) => i.key)).not.toContain('mail')
    expect(still.find((i) => i.key === 'settings')?.detail ?? '').not.toContain('public https address')
  })
})

describe('the sample, loaded and removed again', () => {
  it('archives the sample products on completed orders, deletes the rest, and leaves the reference data as it was', async () => {
    const reference = await snapshot()
    const seed = generateSeed({ products: 12 })
    await run([...seedStatements(seed)])
    const now = new Date().toISOString()
    const products = (
      await env.DB.prepare(
        `SELECT * FROM (SELECT p.id, (SELECT v.id FROM variants v WHERE v.product_id = p.id AND v.is_master = 0 AND v.stock_on_hand > 5 AND v.deleted_at IS NULL ORDER BY v.id LIMIT 1) AS variant
         FROM products p WHERE p.kind = 'standard' AND p.available_on <= ?1 AND (p.discontinue_on IS NULL OR p.discontinue_on > ?1)
           AND p.id IN (SELECT row_id FROM sample_records WHERE table_name = 'products')) WHERE variant IS NOT NULL ORDER BY id`,
      ).bind(now).all<{ id: number; variant: number }>()
    ).results
    const sampleIds = seed.products!.rows.map((row) => Number(row[0]))
    expect(products.length).toBeGreaterThan(2)
    const [sold, inCart] = products
    expect((await env.DB.prepare('SELECT name FROM store').first<{ name: string }>())!.name).toBe('Basecamp Outfitters')
    const privacy = await env.DB.prepare("SELECT visible FROM cms_pages WHERE slug = 'privacy-policy' AND locale = 'en'").first<{ visible: number }>()
    expect(privacy!.visible).toBe(1)

    const number = await placeOrder(sold!.variant)
    const cart = await guestCart()
    expect((await call('/cart/add_item', { orderToken: cart, body: { variant_id: inCart!.variant, quantity: 1 } })).status).toBe(200)

    await run(sampleRemovalStatements({ by: 'ops@fjord.example.com' }))
    const taxons = (await env.DB.prepare('SELECT id FROM taxons').all<{ id: number }>()).results.map((t) => t.id)
    await run(allFacetRefreshStatements(taxons, [[0, 5099]]))

    // the sold product is archived and still on its order; every other sample product is gone, its cart line too
    const left = (await env.DB.prepare(`SELECT id, deleted_at FROM products WHERE id IN (${sampleIds.join(', ')})`).all<{ id: number; deleted_at: string | null }>()).results
    expect(left.map((p) => p.id)).toEqual([sold!.id])
    expect(left[0]!.deleted_at).not.toBeNull()
    const order = await env.DB.prepare('SELECT count(*) AS n FROM line_items li JOIN orders o ON o.id = li.order_id JOIN variants v ON v.id = li.variant_id WHERE o.number = ?').bind(number).first<{ n: number }>()
    expect(order!.n).toBe(1)
    expect((await call('/cart', { orderToken: cart })).body.data.attributes.item_count).toBe(0)
    expect((await env.DB.prepare('SELECT count(*) AS n FROM taxons').first<{ n: number }>())!.n).toBe(0)
    expect((await env.DB.prepare('SELECT count(*) AS n FROM banners').first<{ n: number }>())!.n).toBe(0)

    // the reference data is as it was before the sample: settings empty, legal pages drafts again, menus empty
    const after = await snapshot()
    for (const table of ['store', 'countries', 'country_translations', 'states', 'menus', 'shipping_methods']) expect(after[table], table).toEqual(reference[table])
    const pages = (rows: unknown[]) => (rows as Array<{ id: number; slug: string; locale: string; title: string; content: string; visible: number }>).map(({ id, slug, locale, title, content, visible }) => ({ id, slug, locale, title, content, visible }))
    expect(pages(after.cms_pages!)).toEqual(pages(reference.cms_pages!))
    expect((after.menu_items as Array<{ menu_id: number; parent_id: number | null; lft: number; rgt: number }>).map((i) => [i.menu_id, i.parent_id, i.lft, i.rgt])).toEqual(
      (reference.menu_items as Array<{ menu_id: number; parent_id: number | null; lft: number; rgt: number }>).map((i) => [i.menu_id, i.parent_id, i.lft, i.rgt]),
    )
    const audit = await env.DB.prepare("SELECT admin_email, after_json FROM audit_log WHERE action = 'sample.remove'").all<{ admin_email: string; after_json: string }>()
    expect(audit.results).toHaveLength(1)
    expect(audit.results[0]!.admin_email).toBe('ops@fjord.example.com')
    expect(JSON.parse(audit.results[0]!.after_json)).toEqual({ deleted_products: sampleIds.length - 1, archived_products: 1 })

    // the storefront is empty again, and a second removal changes nothing
    await fresh()
    expect(await (await get('/')).text()).toContain('data-testid="opening-soon"')
    await run(sampleRemovalStatements())
    expect(await snapshot()).toEqual(after)
    expect((await env.DB.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'sample.remove'").first<{ n: number }>())!.n).toBe(1)
  })
})
