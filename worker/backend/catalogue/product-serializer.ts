import type { Currency, Locale } from '#kernel/models.ts'
import { bool, decimal, display, Included, ref, type Resource } from './jsonapi.ts'
import type { ImageRow, OptionValueRow, ProductData, ProductRow, VariantRow } from './product-data.ts'
import { taxonResource } from './taxon-data.ts'

export const PRODUCT_INCLUDES = [
  'images', 'variants', 'variants.option_values', 'variants.images', 'option_types', 'option_types.option_values',
  'product_properties', 'taxons', 'default_variant', 'default_variant.option_values', 'primary_variant',
] as const

interface Money {
  currency: Currency
  locale: Locale
}

/** The contract's price attributes plus our Club Price (`member_price`, `display_member_price`). */
function priceAttributes(row: { amount_cents: number | null; compare_at_cents: number | null; member_cents: number | null }, m: Money) {
  return {
    price: decimal(row.amount_cents),
    currency: m.currency,
    display_price: display(row.amount_cents, m.currency, m.locale),
    compare_at_price: decimal(row.compare_at_cents),
    display_compare_at_price: display(row.compare_at_cents, m.currency, m.locale),
    member_price: decimal(row.member_cents),
    display_member_price: display(row.member_cents, m.currency, m.locale),
  }
}

export function imageResource(image: ImageRow): Resource {
  const style = (url: string, width: number, height: number) => ({ url, width, height })
  return {
    id: String(image.id),
    type: 'image',
    attributes: {
      position: image.position,
      alt: image.alt,
      original_url: image.large_url,
      transformed_url: null,
      // Our three styles, smallest first: 240x240 mobile, 350x468 desktop, 650x870 large (spec §9).
      styles: [
        style(image.mobile_url, image.mobile_width, image.mobile_height),
        style(image.desktop_url, image.desktop_width, image.desktop_height),
        style(image.large_url, image.large_width, image.large_height),
      ],
      option_value_id: image.option_value_id === null ? null : String(image.option_value_id),
    },
  }
}

export function optionValueResource(v: OptionValueRow): Resource {
  return {
    id: String(v.id),
    type: 'option_value',
    attributes: { name: v.name, presentation: v.presentation, position: v.position, image_preview: v.image_preview },
    relationships: { option_type: { data: ref('option_type', v.option_type_id) } },
  }
}

export function variantResource(v: VariantRow, data: ProductData, m: Money): Resource {
  const valueIds = data.variantValues.get(v.id) ?? []
  const values = valueIds.map((id) => data.optionValues.get(id)).filter((x): x is OptionValueRow => x !== undefined)
  const colour = values.find((x) => x.type_name === 'color' || x.type_name === 'colour')?.id
  const images = (data.images.get(v.product_id) ?? []).filter((img) => colour !== undefined && img.option_value_id === colour)
  return {
    id: String(v.id),
    type: 'variant',
    attributes: {
      sku: v.sku,
      ...priceAttributes(v, m),
      weight: v.weight === null ? null : String(v.weight),
      height: v.height === null ? null : String(v.height),
      width: v.width === null ? null : String(v.width),
      depth: v.depth === null ? null : String(v.depth),
      is_master: bool(v.is_master),
      options_text: values.map((x) => `${x.type_presentation}: ${x.presentation}`).join(', '),
      options: values.map((x) => ({ name: x.type_name, value: x.name, presentation: x.presentation })),
      purchasable: v.stock_on_hand > 0 || bool(v.backorderable),
      in_stock: v.stock_on_hand > 0,
      // Extension (Spree's admin API has it, the storefront's not): lets the product page say 'Only 2 left'.
      total_on_hand: v.stock_on_hand,
      backorderable: bool(v.backorderable),
    },
    relationships: {
      product: { data: ref('product', v.product_id) },
      images: { data: images.map((img) => ref('image', img.id)) },
      option_values: { data: valueIds.map((id) => ref('option_value', id)) },
    },
  }
}

