import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { createGiftCard, createProduct, createSizedProduct } from '#tests/factories/catalogue.ts'
import { ADMIN_PASSWORD, consoleBrowser, operator, placeOrder } from './admin-helpers.ts'

// Console forms (issue 14 item 8): a bad value gets a 4xx that names the field beside it (aria-invalid) with a
// sentence, keeps what was typed, and changes nothing (no audit entry). One row per form and kind of refusal; the
// fixtures (an order, a return, a product, a gift card, a CMS page) are made once, the operator logs in once.

interface Fixtures {
  order: string
  payment: number
  line: number
  category: number
  returnId: number
  product: number
  /** a product sold in sizes (the 'Add a size' form) */
  sized: number
  variant: number
  customer: number
  giftCard: number
  cmsPage: number
}

type Row = { form: string; path: (f: Fixtures) => string; fields: Record<string, string>; field: string; says: string; upload?: boolean; loggedOut?: boolean }

const PRICES = { AUD_amount: '129.95', AUD_rrp: '', AUD_member: '119.95', USD_amount: '89.00', USD_rrp: '', USD_member: '' }
const COUPON = { name: 'Spring sale', code: 'spring-forms', kind: 'percent', amount: '15', min_total: '', starts_on: '', expires_on: '', usage_limit: '', per_customer_limit: '' }
const PAGE = { intent: 'save', 'en.title': 'Care guide', 'de.title': 'Pflegehinweise', 'en.content': '', 'de.content': '' }
/** One section of `type` as the editor posts it, with `fields` filled in (names relative to the section). */
const section = (type: string, fields: Record<string, string>) => ({ ...PAGE, 'sections.0.type': type, 'sections.0.key': '', 'sections.0.en.name': 'Block', 'sections.0.de.name': 'Block', ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`sections.0.${k}`, v])) })

