import type { Facet, FacetOption } from '#kernel/models.ts'

/**
 * A facet as the category page sends it for hydration: about 50 options a page, so what every option of a facet
 * shares (its type) is said once on the facet, a value that is the common case (not selected, no swatch) is left out,
 * and the option's id (only ever a React key) is not sent: the value is unique within a facet.
 */
export interface ListedFacet {
  name: string
  label: string
  kind: Facet['kind']
  /** The query key of the facet's options: `price`, `o.{name}` (option type) or `p.{name}` (property). */
  param: string
  options: ListedFacetOption[]
}

export interface ListedFacetOption {
  value: string
  label: string
  count: number
  selected?: true
  swatch?: string
}

/** The query key a facet's option is sent under (spec §2: o.{option type}, p.{property}, price). */
function paramOf(facet: Facet, option: FacetOption | undefined): string {
  if (facet.kind === 'price') return 'price'
  return option?.type === 'property' ? `p.${facet.name}` : `o.${facet.name}`
}

export function listedFacets(facets: Facet[]): ListedFacet[] {
  return facets.map((facet) => ({
    name: facet.name,
    label: facet.label,
    kind: facet.kind,
    param: paramOf(facet, facet.options[0]),
    options: facet.options.map(({ value, label, count, selected, swatch }) => ({ value, label, count, selected: selected || undefined, swatch: swatch || undefined })),
  }))
}