/** A product as the contract's Product resource; related resources go into `included` as `include` asks. */
export function productResource(p: ProductRow, data: ProductData, include: Set<string>, included: Included, m: Money, now: string): Resource {
  const all = data.variants.get(p.id) ?? []
  const master = all.find((v) => bool(v.is_master))
  const variants = all.filter((v) => !bool(v.is_master))
  const defaultVariant = variants[0] ?? master
  const sellable = variants.length > 0 ? variants : all
  const images = data.images.get(p.id) ?? []
  const properties = data.properties.get(p.id) ?? []
  const optionTypeIds = data.productOptionTypes.get(p.id) ?? []
  const taxonIds = data.productTaxons.get(p.id) ?? []
  const discontinued = p.discontinue_on !== null && p.discontinue_on <= now
  const inStock = sellable.some((v) => v.stock_on_hand > 0)
  const backorderable = sellable.some((v) => bool(v.backorderable))

  const addVariant = (v: VariantRow, withValues: boolean) => {
    included.add(variantResource(v, data, m))
    if (withValues) for (const id of data.variantValues.get(v.id) ?? []) included.add(optionValueResource(data.optionValues.get(id)!))
  }
  if (include.has('variants') || include.has('variants.option_values') || include.has('variants.images')) {
    for (const v of variants) addVariant(v, include.has('variants.option_values'))
    if (include.has('variants.images')) images.forEach((img) => included.add(imageResource(img)))
  }
  if (defaultVariant && (include.has('default_variant') || include.has('default_variant.option_values'))) addVariant(defaultVariant, include.has('default_variant.option_values'))
  if (master && include.has('primary_variant')) addVariant(master, false)
  if (include.has('images')) images.forEach((img) => included.add(imageResource(img)))
  if (include.has('option_types') || include.has('option_types.option_values')) {
    for (const typeId of optionTypeIds) {
      const values = [...data.optionValues.values()].filter((v) => v.option_type_id === typeId).sort((a, b) => a.position - b.position)
      const first = values[0]
      if (!first) continue
      included.add({
        id: String(typeId),
        type: 'option_type',
        attributes: { name: first.type_name, presentation: first.type_presentation, position: first.type_position },
        relationships: { option_values: { data: values.map((v) => ref('option_value', v.id)) } },
      })
      if (include.has('option_types.option_values')) values.forEach((v) => included.add(optionValueResource(v)))
    }
  }
  if (include.has('product_properties')) {
    for (const prop of properties) {
      included.add({ id: String(prop.id), type: 'product_property', attributes: { value: prop.value, filter_param: prop.filter_param, name: prop.name, description: prop.presentation } })
    }
  }
  if (include.has('taxons')) for (const id of taxonIds) if (data.taxons.has(id)) included.add(taxonResource(data.taxons.get(id)!))

  return {
    id: String(p.id),
    type: 'product',
    attributes: {
      name: p.name,
      description: p.description,
      available_on: p.available_on,
      discontinue_on: p.discontinue_on,
      slug: p.slug,
      ...priceAttributes(p, m),
      // extension: the dearest size's price; above `price` (the cheapest size's), the sizes differ in price
      max_price: decimal(p.max_cents ?? p.amount_cents),
      display_max_price: display(p.max_cents ?? p.amount_cents, m.currency, m.locale),
      purchasable: !discontinued && (inStock || backorderable),
      in_stock: inStock,
      backorderable,
      available: !discontinued && p.available_on !== null && p.available_on <= now,
      meta_title: p.meta_title,
      meta_description: p.meta_description,
      meta_keywords: p.meta_keywords,
      updated_at: p.updated_at,
      sku: master?.sku ?? null,
      gift_card: p.kind === 'gift_card',
      localized_slugs: { en: p.slug, de: p.slug },
    },
    relationships: {
      variants: { data: variants.map((v) => ref('variant', v.id)) },
      option_types: { data: optionTypeIds.map((id) => ref('option_type', id)) },
      product_properties: { data: properties.map((prop) => ref('product_property', prop.id)) },
      taxons: { data: taxonIds.map((id) => ref('taxon', id)) },
      images: { data: images.map((img) => ref('image', img.id)) },
      default_variant: { data: defaultVariant ? ref('variant', defaultVariant.id) : null },
      primary_variant: { data: master ? ref('variant', master.id) : null },
    },
  }
}
