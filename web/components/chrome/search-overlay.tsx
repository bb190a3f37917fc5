import { useEffect, useMemo, useState, type RefObject } from 'react'
import type { SearchResult } from '#kernel/models.ts'
import { SEARCH_DEBOUNCE_MS } from '#kernel/config.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { groupByName, highlight, SUGGESTION_FETCH, type ProductSuggestion } from '../../lib/search-suggestions.ts'
import { Icon } from '../icons.tsx'
import { useLocalPath } from '../local-link.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { cx } from '../ui/cx.ts'
import { PriceBlock } from '../ui/price-block.tsx'
import { ProductCardSkeleton } from '../ui/skeleton.tsx'

type SearchState = { status: 'idle' } | { status: 'loading'; term: string } | { status: 'done'; term: string; result: SearchResult } | { status: 'failed'; term: string }

/** The listbox the search field controls (search-bar.tsx) and each suggestion's id in it. */
export const LISTBOX_ID = 'search-suggestions'
export const optionId = (index: number) => `search-option-${index}`

// pb-24: on phones the bottom bar (z-40, fixed) covers the overlay's last 4 rem; the last suggestion stays above it.

/** The overlay's search (spec §4): after SEARCH_DEBOUNCE_MS without typing. The term is cut to what the API takes. */
function useSearch(term: string): SearchState {
  const api = useApi()
  const [state, setState] = useState<SearchState>({ status: 'idle' })
  useEffect(() => {
    const query = term.trim().slice(0, 200)
    if (!query) {
      setState({ status: 'idle' })
      return
    }
    setState({ status: 'loading', term: query })
    let cancelled = false
    const timer = setTimeout(() => {
      api.search(query, { itemsPerPage: SUGGESTION_FETCH }).then(
        (result) => !cancelled && setState({ status: 'done', term: query, result }),
        () => !cancelled && setState({ status: 'failed', term: query }),
      )
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [term, api])
  return state
}

type Suggestion =
  { kind: 'query'; text: string; href: string } | { kind: 'category'; text: string; href: string } | { kind: 'product'; item: ProductSuggestion; href: string } | { kind: 'all'; href: string }

function Marked({ text, words }: { text: string; words: string[] }) {
  return (
    <>
      {highlight(text, words).map((part, i) =>
        part.match ? (
          <mark key={i} className="bg-transparent font-bold text-neutral-900">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  )
}

function ProductOption({ item, words }: { item: ProductSuggestion; words: string[] }) {
  const { t } = useT()
  const { shown } = item
  const img = shown.image?.styles.mobile
  return (
    <span className="flex gap-3 lg:flex-col">
      {img ? (
        <img src={img.url} width={96} height={96} alt="" loading="lazy" className="h-20 w-20 shrink-0 rounded-md bg-neutral-100 object-cover lg:aspect-square lg:h-auto lg:w-full" />
      ) : (
        <span className="h-20 w-20 shrink-0 rounded-md bg-neutral-100 lg:aspect-square lg:h-auto lg:w-full" />
      )}
      <span className="min-w-0 space-y-1">
        <span className="block text-sm text-neutral-800" data-testid="suggestion-title">
          <Marked text={item.title} words={words} />
        </span>
        {item.products.length > 1 ? <span className="block text-xs text-neutral-600">{t('search.moreNamed', { count: item.products.length })}</span> : null}
        <span className="flex flex-wrap gap-1">
          {!shown.inStock ? <Badge tone="soldOut">{t('badge.soldOut')}</Badge> : shown.salePrice ? <Badge tone="sale">{t('badge.sale')}</Badge> : null}
          {shown.clubPrice ? <Badge tone="club">{t('badge.club')}</Badge> : null}
        </span>
        <PriceBlock price={shown.price} salePrice={shown.salePrice} clubPrice={shown.clubPrice} from={item.from} testId="suggestion-price" />
      </span>
    </span>
  )
}

/**
 * Suggestions under the search field (spec §2, §4; issue 39 point 7, issue 42 point 6): query completions,
 * categories and products (a name once, with the card's labels and prices), then 'See all results'. One listbox the
 * search field controls: the arrow keys move through it from the field, Enter opens the one chosen (or, with none
 * chosen, submits the search). The field's combobox state (aria-expanded, aria-activedescendant) and its keys are
 * this module's, set on the field while the overlay is open, so the header's first-visit code carries none of it.
 * Options hold no links (an option's content is presentational): a click or Enter opens its address.
 */
export function SearchOverlay({
  term,
  top,
  input,
  onSelect,
  onClose,
  onCancel,
}: {
  term: string
  top: number
  input: RefObject<HTMLInputElement | null>
  onSelect: (href: string) => void
  onClose: () => void
  onCancel: () => void
}) {
  const { t } = useT()
  const local = useLocalPath()
  const state = useSearch(term)
  const resultsOf = (text: string) => `${local('/Category')}?term=${encodeURIComponent(text)}`

  const suggestions = useMemo<Suggestion[]>(() => {
    if (state.status !== 'done') return []
    const { result } = state
    const list: Suggestion[] = []
    for (const text of (result.suggestions ?? []).slice(0, 5)) list.push({ kind: 'query', text, href: resultsOf(text) })
    for (const c of result.categories.slice(0, 5)) list.push({ kind: 'category', text: c.name, href: local(`/t/${c.slug}`) })
    for (const item of groupByName(result.products)) list.push({ kind: 'product', item, href: item.products.length > 1 ? resultsOf(item.title) : local(item.shown.link) })
    if (result.products.length > 0) list.push({ kind: 'all', href: resultsOf(state.term) })
    return list
  }, [state])
  const hrefs = suggestions.map((s) => s.href).join('\n')
  // the suggestion the arrow keys chose (-1: none); new suggestions start with none chosen
  const [active, setActive] = useState(-1)
  useEffect(() => setActive(-1), [hrefs])
  useEffect(() => {
    const field = input.current
    if (!field) return
    const options = hrefs ? hrefs.split('\n') : []
    field.setAttribute('aria-expanded', String(options.length > 0))
    if (active >= 0) {
      field.setAttribute('aria-activedescendant', optionId(active))
      document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' })
    } else field.removeAttribute('aria-activedescendant')
    const onKey = (e: KeyboardEvent) => {
      if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && options.length > 0) {
        e.preventDefault()
        const step = e.key === 'ArrowDown' ? 1 : -1
        setActive(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length)
      }
      if (e.key === 'Enter' && options[active]) {
        e.preventDefault()
        onSelect(options[active]!)
      }
    }
    field.addEventListener('keydown', onKey)
    return () => {
      field.removeEventListener('keydown', onKey)
      field.setAttribute('aria-expanded', 'false')
      field.removeAttribute('aria-activedescendant')
    }
  }, [input, hrefs, active, onSelect])

  const words = state.status === 'done' ? [...state.term.split(/[^\p{L}\p{N}]+/u), ...(state.result.suggestions ?? []).flatMap((s) => s.split(' '))] : []
  const option = (s: Suggestion, index: number, className: string, children: React.ReactNode) => (
    <li
      key={s.href + index}
      id={optionId(index)}
      role="option"
      aria-selected={index === active}
      data-testid={`suggestion-${s.kind}`}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onSelect(s.href)}
      className={cx('cursor-pointer rounded-md', index === active ? 'bg-primary-50 ring-2 ring-primary-600' : 'hover:bg-neutral-100', className)}
    >
      {children}
    </li>
  )
  const group = (kind: Suggestion['kind'], label: string, listClass: string, render: (s: Suggestion, index: number) => React.ReactNode) => {
    const members = suggestions.map((s, index) => ({ s, index })).filter(({ s }) => s.kind === kind)
    if (members.length === 0) return null
    return (
      <li role="presentation" className="mb-4">
        <span id={`search-group-${kind}`} className="mb-2 block text-xs font-semibold uppercase tracking-wide text-neutral-600">
          {label}
        </span>
        <ul role="group" aria-labelledby={`search-group-${kind}`} className={listClass}>
          {members.map(({ s, index }) => render(s, index))}
        </ul>
      </li>
    )
  }

  let body: React.ReactNode
  if (state.status === 'idle') body = <p className="text-neutral-600">{t('search.notSearched')}</p>
  else if (state.status === 'loading') {
    body = (
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-5" aria-label={t('ui.loading')}>
        {[0, 1, 2, 3, 4].map((i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </ul>
    )
  } else {
    const none = state.status === 'failed' || state.result.products.length === 0
    body = (
      <div data-testid={none ? undefined : 'search-results'}>
        {none ? (
          <p className="mb-4 text-neutral-700" data-testid="search-no-results">
            {t('search.noResults')} <strong>{t('search.quoted', { term: state.term })}</strong>
          </p>
        ) : (
          <p className="mb-4 text-lg font-semibold text-neutral-900">{t('search.results', { term: state.term })}</p>
        )}
        {suggestions.length > 0 ? (
          <ul id={LISTBOX_ID} role="listbox" aria-label={t('search.suggestions')} className="grid gap-x-8 lg:grid-cols-[14rem_1fr]">
            <li role="presentation" className="min-w-0">
              <ul role="presentation">
                {group('query', t('search.queries'), 'space-y-1', (s, i) => option(s, i, 'px-2 py-1.5 text-sm text-neutral-700', <Marked text={(s as { text: string }).text} words={words} />))}
                {group('category', t('search.categories'), 'space-y-1', (s, i) => option(s, i, 'px-2 py-1.5 text-sm text-neutral-700', <Marked text={(s as { text: string }).text} words={words} />))}
              </ul>
            </li>
            <li role="presentation" className="min-w-0">
              <ul role="presentation">
                {group('product', t('search.products'), 'grid gap-2 lg:grid-cols-4 lg:gap-4', (s, i) =>
                  option(s, i, 'p-2', <ProductOption item={(s as { item: ProductSuggestion }).item} words={words} />),
                )}
                {suggestions.map((s, i) => (s.kind === 'all' ? option(s, i, 'inline-block px-2 py-2 font-semibold text-primary-700 underline', t('search.seeAll', { term: state.term })) : null))}
              </ul>
            </li>
          </ul>
        ) : null}
      </div>
    )
  }

  return (
    <div className="fixed inset-x-0 bottom-0 z-40 overflow-y-auto border-t border-neutral-200 bg-white px-4 pb-24 pt-6 shadow-xl lg:pb-6" style={{ top }} data-testid="search-overlay">
      <div className="mx-auto max-w-site">
        <div className="mb-4 flex justify-end gap-2">
          <Button variant="ghost" size="sm" className="mr-auto" onClick={onClose} data-testid="search-go-back">
            {t('search.goBack')}
          </Button>
          <Button variant="secondary" size="sm" onClick={onCancel} data-testid="search-cancel">
            {t('search.cancel')}
          </Button>
          <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('search.close')}>
            <Icon name="close" />
          </Button>
        </div>
        {body}
      </div>
    </div>
  )
}
