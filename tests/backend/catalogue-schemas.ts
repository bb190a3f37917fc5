import * as z from 'zod'

/**
 * Response shapes of the Storefront API, written from the contract (spree-api/storefront-v4.10.1.yaml) plus our
 * documented extensions (docs/catalogue-api.md). Strict where the contract is specific: string ids, money as decimal
 * strings, `display_` twins.
 */
const Id = z.string().regex(/^\w+$/)
const Ref = (type: string) => z.object({ id: Id, type: z.literal(type) })
const ToMany = (type: string) => z.object({ data: z.array(Ref(type)) })
const ToOne = (type: string) => z.object({ data: Ref(type).nullable() })
const Money = z.string().regex(/^\d+\.\d{2}$/)
const Display = z.string().regex(/\d/)
const Timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T/)

export const ErrorSchema = z.object({ error: z.string().min(1), errors: z.record(z.string(), z.array(z.string())).optional() })
export const ListMetaSchema = z.object({ count: z.number().int().min(0), total_count: z.number().int().min(0), total_pages: z.number().int().min(0) })
export const ListLinksSchema = z.object({ self: z.string(), first: z.string(), last: z.string(), next: z.string().optional(), prev: z.string().optional() })

const priceAttributes = {
  price: Money.nullable(),
  currency: z.enum(['AUD', 'USD']),
  display_price: Display.nullable(),
  compare_at_price: Money.nullable(),
  display_compare_at_price: Display.nullable(),
  member_price: Money.nullable(),
  display_member_price: Display.nullable(),
}

export const ProductSchema = z.object({
  id: Id,
  type: z.literal('product'),
  attributes: z.object({
    name: z.string().min(1),
    description: z.string().nullable(),
    available_on: Timestamp.nullable(),
    discontinue_on: Timestamp.nullable(),
    slug: z.string().regex(/^[a-z0-9-]+$/),
    ...priceAttributes,
    purchasable: z.boolean(),
    in_stock: z.boolean(),
    backorderable: z.boolean(),
    available: z.boolean(),
    meta_description: z.string().nullable(),
    meta_keywords: z.string().nullable(),
    updated_at: Timestamp,
    sku: z.string().nullable(),
    localized_slugs: z.record(z.string(), z.string()),
  }),
  relationships: z.object({
    variants: ToMany('variant'),
    option_types: ToMany('option_type'),
    product_properties: ToMany('product_property'),
    taxons: ToMany('taxon'),
    images: ToMany('image'),
    default_variant: ToOne('variant'),
    primary_variant: ToOne('variant'),
  }),
})

export const VariantSchema = z.object({
  id: Id,
  type: z.literal('variant'),
  attributes: z.object({
    sku: z.string().min(1),
    ...priceAttributes,
    weight: z.string().nullable(),
    is_master: z.boolean(),
    options_text: z.string(),
    purchasable: z.boolean(),
    in_stock: z.boolean(),
    backorderable: z.boolean(),
  }),
  relationships: z.object({ product: ToOne('product'), images: ToMany('image'), option_values: ToMany('option_value') }),
})

const StyleSchema = z.object({ url: z.string().startsWith('/images/'), width: z.number().int().positive(), height: z.number().int().positive() })
export const ImageSchema = z.object({
  id: Id,
  type: z.literal('image'),
  attributes: z.object({ position: z.number().int().min(0), styles: z.array(StyleSchema).length(3), alt: z.string().nullable() }),
})
export const OptionTypeSchema = z.object({
  id: Id,
  type: z.literal('option_type'),
  attributes: z.object({ name: z.string(), presentation: z.string(), position: z.number().int() }),
})
export const OptionValueSchema = z.object({
  id: Id,
  type: z.literal('option_value'),
  attributes: z.object({ name: z.string(), presentation: z.string(), position: z.number().int(), image_preview: z.string().nullable() }),
  relationships: z.object({ option_type: ToOne('option_type') }),
})
export const ProductPropertySchema = z.object({
  id: Id,
  type: z.literal('product_property'),
  attributes: z.object({ value: z.string(), filter_param: z.string(), name: z.string(), description: z.string() }),
})

