import { env } from 'cloudflare:workers'
import { derivedStatements } from '#worker/admin/catalogue-data.ts'

/** Small catalogue rows for commerce tests, independent of the big seed. Ids are unique per test file. */

let next = 1_000_000 + Math.floor(Math.random() * 1_000_000)
const nextId = () => next++

export interface PriceInput {
  amount: number
  compareAt?: number | null
  member?: number | null
}

export interface ProductInput {
  name?: string
  stock?: number
  backorderable?: boolean
  prices?: { AUD?: PriceInput; USD?: PriceInput }
  kind?: 'standard' | 'gift_card'
  colour?: string
  size?: string
  discontinued?: boolean
  /** Adds one image (three sizes), for the colour if one is given. */
  image?: boolean
  /**
   * As the console's status (worker/admin/product-lifecycle.ts): active (default) is on sale since a past day, draft
   * has no on-sale day, archived is soft-deleted.
   */
  status?: 'active' | 'draft' | 'archived'
}

export interface CreatedProduct {
  productId: number
  variantId: number
  sku: string
  slug: string
  name: string
}

async function optionValue(type: string, value: string): Promise<number> {
  await env.DB.prepare('INSERT OR IGNORE INTO option_types (name, presentation) VALUES (?, ?)').bind(type, type === 'color' ? 'Colour' : 'Size').run()
  const ot = await env.DB.prepare('SELECT id FROM option_types WHERE name = ?').bind(type).first<{ id: number }>()
  await env.DB.prepare('INSERT OR IGNORE INTO option_values (option_type_id, name, presentation) VALUES (?, ?, ?)').bind(ot!.id, value.toLowerCase(), value).run()
  const ov = await env.DB.prepare('SELECT id FROM option_values WHERE option_type_id = ? AND name = ?').bind(ot!.id, value.toLowerCase()).first<{ id: number }>()
  return ov!.id
}

