// The sample catalogue as rows per table: deterministic for a given product count. No imports of node:*, so the
// tests in workerd seed D1 from the same code as `node kv-seed/generate.mjs`.
import { ADJECTIVES, BRANDS, COLOURS, FEATURES, GENDERS, KINDS, MATERIALS, OPTION_TYPES, PROPERTIES, TAXONOMY_TREE } from './catalogue-data.mjs'
import { createRandom, isoDay, shelfCents, slugify } from './random.mjs'
import { productImageAlt, productImageUrl, productViews } from './images.mjs'

export const DEFAULT_PRODUCT_COUNT = 420
/** Products discontinued on this date are past their sale date; 'last chance' products stop on the later one. */
export const DISCONTINUED_ON = '2025-06-30T00:00:00Z'
export const LAST_CHANCE_UNTIL = '2030-12-31T00:00:00Z'
const USD_PER_AUD = 0.66
const USES = {
  men: ['everyday adventures', 'Abenteuer im Alltag'], women: ['everyday adventures', 'Abenteuer im Alltag'],
  kids: ['muddy puddles and school camps', 'Pfützen und Klassenfahrten'], camping: ['nights under the stars', 'Nächte unter freiem Himmel'],
  hiking: ['long days on the trail', 'lange Tage auf dem Wanderweg'], cycling: ['kilometres in the saddle', 'Kilometer im Sattel'],
  travel: ['life on the road', 'das Leben unterwegs'],
}

/** A table under construction: column names plus rows as arrays (compact at 50,000 products). */
function table(columns) {
  return { columns, rows: [] }
}

function buildTaxons(t, now) {
  const bySlug = new Map()
  let id = 0
  TAXONOMY_TREE.forEach((top, index) => {
    const taxonomyId = index + 1
    t.taxonomies.rows.push([taxonomyId, top.en, index])
    const rootId = ++id
    const children = top.children.map(([slug, en, de], position) => ({ id: rootId + position + 1, slug, en, de, position }))
    id += children.length
    const rgt = 2 + children.length * 2
    const desc = (name) => `Shop ${name.toLowerCase()} at Basecamp Outfitters.`
    t.taxons.rows.push([rootId, taxonomyId, null, top.en, top.slug, index, 1, rgt, 0, top.hideFromNav ? 1 : 0, desc(top.en), top.en, desc(top.en), now])
    t.taxon_translations.rows.push([rootId, 'de', top.de, `${top.de} bei Basecamp Outfitters entdecken.`, top.de, null])
    bySlug.set(top.slug, rootId)
    for (const child of children) {
      const permalink = `${top.slug}/${child.slug}`
      const lft = 2 + child.position * 2
      t.taxons.rows.push([child.id, taxonomyId, rootId, child.en, permalink, child.position, lft, lft + 1, 1, 0, desc(`${top.en} ${child.en}`), `${top.en} ${child.en}`, null, now])
      t.taxon_translations.rows.push([child.id, 'de', child.de, `${top.de}: ${child.de} entdecken.`, `${top.de} ${child.de}`, null])
      bySlug.set(permalink, child.id)
    }
  })
  return bySlug
}

function buildOptions(t) {
  const values = new Map() // `${type}:${name}` → id
  let valueId = 0
  OPTION_TYPES.forEach((type, index) => {
    const typeId = index + 1
    t.option_types.rows.push([typeId, type.name, type.en, index])
    t.option_type_translations.rows.push([typeId, 'de', type.de])
    const list = type.name === 'color' ? COLOURS.map(([name, en, de, hex]) => [name, en, de, hex]) : type.values.map((v) => (Array.isArray(v) ? v : [v.toLowerCase(), v, v]))
    list.forEach(([name, en, de, hex], position) => {
      const id = ++valueId
      t.option_values.rows.push([id, typeId, name, en, position, hex ?? null])
      if (de !== en) t.option_value_translations.rows.push([id, 'de', de])
      values.set(`${type.name}:${name}`, id)
    })
  })
  const typeIds = new Map(OPTION_TYPES.map((type, i) => [type.name, i + 1]))
  return { values, typeIds }
}

