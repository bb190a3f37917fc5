import type { OptionType, OptionValue, Product, ProductImage, Variant } from '#kernel/models.ts'

/** Stock at or below this many units reads 'Only n left'. */
export const LOW_STOCK_UNITS = 3

const isColour = (type: OptionType) => /^colou?r$/i.test(type.name)

/** The colour option type first (it decides the gallery), then the others in the product's order. */
export function optionGroups(product: Product): Array<{ type: OptionType; colour: boolean; values: OptionValue[] }> {
  return product.optionTypes
    .map((type) => ({ type, colour: isColour(type), values: product.optionValues.filter((v) => v.optionTypeId === type.id) }))
    .filter((group) => group.values.length > 0)
    .sort((a, b) => Number(b.colour) - Number(a.colour))
}

/** What the URL chooses of this product's options (`color=4&size=15`) and nothing else: what its links carry on. */
export function optionQuery(product: Product, search: URLSearchParams): URLSearchParams {
  const names = new Set(optionGroups(product).map((group) => group.type.name))
  return new URLSearchParams([...search].filter(([name]) => names.has(name)))
}

const sellable = (variant: Variant) => variant.inStock || variant.backorderable

/**
 * The option values the URL chooses (`?color=4&size=15`, one query key per option type name); a value the product does
 * not have is ignored. What the URL leaves open comes from the first variant in stock that fits what it does choose,
 * so the page opens on something that can be bought (and the gallery on a real colour).
 */
export function chosenValues(product: Product, search: URLSearchParams): Record<string, string> {
  const chosen: Record<string, string> = {}
  const groups = optionGroups(product)
  for (const group of groups) {
    const asked = search.get(group.type.name)
    if (asked && group.values.some((v) => v.id === asked)) chosen[group.type.id] = asked
  }
  const asked = Object.values(chosen)
  const base = product.variants.find((v) => sellable(v) && asked.every((id) => v.optionValueIds.includes(id)))
  for (const group of groups) {
    if (chosen[group.type.id]) continue
    const fromBase = base?.optionValueIds.find((id) => group.values.some((v) => v.id === id))
    if (fromBase) chosen[group.type.id] = fromBase
    else if (group.colour || group.values.length === 1) chosen[group.type.id] = group.values[0]!.id
  }
  return chosen
}

/** The variant every chosen value points at, or null while a choice is missing. A master-only product's is its master. */
export function chosenVariant(product: Product, chosen: Record<string, string>): Variant | null {
  const groups = optionGroups(product)
  if (groups.length === 0) return product.variants[0] ?? null
  if (groups.some((g) => !chosen[g.type.id])) return null
  const ids = Object.values(chosen)
  return product.variants.find((v) => ids.every((id) => v.optionValueIds.includes(id))) ?? null
}

/**
 * Whether a value can be bought given the other choices: a size is sold out in the chosen colour when no variant with
 * both is in stock; a colour is sold out when none of its variants is.
 */
export function valueInStock(product: Product, chosen: Record<string, string>, group: { type: OptionType; colour: boolean }, value: OptionValue): boolean {
  const others = group.colour ? [] : Object.entries(chosen).filter(([typeId]) => typeId !== group.type.id && isColourTypeId(product, typeId)).map(([, id]) => id)
  return product.variants.some((v) => sellable(v) && v.optionValueIds.includes(value.id) && others.every((id) => v.optionValueIds.includes(id)))
}

function isColourTypeId(product: Product, typeId: string) {
  const type = product.optionTypes.find((t) => t.id === typeId)
  return type ? isColour(type) : false
}

/** The gallery of the chosen colour: its own images, else the images of no colour, else all of them. */
export function imagesFor(product: Product, chosen: Record<string, string>): ProductImage[] {
  const colourGroup = optionGroups(product).find((g) => g.colour)
  const colour = colourGroup ? chosen[colourGroup.type.id] : undefined
  const own = colour ? product.images.filter((image) => image.optionValueId === colour) : []
  if (own.length > 0) return own
  const plain = product.images.filter((image) => !image.optionValueId)
  return plain.length > 0 ? plain : product.images
}

export type Availability = { state: 'in-stock' } | { state: 'low-stock'; units: number } | { state: 'sold-out' } | { state: 'discontinued' }

/**
 * Spec §4: unavailable when discontinue_on has passed or the product is not in stock; a master product counts as in
 * stock. With a variant chosen, its own stock decides, and a few units left read as low stock.
 */
export function availabilityOf(product: Product, variant: Variant | null, now = new Date()): Availability {
  if (product.discontinue_on && new Date(product.discontinue_on) <= now) return { state: 'discontinued' }
  if (!product.inStock && !product.is_master) return { state: 'sold-out' }
  if (!variant || product.is_master) return { state: 'in-stock' }
  if (!sellable(variant)) return { state: 'sold-out' }
  if (variant.inStock && typeof variant.onHand === 'number' && variant.onHand > 0 && variant.onHand <= LOW_STOCK_UNITS) return { state: 'low-stock', units: variant.onHand }
  return { state: 'in-stock' }
}

/** The page's query with one option changed, everything else kept. */
export function withOption(search: URLSearchParams, typeName: string, valueId: string): string {
  const next = new URLSearchParams(search)
  next.set(typeName, valueId)
  return `?${next.toString()}`
}
