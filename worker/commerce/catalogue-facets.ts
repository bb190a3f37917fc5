import * as z from 'zod/mini'
import type { Facet, InferredFilter, Locale, ProductQuery } from '#kernel/models.ts'
import { PRICE_FILTER_BUCKETS } from '#kernel/config.ts'
import { optionValueLabel } from './catalogue-mappers.ts'

/**
 * `meta.filters` of a product listing → the facets of spec §7. Kinds by label (spec §2): 'Color' → colour facet,
 * 'Price' → price facet, everything else a checkbox facet. Option facets carry option value ids (the `o.` query of
 * spec §2), property facets the value's filter param (`p.`), the price facet 'min,max' ranges (`price`).
 */

interface SpreeFilters {
  option_types?: Array<{ id: number | string; name: string; presentation: string; option_values: Array<{ id: number | string; name: string; presentation: string; image_preview?: string | null; count?: number }> }>
  product_properties?: Array<{ id: number | string; name: string; presentation: string; values: Array<{ value: string; filter_param: string; count?: number }> }>
  price?: { buckets?: Array<{ range: string; count: number }> }
}

const PRICE_LABEL: Record<Locale, string> = { en: 'Price', de: 'Preis' }

/** '51-100' → the `price` query value '51,100'. */
export const bucketValue = (range: string) => range.replace('-', ',')

/**
 * The backend's filter[price] for a shopper's 'min,max': the max is a whole dollar amount that includes its cents,
 * so '0,50' finds $50.95 is outside and $50.00 inside, exactly as the bucket counts do.
 */
export function priceFilterParam(priceFilter: string): string {
  const [min, max] = priceFilter.split(',')
  return `${min ?? ''},${max !== undefined && /^\d+$/.test(max) ? `${max}.99` : max ?? ''}`
}

export function mapFacets(filters: SpreeFilters | undefined, query: ProductQuery, locale: Locale): Facet[] {
  if (!filters) return []
  const selectedValues = new Set((query.optionTypeFilters ?? []).map((f) => `${f.optionTypeName}:${f.optionValueId}`))
  const selectedProps = new Set((query.productPropertyFilters ?? []).map((f) => `${f.productPropertyName}:${f.productPropertyValue}`))
  const facets: Facet[] = []
  for (const type of filters.option_types ?? []) {
    const isColour = type.name === 'color' || type.name === 'colour' || type.presentation === 'Color'
    facets.push({
      name: type.name,
      label: type.presentation,
      kind: isColour ? 'color' : 'checkbox',
      options: type.option_values.map((v) => {
        const label = optionValueLabel(v)
        return {
          type: 'option' as const,
          id: String(v.id),
          value: String(v.id),
          label: label.presentation,
          count: v.count ?? 0,
          selected: selectedValues.has(`${type.name}:${v.id}`),
          ...(isColour ? { swatch: label.swatch } : {}),
        }
      }),
    })
  }
  for (const property of filters.product_properties ?? []) {
    facets.push({
      name: property.name,
      label: property.presentation,
      kind: property.presentation === 'Price' ? 'price' : 'checkbox',
      options: property.values.map((v) => ({
        type: 'property' as const,
        id: v.filter_param,
        value: v.filter_param,
        label: v.value,
        count: v.count ?? 0,
        selected: selectedProps.has(`${property.name}:${v.filter_param}`),
      })),
    })
  }
  const counts = new Map((filters.price?.buckets ?? []).map((b) => [b.range, b.count]))
  facets.push({
    name: 'price',
    label: PRICE_LABEL[locale],
    kind: 'price',
    options: PRICE_FILTER_BUCKETS.map((range) => ({
      type: 'price' as const,
      id: range,
      value: bucketValue(range),
      label: range.replace('-', ' – '),
      count: counts.get(range) ?? 0,
      selected: query.priceFilter === bucketValue(range),
    })),
  })
  return facets
}

const INFERRED_KIND = {
  'options.color': 'color',
  'options.size': 'size',
  'properties.gender': 'gender',
  'properties.brand': 'brand',
  'properties.material': 'material',
} as const
const InferredSearchSchema = z.object({
  filters: z.array(z.object({ filter: z.enum(Object.keys(INFERRED_KIND) as [keyof typeof INFERRED_KIND]), words: z.array(z.string()), values: z.optional(z.array(z.string())), params: z.optional(z.array(z.string())) })),
  term_without: z.record(z.string(), z.optional(z.string())),
  term_without_filters: z.optional(z.string()),
})

const DidYouMeanSchema = z.object({ did_you_mean: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) })

/** `meta.search.did_you_mean` (our backend's extension): the corrected text of a search that found nothing. */
export function didYouMean(search: unknown): string | undefined {
  const parsed = DidYouMeanSchema.safeParse(search)
  return parsed.success ? parsed.data.did_you_mean : undefined
}

/**
 * `meta.search` (our backend's extension: the facet filters a search set from its own words) → what the search page
 * shows as removable filters. A real Spree sends none; anything malformed counts as none (it only adds a chip).
 */
export function inferredFilters(search: unknown): InferredFilter[] {
  const parsed = InferredSearchSchema.safeParse(search)
  if (!parsed.success) return []
  return parsed.data.filters.map((f) => ({
    kind: INFERRED_KIND[f.filter],
    // the values' own names ('Müller Outdoor', 'Merinowolle') when the backend gives them, one entry (a word may name
    // several: 'nylon' → 'Nylon, Ripstop nylon'; the chip joins its words with spaces), else the words typed
    words: f.values?.length ? [f.values.join(', ')] : f.words,
    termWithout: parsed.data.term_without[f.filter] ?? '',
    // the facet (its name is the filter's: 'options.color' → 'color') and the option values it ticks
    facet: f.filter.slice(f.filter.indexOf('.') + 1),
    values: f.params ?? [],
  }))
}

/** `meta.search.term_without_filters`: the search's text without the words that set facet filters ('jacket'). */
export function termWithoutFilters(search: unknown): string | undefined {
  const parsed = InferredSearchSchema.safeParse(search)
  return parsed.success && parsed.data.filters.length > 0 ? parsed.data.term_without_filters : undefined
}
