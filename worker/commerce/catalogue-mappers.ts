import { safeLink } from '#kernel/safe-link.ts'
import { instalmentLine } from './instalment-line.ts'
import type { Banner, Category, Country, Currency, Locale, ImageStyle, OptionType, OptionValue, Product, ProductCard, ProductImage, Variant } from '#kernel/models.ts'
import type { Deserialized, JsonApiResource } from './jsonapi.ts'

/** JSON:API (Spree Storefront API v2) → the storefront models of spec §3: products, cards, categories, countries. */

const num = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null
  const n = Number(value)
  return Number.isFinite(n) ? n : null
}

const TARGETS = { mobile: { width: 240, height: 240 }, desktop: { width: 350, height: 468 }, large: { width: 650, height: 870 } }

/**
 * Spree sends a list of pre-scaled styles (our backend exactly the three of spec §9, a real Spree its own set): each
 * of ours takes the smallest style at least as wide as it needs, else the widest there is.
 */
export function mapImage(image: JsonApiResource, fallbackAlt: string): ProductImage {
  const styles = ((Array.isArray(image.attributes.styles) ? image.attributes.styles : []) as Array<Partial<ImageStyle>>)
    .map((s) => ({ url: String(s.url ?? ''), width: Number(s.width ?? 0), height: Number(s.height ?? 0) }))
    .filter((s) => s.url)
    .sort((a, b) => a.width - b.width)
  const original = String(image.attributes.original_url ?? '')
  const pick = (target: { width: number; height: number }): ImageStyle =>
    styles.find((s) => s.width >= target.width) ?? styles[styles.length - 1] ?? { url: original, ...target }
  return {
    alt: String(image.attributes.alt ?? fallbackAlt),
    styles: { mobile: pick(TARGETS.mobile), desktop: pick(TARGETS.desktop), large: pick(TARGETS.large) },
    optionValueId: image.attributes.option_value_id == null ? null : String(image.attributes.option_value_id),
  }
}

/** Prices of a product or variant resource (current = what a guest pays, original = the RRP). */
function prices(attributes: Record<string, any>) {
  const current = num(attributes.price) ?? 0
  const compareAt = num(attributes.compare_at_price)
  const original = compareAt !== null && compareAt > current ? compareAt : current
  return { current, original, onSale: original > current, member: num(attributes.member_price) }
}

export function mapCard(product: JsonApiResource, doc: Deserialized<unknown>): ProductCard {
  const a = product.attributes
  const p = prices(a)
  const image = doc.related(product, 'images')[0]
  const hasOptionVariants = doc.refs(product, 'variants').length > 0
  return {
    id: product.id,
    title: String(a.name),
    slug: String(a.slug),
    image: image ? mapImage(image, String(a.name)) : null,
    price: String((p.onSale ? a.display_compare_at_price : a.display_price) ?? a.display_price ?? ''),
    salePrice: p.onSale ? String(a.display_price) : null,
    clubPrice: a.display_member_price ? String(a.display_member_price) : null,
    // our extension; a Spree without it prices every size alike as far as the card knows
    priceFrom: (num(a.max_price) ?? p.current) > p.current,
    link: `/products/${a.slug}`,
    inStock: Boolean(a.in_stock || a.backorderable || !hasOptionVariants),
    variantId: doc.refs(product, 'default_variant')[0]?.id ?? null,
  }
}

function mapVariant(variant: JsonApiResource, doc: Deserialized<unknown>): Variant {
  const p = prices(variant.attributes)
  return {
    id: variant.id,
    sku: String(variant.attributes.sku ?? ''),
    optionValueIds: doc.refs(variant, 'option_values').map((r) => r.id),
    inStock: Boolean(variant.attributes.in_stock),
    backorderable: Boolean(variant.attributes.backorderable),
    price: { current: p.current, original: p.original },
    member_price: p.member,
    onHand: num(variant.attributes.total_on_hand),
  }
}

