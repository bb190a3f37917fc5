import { useMemo } from 'react'
import { useLocation } from 'react-router'
import { ITEMS_PER_PAGE_DEFAULT, ITEMS_PER_PAGE_OPTIONS, SORT_OPTIONS, splitLocalePath } from '#kernel/config.ts'
import { priceRange } from '../routes/category-query.ts'

/**
 * The query parameters each shared page understands (spec §2), each as the page reads it, and nothing else.
 * Everything a page would ignore (marketing parameters such as `utm_*` or `gclid`, the affiliate `ac` that the browser
 * reads from its own address, anything unknown) is left out, so it can neither make a second copy of the page in the
 * edge cache nor be written into the page's links and forms (issue 38; docs/caching.md, 'The key'). The worker renders
 * and keys a shared page by `pageQuery` of its address; the page's links and forms are built from it too (server and
 * browser alike, so hydration agrees), while the browser's address bar keeps what the visitor came with.
 */

/** A parameter's value as the page reads it, or null when the page reads nothing from it (its default or ignored). */
type Reader = (value: string) => string | null
interface Param {
  read: Reader
  /** Read with `getAll` (filters: a set, order and repeats mean nothing); the others with `get`, the first only. */
  many?: boolean
}

const asIs: Reader = (value) => value
const exactly = (wanted: string): Reader => (value) => (value === wanted ? value : null)
const MANY: Param = { read: asIs, many: true }

const LISTING: Record<string, Param> = {
  // a malformed page stays (the listing answers 404); page 1 is the listing without one
  page: { read: (value) => (value === '1' ? null : value) },
  itemsPerPage: { read: (value) => (Number(value) !== ITEMS_PER_PAGE_DEFAULT && (ITEMS_PER_PAGE_OPTIONS as readonly number[]).includes(Number(value)) ? String(Number(value)) : null) },
  sort: { read: (value) => (value !== '' && (SORT_OPTIONS as readonly string[]).includes(value) ? value : null) },
  view: { read: exactly('list') },
  price: { read: (value) => priceRange(value) ?? null },
  term: { read: (value) => value.trim() || null },
}

/** Marketing and affiliate parameters, never a product option even when their value is a number. */
const TRACKING = /^(utm_.*|ac|gclid|gclsrc|gbraid|wbraid|dclid|fbclid|msclkid|ttclid|twclid|li_fat_id|igshid|yclid|srsltid|_ga|_gl|mc_cid|mc_eid|_kx|mkt_tok|ref|ref_src)$/i

type Understood = (name: string) => Param | undefined

/** Which parameters a page understands, by its path (the routes of web/routes.tsx, case-insensitive as they are). */
function understood(pathname: string): Understood {
  const segments = splitLocalePath(pathname).path.toLowerCase().split('/').filter(Boolean)
  const [first = '', second] = segments
  // categories (and the legacy /c/ addresses, which redirect there or show one): spec §2's listing query
  if (first === 't' || first === 'c') return (name) => LISTING[name] ?? (name.startsWith('o.') || name.startsWith('p.') ? MANY : undefined)
  // search results: the search bar's term (all-categories.tsx reads at most 100 characters of it), an explicit sort
  // (none is relevance) and the facet panel's filters (spec §2's o., p. and price)
  if (first === 'category' && !second) {
    return (name) => (name === 'term' ? { read: (value) => value.trim().slice(0, 100) || null } : name === 'sort' || name === 'price' ? LISTING[name] : name.startsWith('o.') || name.startsWith('p.') ? MANY : undefined)
  }
  // a product: the chosen variant, one parameter per option type named after it with an option value id
  // (variant-selection.ts; which names are options depends on the product), and the gift card's 'added' notice
  if (first === 'products' || first === 'p') {
    return (name) => (name === 'giftCard' ? { read: exactly('added') } : /^[a-z][\w-]{0,39}$/i.test(name) && !TRACKING.test(name) ? { read: (value) => (/^\d{1,12}$/.test(value) ? value : null) } : undefined)
  }
  if (first === '' || (first === 'home' && !second)) return (name) => (name === 'newsletter' ? { read: exactly('subscribed') } : undefined)
  if (first === 'giftcards' && !second) return (name) => (name === 'giftCard' ? { read: exactly('added') } : undefined)
  return () => undefined
}

/**
 * The query of `pathname` as its page reads it: only the parameters it understands, each as it reads it (a single
 * parameter's first value, a filter's values once each), in one order (by name, then value). Two addresses with the
 * same `pageQuery` are the same page.
 */
export function pageQuery(pathname: string, search: URLSearchParams): URLSearchParams {
  const param = understood(pathname)
  const kept = new Map<string, string[]>()
  for (const [name, value] of search) {
    const rule = param(name)
    if (!rule) continue
    const values = kept.get(name)
    if (values && !rule.many) continue
    if (!values) kept.set(name, [])
    const read = rule.read(value)
    if (read !== null && !kept.get(name)!.includes(read)) kept.get(name)!.push(read)
  }
  const pairs: Array<[string, string]> = []
  for (const name of [...kept.keys()].sort()) for (const value of kept.get(name)!.sort()) pairs.push([name, value])
  return new URLSearchParams(pairs)
}

/** This page's `pageQuery`: what its links and forms may carry on, the same on the server and in the browser. */
export function usePageQuery(): URLSearchParams {
  const { pathname, search } = useLocation()
  return useMemo(() => pageQuery(pathname, new URLSearchParams(search)), [pathname, search])
}