const FORMS: Row[] = [
  { form: 'log in', path: () => '/admin/login', fields: { email: '', password: 'x' }, field: 'email', says: 'Enter a valid email address.', loggedOut: true },
  { form: 'category', path: () => '/admin/categories', fields: { name: '' }, field: 'name', says: 'The English name is required.' },
  { form: 'store credit', path: () => '/admin/store-credit', fields: { email: 'not-an-email', currency: 'AUD', amount: '10.00', reason: 'x', password: ADMIN_PASSWORD }, field: 'email', says: 'Enter a valid email address.' },
  { form: 'store credit', path: () => '/admin/store-credit', fields: { email: 'a@example.com', currency: 'AUD', amount: 'ten', reason: 'x', password: ADMIN_PASSWORD }, field: 'amount', says: 'Amount: enter an amount like 129.95.' },
  { form: 'gift card issue', path: () => '/admin/gift-cards', fields: { currency: 'AUD', amount: '5000.00', recipient_name: 'Ann', recipient_email: '' }, field: 'amount', says: 'Issue between 1.00 and 1000.00.' },
  { form: 'gift card issue', path: () => '/admin/gift-cards', fields: { currency: 'AUD', amount: '50.00', recipient_name: 'Ann', recipient_email: 'nope' }, field: 'recipient_email', says: 'Enter a valid email address.' },
  { form: 'gift card adjust', path: (f) => `/admin/gift-cards/${f.giftCard}/adjust`, fields: { amount: '5.00', reason: '', password: ADMIN_PASSWORD }, field: 'reason', says: 'A reason is required.' },
  { form: 'gift card adjust', path: (f) => `/admin/gift-cards/${f.giftCard}/adjust`, fields: { amount: 'lots', reason: 'Goodwill', password: ADMIN_PASSWORD }, field: 'amount', says: 'Enter a change like 10.00 or -5.00.' },
  { form: 'fulfil', path: (f) => `/admin/orders/${f.order}/fulfil`, fields: { carrier: 'Australia Post', tracking: '' }, field: 'tracking', says: 'The tracking number is required.' },
  { form: 'fulfil', path: (f) => `/admin/orders/${f.order}/fulfil`, fields: { carrier: 'Pigeon', tracking: 'AP1' }, field: 'carrier', says: 'Choose a carrier from the list.' },
  { form: 'refund', path: (f) => `/admin/orders/${f.order}/refund`, fields: { paymentId: '', amount: 'ten', reason: 'Damaged', password: ADMIN_PASSWORD }, field: 'amount', says: 'Amount: enter an amount like 129.95.' },
  { form: 'refund', path: (f) => `/admin/orders/${f.order}/refund`, fields: { paymentId: '', amount: '9999.00', reason: 'Damaged', password: ADMIN_PASSWORD }, field: 'amount', says: 'can still be refunded to this payment.' },
  { form: 'refund dialog', path: (f) => `/admin/orders/${f.order}/refund-units`, fields: { intent: 'refund', reason: '', password: ADMIN_PASSWORD }, field: 'reason', says: 'A reason is required.' },
  { form: 'cancel', path: (f) => `/admin/orders/${f.order}/cancel`, fields: { reason: ' ', password: ADMIN_PASSWORD }, field: 'reason', says: 'A reason is required.' },
  { form: 'return approve', path: (f) => `/admin/returns/${f.returnId}/approve`, fields: { note: 'x'.repeat(501) }, field: 'note', says: 'At most 500 characters.' },
  { form: 'category edit', path: (f) => `/admin/categories/${f.category}`, fields: { name: '', name_de: 'Zelte' }, field: 'name', says: 'The English name is required.' },
  { form: 'return decline', path: (f) => `/admin/returns/${f.returnId}/decline`, fields: { note: ' ' }, field: 'note', says: 'The reason is required.' },
  { form: 'product details', path: (f) => `/admin/products/${f.product}/details`, fields: { name: '', name_de: 'Jacke', description: '', description_de: '', available_on: '', discontinue_on: '' }, field: 'name', says: 'The English name is required.' },
  { form: 'product details', path: (f) => `/admin/products/${f.product}/details`, fields: { name: 'Jacket', name_de: '', description: '', description_de: '', available_on: '2026-13-45', discontinue_on: '' }, field: 'available_on', says: 'On sale from: pick a date, or leave it empty.' },
  { form: 'product details', path: (f) => `/admin/products/${f.product}/details`, fields: { name: 'Jacket', name_de: '', description: '', description_de: '', available_on: '', discontinue_on: '2026-02-31' }, field: 'discontinue_on', says: 'Discontinued from: pick a date, or leave it empty.' },
  { form: 'variant', path: (f) => `/admin/products/${f.product}/variants/${f.variant}`, fields: { sku: 'SKU-FORMS-1', stock: '-3', stock_seen: '5' }, field: 'stock', says: 'Stock can only go below 0 for a backorderable variant.' },
  { form: 'variant', path: (f) => `/admin/products/${f.product}/variants/${f.variant}`, fields: { sku: 'bad sku!', stock: '3', stock_seen: '5' }, field: 'sku', says: 'Use letters, digits, dots, dashes and underscores only.' },
  { form: 'add a size', path: (f) => `/admin/products/${f.sized}/variants`, fields: { ...PRICES, sku: '', stock: '2' }, field: 'sku', says: 'The SKU is required.' },
  { form: 'add a size', path: (f) => `/admin/products/${f.sized}/variants`, fields: { ...PRICES, sku: 'SIZE-FORMS-1', stock: '-1' }, field: 'stock', says: 'Stock must be at least 0.' },
  { form: 'add a size', path: (f) => `/admin/products/${f.sized}/variants`, fields: { ...PRICES, AUD_amount: '-5.00', sku: 'SIZE-FORMS-1', stock: '2' }, field: 'AUD_amount', says: 'AUD price: enter an amount like 129.95.' },
  { form: 'prices', path: (f) => `/admin/products/${f.product}/prices`, fields: { ...PRICES, AUD_member: '129.95' }, field: 'AUD_member', says: 'The AUD Club Price must be below the price.' },
  { form: 'prices', path: (f) => `/admin/products/${f.product}/prices`, fields: { ...PRICES, AUD_amount: '1000000.00' }, field: 'AUD_amount', says: 'AUD price: at most $999,999.99 (the most a card can be charged at once).' },
  { form: 'prices', path: (f) => `/admin/products/${f.product}/prices`, fields: { ...PRICES, USD_rrp: '1000000' }, field: 'USD_rrp', says: 'USD RRP: at most USD\u00a0999,999.99 (the most a card can be charged at once).' },
  { form: 'role', path: (f) => `/admin/customers/${f.customer}/role`, fields: { role: 'admin', password: '' }, field: 'password', says: 'Enter your password to confirm this.' },
  { form: 'promotion', path: () => '/admin/promotions', fields: { ...COUPON, amount: '150' }, field: 'amount', says: 'Enter a whole percent from 1 to 100.' },
  { form: 'promotion', path: () => '/admin/promotions', fields: { ...COUPON, starts_on: '2026-12-01', expires_on: '2026-11-01' }, field: 'expires_on', says: 'The end date must be after the start date.' },
  { form: 'promotion', path: () => '/admin/promotions', fields: { ...COUPON, starts_on: '0000-00-00' }, field: 'starts_on', says: 'Starts: pick a date, or leave it empty.' },
  { form: 'CMS page', path: (f) => `/admin/content/${f.cmsPage}`, fields: { ...PAGE, 'en.title': ' ' }, field: 'en.title', says: 'The title is required.' },
  { form: 'CMS hero image', path: (f) => `/admin/content/${f.cmsPage}`, fields: section('hero_image', { 'shared.image_one': '', 'shared.link': '', 'en.title': 'Hi', 'de.title': 'Hallo' }), field: 'sections.0.shared.image_one', says: 'Picture is required.' },
  { form: 'CMS featured article', path: (f) => `/admin/content/${f.cmsPage}`, fields: section('featured_article', { 'shared.link': 'javascript:alert(1)', 'en.title': 'Hi', 'de.title': 'Hallo', 'en.rte_content': '<p>x</p>', 'de.rte_content': '<p>x</p>' }), field: 'sections.0.shared.link', says: 'A link is a path of this store that starts with a single / (like /t/women) or an address that starts with https://, without spaces or backslashes.' },
  { form: 'CMS product carousel', path: (f) => `/admin/content/${f.cmsPage}`, fields: section('product_carousel', { 'shared.taxon': '', 'shared.link': '', 'en.title': 'New', 'de.title': 'Neu' }), field: 'sections.0.shared.taxon', says: 'A category is required.' },
  { form: 'CMS product carousel', path: (f) => `/admin/content/${f.cmsPage}`, fields: section('product_carousel', { 'shared.taxon': '999999999999', 'shared.link': '', 'en.title': 'New', 'de.title': 'Neu' }), field: 'sections.0.shared.taxon', says: 'Choose a category from the list.' },
  { form: 'CMS image gallery', path: (f) => `/admin/content/${f.cmsPage}`, fields: section('image_gallery', { 'shared.image_one': 'http://evil.example/x.png', 'en.alt_one': 'Tent', 'de.alt_one': 'Zelt' }), field: 'sections.0.shared.image_one', says: 'Choose one of the uploaded pictures from the list.' },
  { form: 'CMS side-by-side images', path: (f) => `/admin/content/${f.cmsPage}`, fields: section('side_by_side_images', { 'shared.image_one': '/images/cms/a', 'shared.image_two': '/images/cms/b', 'en.alt_one': 'A', 'de.alt_one': 'A', 'en.alt_two': 'B', 'de.alt_two': '' }), field: 'sections.0.de.alt_two', says: 'Describe the picture for screen readers.' },
  { form: 'CMS rich text', path: (f) => `/admin/content/${f.cmsPage}`, fields: section('rich_text_content', { 'en.rte_content': '<p>Wash cold</p>', 'de.rte_content': '' }), field: 'sections.0.de.rte_content', says: 'Text is required.' },
  { form: 'menu', path: () => '/admin/menus/header', fields: { intent: 'save', 'items.0.level': '1', 'items.0.link': '/t/tents', 'items.0.en': 'Tents', 'items.0.de': '' }, field: 'items.0.de', says: 'The German label is required.' },
  { form: 'picture upload', path: (f) => `/admin/products/${f.product}/images`, fields: { alt: '', alt_de: '' }, field: 'alt', says: 'The English description is required.', upload: true },
  { form: 'CSV import', path: () => '/admin/products/import', fields: {}, field: 'file', says: 'Choose a CSV file to check.', upload: true },
]