const HEX = /^#[0-9a-f]{3,8}$/i
const titleCase = (s: string) => s.replace(/[-_]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase())

/**
 * An option value. A stock Spree stores a colour's hex in `presentation` ('#FF0000'); then the swatch is that hex and
 * the label comes from the name ('red' → 'Red'). Our backend sends `image_preview` and a real presentation.
 */
export function optionValueLabel(value: { name: string; presentation?: string | null; image_preview?: string | null }) {
  const presentation = String(value.presentation ?? value.name)
  if (HEX.test(presentation)) return { presentation: titleCase(value.name), swatch: value.image_preview ?? presentation }
  return { presentation, swatch: value.image_preview ?? null }
}

function mapOptionValue(value: JsonApiResource): OptionValue {
  const label = optionValueLabel({ name: String(value.attributes.name), presentation: value.attributes.presentation, image_preview: value.attributes.image_preview })
  return {
    id: value.id,
    optionTypeId: value.relationships?.option_type?.data && !Array.isArray(value.relationships.option_type.data) ? value.relationships.option_type.data.id : '',
    name: String(value.attributes.name),
    presentation: label.presentation,
    image_preview: label.swatch,
  }
}

/** Home → the category's ancestors and itself → the product, from the taxon's permalink and pretty name. */
function breadcrumbs(product: JsonApiResource, doc: Deserialized<unknown>, locale: Locale, categoryId?: string) {
  const taxons = doc.related(product, 'taxons')
  const chosen =
    taxons.find((t) => t.id === categoryId) ??
    // The product's home category: the deepest one that is shown in navigation.
    [...taxons].filter((t) => !t.attributes.hide_from_nav).sort((a, b) => Number(b.attributes.depth ?? 0) - Number(a.attributes.depth ?? 0))[0]
  const crumbs = [{ text: locale === 'de' ? 'Startseite' : 'Home', link: '/' }]
  if (chosen) {
    const segments = String(chosen.attributes.permalink).split('/')
    const names = String(chosen.attributes.pretty_name ?? chosen.attributes.name).split(/\s*->\s*/)
    segments.forEach((_, i) => {
      const name = i === segments.length - 1 ? String(chosen.attributes.name) : names[i] ?? segments[i]!
      crumbs.push({ text: name, link: `/t/${segments.slice(0, i + 1).join('/')}` })
    })
  }
  crumbs.push({ text: String(product.attributes.name), link: `/products/${product.attributes.slug}` })
  return crumbs
}