/** A product with one sellable variant (prices in cents). Defaults: 10 in stock, AUD 100.00 (Club 80.00), USD 70.00. */
export async function createProduct(input: ProductInput = {}): Promise<CreatedProduct> {
  const productId = nextId()
  const variantId = nextId()
  const name = input.name ?? `Test jacket ${productId}`
  const slug = input.kind === 'gift_card' ? `gift-card-${productId}` : `test-product-${productId}`
  const sku = `SKU-${variantId}`
  const now = new Date().toISOString()
  const prices = input.prices ?? { AUD: { amount: 10000, compareAt: 12000, member: 8000 }, USD: { amount: 7000, compareAt: 8000, member: 5600 } }
  const statements = [
    env.DB.prepare('INSERT INTO products (id, slug, name, kind, available_on, discontinue_on, deleted_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').bind(
      productId,
      slug,
      name,
      input.kind ?? 'standard',
      input.status === 'draft' ? null : '2020-01-01T00:00:00Z',
      input.discontinued ? '2000-01-01T00:00:00Z' : null,
      input.status === 'archived' ? now : null,
      now,
      now,
    ),
    env.DB.prepare('INSERT INTO variants (id, product_id, sku, is_master, stock_on_hand, backorderable) VALUES (?, ?, ?, 1, ?, ?)').bind(
      variantId,
      productId,
      sku,
      input.stock ?? 10,
      input.backorderable ? 1 : 0,
    ),
  ]
  for (const [currency, p] of Object.entries(prices)) {
    if (!p) continue
    statements.push(
      env.DB.prepare('INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents) VALUES (?, ?, ?, ?, ?)').bind(
        variantId,
        currency,
        p.amount,
        p.compareAt ?? null,
        p.member ?? null,
      ),
    )
  }
  // the derived price and search rows, as the console's writer adds them (product-write.ts)
  await env.DB.batch([...statements, ...derivedStatements(env.DB, productId)])
  for (const [type, value] of [['color', input.colour], ['size', input.size]] as const) {
    if (!value) continue
    const id = await optionValue(type, value)
    await env.DB.prepare('INSERT INTO variant_option_values (variant_id, option_value_id) VALUES (?, ?)').bind(variantId, id).run()
  }
  if (input.image) {
    const colourId = input.colour ? await optionValue('color', input.colour) : null
    await env.DB.prepare('INSERT INTO product_images (product_id, option_value_id, alt, mobile_url, desktop_url, large_url) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(productId, colourId, name, `/images/${slug}-sm.jpg`, `/images/${slug}-md.jpg`, `/images/${slug}-lg.jpg`)
      .run()
  }
  return { productId, variantId, sku, slug, name }
}

export async function stockOf(variantId: number): Promise<number> {
  const row = await env.DB.prepare('SELECT stock_on_hand FROM variants WHERE id = ?').bind(variantId).first<{ stock_on_hand: number }>()
  return row!.stock_on_hand
}

/** A coupon. `amount`: whole percent for percent, cents for fixed. */
export async function createPromotion(input: {
  code?: string
  kind: 'percent' | 'fixed' | 'free_shipping'
  amount?: number
  minItemTotalCents?: number | null
  startsAt?: string | null
  expiresAt?: string | null
  usageLimit?: number | null
  perCustomerLimit?: number | null
}) {
  const code = (input.code ?? `save-${nextId()}`).toLowerCase()
  const row = await env.DB.prepare(
    'INSERT INTO promotions (name, code, kind, amount, min_item_total_cents, starts_at, expires_at, usage_limit, per_customer_limit) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id',
  )
    .bind(`Promo ${code}`, code, input.kind, input.amount ?? 0, input.minItemTotalCents ?? null, input.startsAt ?? null, input.expiresAt ?? null, input.usageLimit ?? null, input.perCustomerLimit ?? null)
    .first<{ id: number }>()
  return { id: row!.id, code }
}

export async function createGiftCard(cents: number, currency: 'AUD' | 'USD' = 'AUD') {
  const code = `TEST-${nextId()}-CARD`
  const row = await env.DB.prepare('INSERT INTO gift_cards (code, currency, original_cents, balance_cents) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(code, currency, cents, cents)
    .first<{ id: number }>()
  return { id: row!.id, code }
}

export async function giftCardBalance(id: number): Promise<number> {
  return (await env.DB.prepare('SELECT balance_cents FROM gift_cards WHERE id = ?').bind(id).first<{ balance_cents: number }>())!.balance_cents
}

/**
 * A product on sale today with sizes priced apart (master + one variant per size, each with its own prices) and its
 * derived listing rows, as the seed and the console write them.
 */
export async function createSizedProduct(sizes: Array<{ size: string; prices: { AUD: PriceInput; USD?: PriceInput }; stock?: number }>, name?: string) {
  const first = sizes[0]!
  const product = await createProduct({ prices: first.prices, name })
  await optionValue('size', first.size)
  const sizeType = (await env.DB.prepare("SELECT id FROM option_types WHERE name = 'size'").first<{ id: number }>())!.id
  await env.DB.prepare('INSERT INTO product_option_types (product_id, option_type_id, position) VALUES (?, ?, 0)').bind(product.productId, sizeType).run()
  const variants: Array<{ id: number; size: string }> = []
  for (const [i, s] of sizes.entries()) {
    const id = nextId()
    const statements = [
      env.DB.prepare('INSERT INTO variants (id, product_id, sku, is_master, position, stock_on_hand) VALUES (?, ?, ?, 0, ?, ?)').bind(id, product.productId, `${product.sku}-${s.size}`, i + 1, s.stock ?? 10),
      env.DB.prepare('INSERT INTO variant_option_values (variant_id, option_value_id) VALUES (?, ?)').bind(id, await optionValue('size', s.size)),
      ...Object.entries(s.prices).map(([currency, p]) =>
        env.DB.prepare('INSERT INTO prices (variant_id, currency, amount_cents, compare_at_cents, member_cents) VALUES (?, ?, ?, ?, ?)').bind(id, currency, p.amount, p.compareAt ?? null, p.member ?? null),
      ),
    ]
    await env.DB.batch(statements)
    variants.push({ id, size: s.size })
  }
  await env.DB.batch([
    ...derivedStatements(env.DB, product.productId),
    env.DB.prepare('INSERT OR IGNORE INTO product_option_values (option_value_id, product_id) SELECT DISTINCT vov.option_value_id, v.product_id FROM variant_option_values vov JOIN variants v ON v.id = vov.variant_id WHERE v.product_id = ?').bind(product.productId),
  ])
  return { ...product, variants }
}