function buildProperties(t) {
  PROPERTIES.forEach((p, index) => {
    t.properties.rows.push([index + 1, p.name, p.en, index, p.filterable === false ? 0 : 1])
    t.property_translations.rows.push([index + 1, 'de', p.de])
  })
  return new Map(PROPERTIES.map((p, i) => [p.name, i + 1]))
}

/** Generates every catalogue row. `products` is the number of ordinary products (the gift card comes on top). */
export function generateCatalogue({ products = DEFAULT_PRODUCT_COUNT } = {}) {
  const random = createRandom()
  const now = isoDay(300)
  const t = {
    taxonomies: table(['id', 'name', 'position']),
    taxons: table(['id', 'taxonomy_id', 'parent_id', 'name', 'permalink', 'position', 'lft', 'rgt', 'depth', 'hide_from_nav', 'description', 'meta_title', 'meta_description', 'updated_at']),
    taxon_translations: table(['taxon_id', 'locale', 'name', 'description', 'meta_title', 'meta_description']),
    option_types: table(['id', 'name', 'presentation', 'position']),
    option_type_translations: table(['option_type_id', 'locale', 'presentation']),
    option_values: table(['id', 'option_type_id', 'name', 'presentation', 'position', 'image_preview']),
    option_value_translations: table(['option_value_id', 'locale', 'presentation']),
    properties: table(['id', 'name', 'presentation', 'position', 'filterable']),
    property_translations: table(['property_id', 'locale', 'presentation']),
    products: table(['id', 'slug', 'name', 'description', 'available_on', 'discontinue_on', 'meta_title', 'meta_description', 'kind', 'created_at', 'updated_at']),
    product_translations: table(['product_id', 'locale', 'name', 'description', 'meta_title', 'meta_description']),
    variants: table(['id', 'product_id', 'sku', 'is_master', 'position', 'stock_on_hand', 'backorderable', 'weight']),
    prices: table(['variant_id', 'currency', 'amount_cents', 'compare_at_cents', 'member_cents']),
    product_option_types: table(['product_id', 'option_type_id', 'position']),
    variant_option_values: table(['variant_id', 'option_value_id']),
    product_images: table(['id', 'product_id', 'option_value_id', 'position', 'alt', 'mobile_url', 'desktop_url', 'large_url']),
    product_image_translations: table(['product_image_id', 'locale', 'alt']),
    product_properties: table(['id', 'product_id', 'property_id', 'value', 'filter_param', 'position']),
    product_property_translations: table(['product_property_id', 'locale', 'value']),
    classifications: table(['taxon_id', 'product_id', 'position']),
  }
  const taxonIds = buildTaxons(t, now)
  const { values, typeIds } = buildOptions(t)
  const propertyIds = buildProperties(t)
  const ids = { variant: 0, image: 0, property: 0 }
  const slugs = new Set()
  const classify = (permalink, productId, position) => t.classifications.rows.push([taxonIds.get(permalink), productId, position])
  const shots = new Map() // `${shape}/${colour}` → [view, mobile, desktop, large] per view: shared by every product
  // names: [English name, English colour, German name, German colour]
  const addImages = (productId, shape, colour, optionValueId, firstPosition, [name, colourName, nameDe, colourDe]) => {
    const key = `${shape}/${colour}`
    if (!shots.has(key)) shots.set(key, productViews(shape).map((view) => [view, ...['mobile', 'desktop', 'large'].map((style) => productImageUrl(shape, colour, view, style))]))
    shots.get(key).forEach(([view, ...urls], j) => {
      t.product_images.rows.push([++ids.image, productId, optionValueId, firstPosition + j, productImageAlt(name, colourName, view, 'en', shape), ...urls])
      t.product_image_translations.rows.push([ids.image, 'de', productImageAlt(nameDe, colourDe, view, 'de', shape)])
    })
  }

  // The gift card (issue 4 sells it): product 1, master variant only, backorderable, in 'gift-cards'.
  const giftVariant = ++ids.variant
  t.products.rows.push([1, 'gift-card', 'Gift Card', 'A Basecamp Outfitters gift card, delivered by email. Choose any amount from $10 to $500.', isoDay(0), null, 'Gift Card', 'Give the gift of adventure.', 'gift_card', isoDay(0), now])
  t.product_translations.rows.push([1, 'de', 'Geschenkkarte', 'Eine Geschenkkarte von Basecamp Outfitters, per E-Mail zugestellt. Wählen Sie einen Betrag zwischen 10\u00a0AU$ und 500\u00a0AU$.', 'Geschenkkarte', 'Verschenken Sie Abenteuer.'])
  t.variants.rows.push([giftVariant, 1, 'GIFT-CARD', 1, 0, 0, 1, null])
  t.prices.rows.push([giftVariant, 'AUD', 5000, null, null], [giftVariant, 'USD', 5000, null, null])
  addImages(1, 'gift-card', 'orange', null, 0, ['Gift Card', null, 'Geschenkkarte', null])
  classify('gift-cards', 1, 0)
  slugs.add('gift-card')

  const leaves = Object.keys(KINDS)
  const newInFrom = Math.floor(products * 0.9)
  let oneDayDeals = 0
  for (let n = 0; n < products; n++) {
    const productId = n + 2
    const leaf = leaves[n % leaves.length]
    const kind = KINDS[leaf]
    const noun = random.pick(kind.nouns)
    const [nounEn, nounDe] = noun
    const [adjEn, adjDe] = random.pick(ADJECTIVES)
    const branded = random.chance(0.75)
    const brand = branded ? random.pick(BRANDS) : null
    const nameEn = `${brand ?? 'Basecamp'} ${adjEn} ${nounEn}`
    const nameDe = `${brand ?? 'Basecamp'} ${adjDe} ${nounDe}`
    let slug = slugify(nameEn)
    if (slugs.has(slug)) slug = `${slug}-${productId}`
    slugs.add(slug)
    const [materialEn, materialDe] = random.pick(MATERIALS)
    const features = random.sample(FEATURES, random.int(1, 2))
    const created = n >= newInFrom ? isoDay(280 + (n % 20)) : isoDay(n % 270)
    const roll = random.next()
    const discontinued = roll < 0.03
    const lastChance = !discontinued && roll < 0.07
    const soldOut = random.chance(0.04)
    const backorderable = !soldOut && random.chance(0.03)
    const onSale = random.chance(0.25)

    const rrpAud = shelfCents(kind.min + random.next() * (kind.max - kind.min))
    const rrpUsd = shelfCents((rrpAud / 100) * USD_PER_AUD)
    const saleOff = onSale ? 0.1 + random.next() * 0.2 : 0
    const memberOff = branded ? 0.3 + random.next() * 0.4 : null
    // The Club Price ends in .95 like every shelf price, but stays 30-70% below the RRP however the rounding falls.
    const club = (rrp) => Math.min(Math.floor(rrp * 0.7), Math.max(Math.ceil(rrp * 0.3), shelfCents((rrp / 100) * (1 - memberOff))))
    const price = (rrp) => [onSale ? shelfCents((rrp / 100) * (1 - saleOff)) : rrp, rrp, memberOff === null ? null : club(rrp)]
    const [audAmount, audRrp, audMember] = price(rrpAud)
    const [usdAmount, usdRrp, usdMember] = price(rrpUsd)

    const [useEn, useDe] = USES[leaf.split('/')[0]]
    const descEn = `The ${nameEn} is made for ${useEn}: ${materialEn.toLowerCase()}, ${features.map((f) => f[0].toLowerCase()).join(' and ')}. Free returns within 30 days.`
    const descDe = `${nameDe}: gemacht für ${useDe}. Material: ${materialDe}. ${features.map((f) => f[1]).join(', ')}. Kostenlose Rückgabe innerhalb von 30 Tagen.`
    t.products.rows.push([productId, slug, nameEn, descEn, created, discontinued ? DISCONTINUED_ON : lastChance ? LAST_CHANCE_UNTIL : null, nameEn, descEn.slice(0, 150), 'standard', created, created])
    t.product_translations.rows.push([productId, 'de', nameDe, descDe, nameDe, descDe.slice(0, 150)])

    const skuBase = `${slugify(leaf).toUpperCase().slice(0, 10)}-${productId}`
    const master = ++ids.variant
    t.variants.rows.push([master, productId, skuBase, 1, 0, 0, backorderable ? 1 : 0, 0.5])
    t.prices.rows.push([master, 'AUD', audAmount, audRrp, audMember], [master, 'USD', usdAmount, usdRrp, usdMember])

    // Options: colours × sizes (or styles); a few colours and a run of consecutive sizes per product.
    const colours = kind.options.includes('color') ? random.sample(COLOURS, random.int(1, 3)).map((c) => c[0]) : [null]
    const secondType = kind.options.find((o) => o !== 'color') ?? null
    const secondValues = secondType ? OPTION_TYPES.find((o) => o.name === secondType).values.map((v) => (Array.isArray(v) ? v[0] : v.toLowerCase())) : [null]
    const runLength = secondType === 'style' ? random.int(1, 3) : random.int(3, Math.min(5, secondValues.length))
    const start = random.int(0, secondValues.length - runLength)
    const seconds = secondValues.slice(start, start + runLength)
    kind.options.forEach((name, position) => t.product_option_types.rows.push([productId, typeIds.get(name), position]))
    // Some sizes cost more than the first of the run (docs/catalogue-api.md, "Prices per size"): a tent by capacity, and XXL of every fifth
    // sized product. Never the first size, so the product's lowest price (what listings show) stays the master's.
    const surcharge = (second) =>
      second === seconds[0] ? 1 : leaf === 'camping/tents' ? { regular: 1.15, large: 1.3 }[second] ?? 1 : second === 'xxl' && productId % 5 === 0 ? 1.1 : 1
    const sizePrices = (second) => {
      const factor = surcharge(second)
      if (factor === 1) return [audAmount, audRrp, audMember, usdAmount, usdRrp, usdMember]
      return [...price(shelfCents((rrpAud / 100) * factor)), ...price(shelfCents((rrpUsd / 100) * factor))]
    }
    let position = 1
    for (const colour of colours) {
      for (const second of seconds) {
        const variantId = ++ids.variant
        const stock = soldOut ? 0 : random.chance(0.12) ? 0 : random.int(1, 40)
        const sku = [skuBase, colour?.toUpperCase().slice(0, 3), second?.toUpperCase()].filter(Boolean).join('-')
        t.variants.rows.push([variantId, productId, sku, 0, position++, stock, backorderable ? 1 : 0, 0.5])
        const [aAmount, aRrp, aMember, uAmount, uRrp, uMember] = sizePrices(second)
        t.prices.rows.push([variantId, 'AUD', aAmount, aRrp, aMember], [variantId, 'USD', uAmount, uRrp, uMember])
        if (colour) t.variant_option_values.rows.push([variantId, values.get(`color:${colour}`)])
        if (second) t.variant_option_values.rows.push([variantId, values.get(`${secondType}:${second}`)])
      }
    }
    // Three shots (front, back or side, detail) per colour, tied to the colour's option value so the gallery can
    // show the chosen colour; gear without colours shows the grey drawing.
    const shape = noun[2] ?? kind.shape
    ;(colours[0] === null ? [null] : colours).forEach((colour, i) => {
      const names = colour === null ? [null, null] : COLOURS.find((c) => c[0] === colour).slice(1, 3)
      addImages(productId, shape, colour ?? 'grey', colour === null ? null : values.get(`color:${colour}`), i * 3, [nameEn, names[0], nameDe, names[1]])
    })

    const addProperty = (name, en, de, pos) => {
      const id = ++ids.property
      t.product_properties.rows.push([id, productId, propertyIds.get(name), en, slugify(en), pos])
      if (de !== en) t.product_property_translations.rows.push([id, 'de', de])
    }
    if (brand) addProperty('brand', brand, brand, 0)
    const [genderEn, genderDe] = GENDERS[kind.gender]
    addProperty('gender', genderEn, genderDe, 1)
    addProperty('material', materialEn, materialDe, 2)
    addProperty('features', features.map((f) => f[0]).join(', '), features.map((f) => f[1]).join(', '), 3)

    classify(leaf, productId, n)
    if (n >= newInFrom) classify('new-in', productId, n)
    if (onSale && !discontinued) classify('sale', productId, n)
    if (lastChance) classify('last-chance-deals', productId, n)
    if (onSale && branded && !discontinued && !soldOut && oneDayDeals < 6 && n % 7 === 0) {
      classify('special-events/one-day-deal', productId, oneDayDeals++)
    }
  }
  return t
}