const audits = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM audit_log').first<{ n: number }>())!.n
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const html = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

describe('console form messages', () => {
  let b: Awaited<ReturnType<typeof operator>>['b']
  let f: Fixtures

  beforeAll(async () => {
    b = (await operator()).b
    const product = await createProduct({ stock: 5 })
    // two units: one is asked back (the return), one is left for the line-refund form
    const order = await placeOrder(product.variantId, { quantity: 2 })
    const ids = await env.DB.prepare("SELECT o.id AS orderId, li.id AS lineId, p.id AS payment FROM orders o JOIN line_items li ON li.order_id = o.id JOIN payments p ON p.order_id = o.id AND p.state = 'completed' WHERE o.number = ?")
      .bind(order)
      .first<{ orderId: number; lineId: number; payment: number }>()
    const ret = await env.DB.prepare("INSERT INTO return_requests (order_id, reason) VALUES (?, 'too_small') RETURNING id").bind(ids!.orderId).first<{ id: number }>()
    await env.DB.prepare('INSERT INTO return_items (return_id, line_item_id, quantity) VALUES (?, ?, 1)').bind(ret!.id, ids!.lineId).run()
    const customer = await env.DB.prepare("INSERT INTO users (email, first_name, last_name, password_hash, role) VALUES (?, 'Cam', 'Customer', 'x', 'customer') RETURNING id").bind(`forms-${crypto.randomUUID().slice(0, 8)}@example.com`).first<{ id: number }>()
    const slug = `forms-${crypto.randomUUID().slice(0, 6)}`
    const pages = []
    for (const locale of ['en', 'de'])
      pages.push(await env.DB.prepare("INSERT INTO cms_pages (slug, locale, title, content, type, visible, updated_at) VALUES (?, ?, 'Care', '', 'standard', 1, '2026-01-01T00:00:00Z') RETURNING id").bind(slug, locale).first<{ id: number }>())
    await b.post('/admin/categories', { parent: '', name: 'Forms camp', slug: 'forms-camp', form_token: crypto.randomUUID() })
    const category = await env.DB.prepare("SELECT id FROM taxons WHERE permalink = 'forms-camp'").first<{ id: number }>()
    f = { order, payment: ids!.payment, line: ids!.lineId, category: category!.id, returnId: ret!.id, product: product.productId, sized: (await createSizedProduct([{ size: 'M', prices: { AUD: { amount: 10000 }, USD: { amount: 7000 } } }])).productId, variant: product.variantId, customer: customer!.id, giftCard: (await createGiftCard(5000)).id, cmsPage: pages[0]!.id }
  })

  it('refuses a password longer than any with a sentence, not the validator\'s words, and never shows it again', async () => {
    const long = 'p'.repeat(201)
    const before = await audits()
    for (const [path, fields, browser] of [
      ['/admin/login', { email: 'ops@example.com', password: long }, consoleBrowser()],
      [`/admin/orders/${f.order}/cancel`, { reason: 'Asked to', password: long }, b],
    ] as const) {
      const res = await browser.post(path, fields)
      expect(res.status, path).toBe(422)
      expect(res.body, path).toContain('A password has at most 200 characters.')
      expect(res.body, path).not.toContain('Too big')
      expect(res.body, path).not.toContain(long)
    }
    expect(await audits()).toBe(before)
  })

  it.each(FORMS)('$form refuses a bad $field with a message beside it, keeps what was typed and changes nothing', async ({ path, fields, field, says, upload, loggedOut }) => {
    const before = await audits()
    const posted: Record<string, string> = { ...fields, ...('paymentId' in fields ? { paymentId: String(f.payment) } : {}), ...('lineId' in fields ? { lineId: String(f.line) } : {}) }
    let res
    if (upload) {
      const form = new FormData()
      for (const [k, v] of Object.entries(posted)) form.append(k, v)
      // a browser sends an empty file part when no file was chosen
      if (path(f).endsWith('/import')) form.append('file', new File([], ''), '')
      res = await b.upload(path(f), form)
    } else res = await (loggedOut ? consoleBrowser() : b).post(path(f), posted)
    expect(res.status, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    // the sentence sits in the field's own error element, which the field points at
    const id = `[^"]*`
    expect(res.body).toMatch(new RegExp(`id="${id}-error"[^>]*role="alert"[^>]*>[^<]*${escaped(html(says))}`))
    const control = new RegExp(`<(input|select|textarea)[^>]*name="${escaped(field)}"[^>]*>`, 'g')
    const invalid = [...res.body.matchAll(control)].map((m) => m[0]).filter((tag) => tag.includes('aria-invalid="true"'))
    expect(invalid, `${field} marked invalid`).toHaveLength(1)
    const describedBy = /aria-describedby="([^"]+)"/.exec(invalid[0]!)?.[1]
    expect(res.body).toContain(`id="${describedBy}"`)
    expect(res.body.slice(res.body.indexOf(`id="${describedBy}"`)).split('</p>')[0]).toContain(html(says))
    // what the operator typed is shown again (a select shows only its own options)
    if (posted[field]?.trim() && !invalid[0]!.startsWith('<select')) expect(res.body).toContain(html(posted[field]!))
    expect(await audits()).toBe(before)
  })
})
