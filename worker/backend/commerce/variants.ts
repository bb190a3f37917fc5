import type { Currency, Locale } from '#web/api/models.ts'
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
  amount_cents: number | null
  compare_at_cents: number | null
  member_cents: number | null
}

const COLOUR_TYPES = new Set(['color', 'colour'])

/** Loads variants by id (deleted ones too, marked unavailable, so past orders keep their names); unknown ids are missing. */
export async function loadVariants(db: D1Database, ids: number[], currency: Currency, locale: Locale): Promise<Map<number, VariantInfo>> {
  const out = new Map<number, VariantInfo>()
  const unique = [...new Set(ids)]
  if (unique.length === 0) return out
  const now = new Date().toISOString()
  const marks = unique.map(() => '?').join(',')
  const [variants, options, images] = await db.batch([
    db
      .prepare(
        `SELECT v.id, v.product_id, v.sku, COALESCE(t.name, p.name) AS name, p.slug, p.kind,
           (p.deleted_at IS NULL AND v.deleted_at IS NULL AND (p.available_on IS NULL OR p.available_on <= ?1)
             AND (p.discontinue_on IS NULL OR p.discontinue_on > ?1)) AS available,
           v.stock_on_hand, v.backorderable, pr.amount_cents, pr.compare_at_cents, pr.member_cents
         FROM variants v JOIN products p ON p.id = v.product_id
         LEFT JOIN product_translations t ON t.product_id = p.id AND t.locale = ?2
         LEFT JOIN prices pr ON pr.variant_id = v.id AND pr.currency = ?3
         WHERE v.id IN (${unique.map((_, i) => `?${i + 4}`).join(',')})`,
      )
      .bind(now, locale, currency, ...unique),
    db
      .prepare(
        `SELECT vov.variant_id, ot.name AS type, COALESCE(ovt.presentation, ov.presentation) AS value, ov.id AS value_id
         FROM variant_option_values vov JOIN option_values ov ON ov.id = vov.option_value_id
         JOIN option_types ot ON ot.id = ov.option_type_id
         LEFT JOIN option_value_translations ovt ON ovt.option_value_id = ov.id AND ovt.locale = ?
         WHERE vov.variant_id IN (${marks}) ORDER BY ot.position, ot.id`,
      )
      .bind(locale, ...unique),
    db
      .prepare(
        // ?1 is the locale; the plain marks after it number on from ?2
        `${IMAGE_SELECT} WHERE pi.product_id IN
           (SELECT product_id FROM variants WHERE id IN (${marks})) ORDER BY pi.product_id, pi.position, pi.id`,
      )
      .bind(locale, ...unique),
  ])
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
      amountCents: v.amount_cents,
      rrpCents: v.compare_at_cents ?? v.amount_cents,
      memberCents: v.member_cents,
      options: opts,
      image: row ? toImage(row, v.name) : null,
    })
  }
  return out
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