export function mapProduct(product: JsonApiResource, doc: Deserialized<unknown>, currency: Currency, locale: Locale, categoryId?: string): Product {
  const a = product.attributes
  const p = prices(a)
  const variants = doc.related(product, 'variants')
  const optionTypes: OptionType[] = doc.related(product, 'option_types').map((t) => ({
    id: t.id,
    name: String(t.attributes.name),
    presentation: String(t.attributes.presentation ?? t.attributes.name),
  }))
  const typeOrder = new Map(optionTypes.map((t, i) => [t.id, i]))
  const valueIds = [...new Set(variants.flatMap((v) => doc.refs(v, 'option_values').map((r) => r.id)))]
  const optionValues = valueIds
    .map((id) => doc.find('option_value', id))
    .filter((v): v is JsonApiResource => v !== undefined)
    .map(mapOptionValue)
    .sort((x, y) => (typeOrder.get(x.optionTypeId) ?? 99) - (typeOrder.get(y.optionTypeId) ?? 99))
  const isMaster = doc.refs(product, 'variants').length === 0
  // A product without options is sold (and wished for) through its master, Spree's default variant then: it is the
  // product's one variant, so the page has something to add to the cart and a heart to save (the card's heart saves
  // the same variant, mapCard's `variantId`).
  const master = isMaster ? doc.related(product, 'default_variant')[0] : undefined
  return {
    _id: product.id,
    name: String(a.name),
    slug: String(a.slug),
    description: String(a.description ?? ''),
    price: { current: p.current, original: p.original },
    member_price: p.member,
    displayPrice: String(a.display_price ?? ''),
    displayMemberPrice: a.display_member_price ?? null,
    RRP: String((p.onSale ? a.display_compare_at_price : a.display_price) ?? ''),
    isOnSale: p.onSale,
    currency: (a.currency as Currency) ?? currency,
    instalments: instalmentLine(p.current, (a.currency as Currency) ?? currency, locale),
    images: doc.related(product, 'images').map((img) => mapImage(img, String(a.name))),
    optionTypes,
    optionValues,
    variants: (master ? [master] : variants).map((v) => withInstalments(mapVariant(v, doc), (a.currency as Currency) ?? currency, locale)),
    // Spec §4: a product sold through its master variant (no options) counts as in stock.
    inStock: Boolean(a.in_stock || a.backorderable || isMaster),
    is_master: isMaster,
    isGiftCard: a.gift_card === true,
    discontinue_on: a.discontinue_on ?? null,
    properties: doc.related(product, 'product_properties').map((pp) => ({
      name: String(pp.attributes.name),
      presentation: String(pp.attributes.description ?? pp.attributes.name),
      value: String(pp.attributes.value ?? ''),
    })),
    breadcrumbs: breadcrumbs(product, doc, locale, categoryId),
    _categoriesRef: doc.refs(product, 'taxons').map((r) => r.id),
    metaTitle: a.meta_title ?? null,
    metaDescription: a.meta_description ?? null,
  }
}

/** A variant with its own pay-later line when the provider offers one for its price (sizes may differ in price). */
function withInstalments(variant: Variant, currency: Currency, locale: Locale): Variant {
  const line = instalmentLine(variant.price.current, currency, locale)
  return line ? { ...variant, instalments: line } : variant
}

/** Flat taxons → the category tree: roots by taxonomy position, children by nested-set order. */
export function mapCategoryTree(taxons: JsonApiResource[], doc: Deserialized<unknown>): Category[] {
  const byId = new Map<string, Category>()
  const parents = new Map<string, string | null>()
  for (const t of taxons) {
    const taxonomy = doc.related(t, 'taxonomy')[0]
    const permalink = String(t.attributes.permalink)
    byId.set(t.id, {
      id: t.id,
      name: String(t.attributes.name),
      slug: permalink.split('/').pop()!,
      permalink,
      items: [],
      taxonomy_position: Number(taxonomy?.attributes.position ?? t.attributes.position ?? 0),
      left: Number(t.attributes.left ?? 0),
      hide_from_nav: Boolean(t.attributes.hide_from_nav),
      description: t.attributes.description ?? null,
    })
    parents.set(t.id, doc.refs(t, 'parent')[0]?.id ?? null)
  }
  const roots: Category[] = []
  for (const [id, category] of byId) {
    const parent = parents.get(id)
    const parentCategory = parent ? byId.get(parent) : undefined
    if (parentCategory) parentCategory.items.push(category)
    else roots.push(category)
  }
  const order = (list: Category[]) => list.sort((a, b) => a.taxonomy_position - b.taxonomy_position || a.left - b.left)
  for (const category of byId.values()) order(category.items)
  return order(roots)
}

export function mapCountry(country: JsonApiResource, doc: Deserialized<unknown>): Country {
  return {
    label: String(country.attributes.name),
    iso: String(country.attributes.iso),
    states: doc.related(country, 'states').map((s) => ({ abbr: String(s.attributes.abbr), name: String(s.attributes.name) })),
  }
}

export function mapBanner(banner: JsonApiResource): Banner {
  return {
    id: banner.id,
    title: String(banner.attributes.title ?? ''),
    subtitle: banner.attributes.subtitle ?? null,
    image: String(banner.attributes.image_url ?? ''),
    link: safeLink(banner.attributes.link) ?? '/',
  }
}
