import type { Currency, Locale } from '#kernel/models.ts'
import { IMAGE_SELECT } from '#worker/backend/catalogue/product-data.ts'

/** What the cart needs to know about a variant from the catalogue (issue 3's schema), in one currency and locale. */
export interface VariantInfo {
  id: number
  productId: number
  sku: string
  name: string
  slug: string
  isGiftCard: boolean
  available: boolean
  stockOnHand: number
  backorderable: boolean
  /** A deal (migration 0470): its units are reserved for carts by its Durable Object (deal-stock.ts). */
  deal: boolean
  /** What a guest pays; null when the variant has no price in this currency (it cannot be sold in it). */
  amountCents: number | null
  rrpCents: number | null
  memberCents: number | null
  options: Array<{ type: string; value: string; valueId: number }>
  image: VariantImage | null
}

export interface VariantImage {
  alt: string
  mobile: { url: string; width: number; height: number }
  desktop: { url: string; width: number; height: number }
  large: { url: string; width: number; height: number }
}

interface VariantRow {
  id: number
  product_id: number
  sku: string
  name: string
  slug: string
  kind: string
  available: number
  stock_on_hand: number
  backorderable: number
  deal: number
  amount_cents: number | null
  compare_at_cents: number | null
  member_cents: number | null
}

const COLOUR_TYPES = new Set(['color', 'colour'])

/**
 * Which variants to read: by id, or every line's variant of an order (`{ orderOf }`), so a cart's variants are read
 * in the same batch (one round trip) as its lines; the currency is then the order's.
 */
export type VariantSource = { ids: number[]; currency: Currency } | { orderOf: number }

/**
 * The three statements that read variants (deleted ones too, marked unavailable, so past orders keep their names),
 * their options and their products' images, for `db.batch`; `variantsFrom` reads their results. Null when there is
 * nothing to read.
 */
export function variantStatements(db: D1Database, source: VariantSource, locale: Locale): D1PreparedStatement[] | null {
  const now = new Date().toISOString()
  if ('orderOf' in source) {
    // ?1 locale, ?2 now, ?3 the order
    const ids = 'SELECT variant_id FROM line_items WHERE order_id = ?3'
    const currency = '(SELECT currency FROM orders WHERE id = ?3)'
    return [
      db.prepare(variantSql(ids, currency)).bind(locale, now, source.orderOf),
      db.prepare(optionSql(ids)).bind(locale, now, source.orderOf),
      db.prepare(imageSql(ids)).bind(locale, now, source.orderOf),
    ]
  }
  const unique = [...new Set(source.ids)]
  if (unique.length === 0) return null
  // ?1 locale, ?2 now, ?3 currency, the ids from ?4
  const ids = unique.map((_, i) => `?${i + 4}`).join(',')
  const binds = [locale, now, source.currency, ...unique]
  return [
    db.prepare(variantSql(ids, '?3')).bind(...binds),
    db.prepare(optionSql(ids)).bind(...binds),
    db.prepare(imageSql(ids)).bind(...binds),
  ]
}

// On sale as the catalogue's listings count it: no on-sale day is a draft (product-lifecycle.ts), never on sale.
// The three take the same binds: SQLite counts a statement's parameters up to the highest number it names (?3 or an
// id after it), whether or not it names each one before it.
const variantSql = (ids: string, currency: string) => `SELECT v.id, v.product_id, v.sku, COALESCE(t.name, p.name) AS name, p.slug, p.kind,
    (p.deleted_at IS NULL AND v.deleted_at IS NULL AND p.available_on IS NOT NULL AND p.available_on <= ?2
      AND (p.discontinue_on IS NULL OR p.discontinue_on > ?2)) AS available,
    v.stock_on_hand, v.backorderable, v.deal, pr.amount_cents, pr.compare_at_cents, pr.member_cents
  FROM variants v JOIN products p ON p.id = v.product_id
  LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = ?1
  LEFT JOIN prices pr ON pr.variant_id = v.id AND pr.currency = ${currency}
  WHERE v.id IN (${ids})`

const optionSql = (ids: string) => `SELECT vov.variant_id, ot.name AS type, COALESCE(ovt.presentation, ov.presentation) AS value, ov.id AS value_id
  FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id
  JOIN option_types ot ON ot.id = ov.option_type_id
  LEFT JOIN option_value_translations ovt ON ovt.option_value_id = ov.id AND ovt.locale = ?1
  WHERE vov.variant_id IN (${ids}) ORDER BY ot.position, ot.id`

// IMAGE_SELECT names ?1, the locale
const imageSql = (ids: string) => `${IMAGE_SELECT} WHERE pi.product_id IN (SELECT product_id FROM variants WHERE id IN (${ids})) ORDER BY pi.product_id, pi.position, pi.id`

/** Reads the results of `variantStatements`' three statements, in their order. */
export function variantsFrom(results: D1Result[]): Map<number, VariantInfo> {
  const out = new Map<number, VariantInfo>()
  const [variants, options, images] = results
  const optionsByVariant = new Map<number, VariantInfo['options']>()
  for (const o of options!.results as Array<{ variant_id: number; type: string; value: string; value_id: number }>) {
    const list = optionsByVariant.get(o.variant_id) ?? []
    list.push({ type: o.type, value: o.value, valueId: o.value_id })
    optionsByVariant.set(o.variant_id, list)
  }
  const imageRows = images!.results as Array<Record<string, unknown>>
  for (const v of variants!.results as unknown as VariantRow[]) {
    const opts = optionsByVariant.get(v.id) ?? []
    const colour = opts.find((o) => COLOUR_TYPES.has(o.type.toLowerCase()))
    const own = imageRows.filter((r) => r.product_id === v.product_id)
    const row = own.find((r) => colour && r.option_value_id === colour.valueId) ?? own[0]
    out.set(v.id, {
      id: v.id,
      productId: v.product_id,
      sku: v.sku,
      name: v.name,
      slug: v.slug,
      isGiftCard: v.kind === 'gift_card',
      available: v.available === 1,
      stockOnHand: v.stock_on_hand,
      backorderable: v.backorderable === 1,
      deal: v.deal === 1,
      amountCents: v.amount_cents,
      rrpCents: v.compare_at_cents ?? v.amount_cents,
      memberCents: v.member_cents,
      options: opts,
      image: row ? toImage(row, v.name) : null,
    })
  }
  return out
}

/** Loads variants by id (deleted ones too, marked unavailable, so past orders keep their names); unknown ids are missing. */
export async function loadVariants(db: D1Database, ids: number[], currency: Currency, locale: Locale): Promise<Map<number, VariantInfo>> {
  const statements = variantStatements(db, { ids, currency }, locale)
  return statements ? variantsFrom(await db.batch(statements)) : new Map()
}

function toImage(r: Record<string, unknown>, name: string): VariantImage {
  const style = (size: 'mobile' | 'desktop' | 'large') => ({
    url: String(r[`${size}_url`]),
    width: Number(r[`${size}_width`]),
    height: Number(r[`${size}_height`]),
  })
  return { alt: (r.alt as string | null) ?? name, mobile: style('mobile'), desktop: style('desktop'), large: style('large') }
}

/** The gift card product's variant (the seed's 'gift-card' product), if the catalogue has one. */
export async function giftCardVariantId(db: D1Database): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT v.id FROM variants v JOIN products p ON p.id = v.product_id
       WHERE p.kind = 'gift_card' AND p.deleted_at IS NULL AND v.deleted_at IS NULL ORDER BY v.is_master DESC, v.position LIMIT 1`,
    )
    .first<{ id: number }>()
  return row?.id ?? null
}
