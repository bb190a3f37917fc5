import * as z from 'zod'

/**
 * The storefront models of spec §3 (kernel/models.ts) as zod schemas, strict: a mapper that leaves a field out or
 * adds a stray one fails, and the BFF test checks the browser gets exactly these shapes too.
 */
const Style = z.strictObject({ url: z.string().min(1), width: z.number().int().positive(), height: z.number().int().positive() })
export const ImageModel = z.strictObject({ alt: z.string(), styles: z.strictObject({ mobile: Style, desktop: Style, large: Style }), optionValueId: z.string().regex(/^\d+$/).nullable().optional() })
const Display = z.string().regex(/\d/)

export const ProductCardModel = z.strictObject({
  id: z.string().regex(/^\d+$/),
  title: z.string().min(1),
  slug: z.string().min(1),
  image: ImageModel.nullable(),
  price: Display,
  salePrice: Display.nullable(),
  clubPrice: Display.nullable(),
  // the sizes differ in price: the prices above are the cheapest size's, shown as 'from …'
  priceFrom: z.boolean(),
  link: z.string().startsWith('/products/'),
  inStock: z.boolean(),
  variantId: z.string().regex(/^\d+$/).nullable().optional(),
})

const PriceModel = z.strictObject({ current: z.number().nonnegative(), original: z.number().nonnegative() })
export const ProductModel = z.strictObject({
  _id: z.string().regex(/^\d+$/),
  name: z.string().min(1),
  slug: z.string().min(1),
  description: z.string(),
  price: PriceModel,
  member_price: z.number().positive().nullable(),
  displayPrice: Display,
  displayMemberPrice: Display.nullable(),
  RRP: Display,
  isOnSale: z.boolean(),
  currency: z.enum(['AUD', 'USD']),
  instalments: z.string().regex(/\d/).nullable().optional(),
  images: z.array(ImageModel),
  optionTypes: z.array(z.strictObject({ id: z.string(), name: z.string(), presentation: z.string() })),
  optionValues: z.array(z.strictObject({ id: z.string(), optionTypeId: z.string().min(1), name: z.string(), presentation: z.string(), image_preview: z.string().nullable().optional() })),
  variants: z.array(z.strictObject({
    id: z.string(), sku: z.string(), optionValueIds: z.array(z.string()), inStock: z.boolean(), backorderable: z.boolean(), price: PriceModel, member_price: z.number().nullable(), onHand: z.number().int().nonnegative().nullable().optional(),
    // pay-later's line for this size's price, finished on the server (decision 0079)
    instalments: z.string().regex(/\d/).optional(),
  })),
  inStock: z.boolean(),
  is_master: z.boolean(),
  isGiftCard: z.boolean(),
  discontinue_on: z.string().nullable(),
  properties: z.array(z.strictObject({ name: z.string(), presentation: z.string(), value: z.string() })),
  breadcrumbs: z.array(z.strictObject({ text: z.string().min(1), link: z.string().startsWith('/') })).min(2),
  _categoriesRef: z.array(z.string()),
  metaTitle: z.string().nullable().optional(),
  metaDescription: z.string().nullable().optional(),
})

export const CategoryModel: z.ZodType<unknown> = z.lazy(() =>
  z.strictObject({
    id: z.string(),
    name: z.string().min(1),
    slug: z.string().min(1),
    permalink: z.string().min(1),
    items: z.array(CategoryModel),
    taxonomy_position: z.number().int(),
    left: z.number().int(),
    hide_from_nav: z.boolean(),
    description: z.string().nullable().optional(),
  }),
)

const FacetOptionModel = z.strictObject({
  type: z.enum(['option', 'property', 'price']),
  id: z.string(),
  value: z.string(),
  label: z.string(),
  count: z.number().int().min(0),
  selected: z.boolean(),
  swatch: z.string().nullable().optional(),
})
export const FacetModel = z.strictObject({ name: z.string(), label: z.string(), kind: z.enum(['color', 'price', 'checkbox']), options: z.array(FacetOptionModel) })
export const ProductListModel = z.strictObject({
  data: z.array(ProductCardModel),
  meta: z.strictObject({
    facets: z.array(FacetModel),
    totalPages: z.number().int().min(0),
    totalCount: z.number().int().min(0),
    count: z.number().int().min(0),
    inferredFilters: z.array(z.strictObject({ kind: z.enum(['color', 'size', 'gender', 'brand', 'material']), words: z.array(z.string().min(1)).min(1), termWithout: z.string(), facet: z.enum(['color', 'size', 'gender', 'brand', 'material']), values: z.array(z.string().min(1)) })).optional(),
    termWithoutFilters: z.string().optional(),
    didYouMean: z.string().min(1).optional(),
  }),
})
export const SearchResultModel = z.strictObject({
  products: z.array(ProductCardModel),
  categories: z.array(z.strictObject({ name: z.string(), slug: z.string() })),
  productsMeta: z.strictObject({ totalCount: z.number().int(), count: z.number().int() }),
  suggestions: z.array(z.string().min(1)).max(5).optional(),
})

const MenuItemModel: z.ZodType<unknown> = z.lazy(() => z.strictObject({ label: z.string().min(1), link: z.string(), items: z.array(MenuItemModel) }))
export const MenuModel = z.strictObject({ items: z.array(MenuItemModel), isDisabled: z.boolean() })

export const CmsPageModel = z.strictObject({
  title: z.string().min(1),
  slug: z.string(),
  content: z.string(),
  type: z.enum(['homepage', 'standard', 'feature']),
  cmsSections: z.array(z.strictObject({
    type: z.enum(['hero_image', 'featured_article', 'product_carousel', 'image_gallery', 'side_by_side_images', 'rich_text_content']),
    name: z.string(),
    content: z.record(z.string(), z.unknown()),
    settings: z.record(z.string(), z.unknown()),
    link: z.string().nullable().optional(),
    images: z.array(ImageModel).optional(),
    products: z.array(ProductCardModel).optional(),
  })),
  metaTitle: z.string().nullable().optional(),
  metaDescription: z.string().nullable().optional(),
})
export const BannerModel = z.strictObject({ id: z.string(), title: z.string().min(1), subtitle: z.string().nullable().optional(), image: z.string().min(1), link: z.string() })
export const CountryModel = z.strictObject({ label: z.string().min(1), iso: z.string().length(2), states: z.array(z.strictObject({ abbr: z.string(), name: z.string() })) })