export const TaxonSchema = z.object({
  id: Id,
  type: z.literal('taxon'),
  attributes: z.object({
    name: z.string().min(1),
    pretty_name: z.string(),
    permalink: z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/),
    seo_title: z.string(),
    meta_title: z.string().nullable(),
    meta_description: z.string().nullable(),
    meta_keywords: z.string().nullable(),
    left: z.number().int(),
    right: z.number().int(),
    position: z.number().int(),
    depth: z.number().int().nullable(),
    is_root: z.boolean(),
    is_child: z.boolean(),
    is_leaf: z.boolean(),
    updated_at: z.string(),
    hide_from_nav: z.boolean(),
  }),
  relationships: z.object({ parent: ToOne('taxon'), children: ToMany('taxon'), taxonomy: ToOne('taxonomy'), image: z.object({ data: z.null() }) }),
})
export const TaxonomySchema = z.object({ id: Id, type: z.literal('taxonomy'), attributes: z.object({ name: z.string(), position: z.number().int() }) })

export const CmsPageSchema = z.object({
  id: Id,
  type: z.literal('cms_page'),
  attributes: z.object({
    title: z.string().min(1),
    content: z.string().nullable(),
    locale: z.enum(['en', 'de']),
    meta_description: z.string().nullable(),
    meta_title: z.string().nullable(),
    slug: z.string().nullable(),
    type: z.enum(['Spree::Cms::Pages::Homepage', 'Spree::Cms::Pages::StandardPage', 'Spree::Cms::Pages::FeaturePage']),
  }),
  relationships: z.object({ cms_sections: ToMany('cms_section') }),
})
export const CmsSectionSchema = z.object({
  id: Id,
  type: z.literal('cms_section'),
  attributes: z.object({
    name: z.string(),
    content: z.record(z.string(), z.unknown()).nullable(),
    settings: z.record(z.string(), z.unknown()).nullable(),
    link: z.string().nullable(),
    fit: z.string(),
    type: z.string().startsWith('Spree::Cms::Sections::'),
    position: z.number().int(),
    image_one_sm: z.string().nullable(),
    image_one_lg: z.string().nullable(),
    is_full_screen: z.boolean(),
  }),
  relationships: z.object({ linked_resource: z.object({ data: z.object({ id: Id, type: z.string() }).nullable() }) }),
})

export const MenuSchema = z.object({
  id: Id,
  type: z.literal('menu'),
  attributes: z.object({ name: z.string(), location: z.enum(['header', 'footer']), locale: z.string() }),
  relationships: z.object({ menu_items: ToMany('menu_item') }),
})
export const MenuItemSchema = z.object({
  id: Id,
  type: z.literal('menu_item'),
  attributes: z.object({
    name: z.string(),
    subtitle: z.string().nullable(),
    destination: z.string().nullable(),
    new_window: z.boolean(),
    item_type: z.string(),
    code: z.string().nullable(),
    lft: z.number().int(),
    rgt: z.number().int(),
    depth: z.number().int(),
    link: z.string().nullable(),
    is_container: z.boolean(),
    is_root: z.boolean(),
    is_child: z.boolean(),
    is_leaf: z.boolean(),
  }),
  relationships: z.object({ parent: ToOne('menu_item'), children: ToMany('menu_item'), menu: ToOne('menu') }),
})

export const CountrySchema = z.object({
  id: Id,
  type: z.literal('country'),
  attributes: z.object({
    iso: z.string().length(2),
    iso3: z.string().length(3),
    iso_name: z.string(),
    name: z.string(),
    states_required: z.boolean(),
    zipcode_required: z.boolean(),
    default: z.boolean(),
  }),
  relationships: z.object({ states: ToMany('state') }),
})
export const StateSchema = z.object({ id: Id, type: z.literal('state'), attributes: z.object({ abbr: z.string().min(1), name: z.string().min(1) }) })
export const StoreSchema = z.object({
  id: Id,
  type: z.literal('store'),
  attributes: z.object({
    name: z.string(),
    url: z.string(),
    default_currency: z.literal('AUD'),
    supported_currencies: z.string(),
    default_locale: z.string(),
    supported_locales: z.string(),
    default: z.boolean(),
  }),
  relationships: z.object({ default_country: ToOne('country') }),
})

export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: ListMetaSchema, links: ListLinksSchema })
export const one = <T extends z.ZodType>(item: T) => z.object({ data: item })
