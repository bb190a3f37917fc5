import { useEffect, useRef, useState } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'
import type { SearchResult } from '../../api/models.ts'
import { SEARCH_DEBOUNCE_MS } from '../../config.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { closeSearchAtom, openSearchAtom, searchOpenAtom } from '../../features/ui/atoms.ts'
import { Icon } from '../icons.tsx'
import { LocalLink, useLocalPath } from '../local-link.tsx'
import { Button } from '../ui/button.tsx'
import { cx, focusRing } from '../ui/cx.ts'
import { ProductCardSkeleton } from '../ui/skeleton.tsx'

type SearchState = { status: 'idle' } | { status: 'loading'; term: string } | { status: 'done'; term: string; result: SearchResult } | { status: 'failed'; term: string }

function useSearch(term: string): SearchState {
  const api = useApi()
  const [state, setState] = useState<SearchState>({ status: 'idle' })
  useEffect(() => {
    const query = term.trim()
    if (!query) {
      setState({ status: 'idle' })
      return
    }
    setState({ status: 'loading', term: query })
    let cancelled = false
    const timer = setTimeout(() => {
      api.search(query).then(
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

function Results({ state, onClose }: { state: SearchState; onClose: () => void }) {
  const { t } = useT()
  if (state.status === 'idle') return <p className="text-neutral-600">{t('search.notSearched')}</p>
  if (state.status === 'loading') {
    return (
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-5" aria-label={t('ui.loading')}>
        {[0, 1, 2, 3, 4].map((i) => (
          <ProductCardSkeleton key={i} />
        ))}
      </ul>
    )
  }
  if (state.status === 'failed' || state.result.products.length === 0) {
    return (
      <p className="text-neutral-700" data-testid="search-no-results">
        {t('search.noResults')} <strong>“{state.term}”</strong>
      </p>
    )
  }
  return (
    <div data-testid="search-results">
      <p className="mb-4 text-lg font-semibold text-neutral-900">{t('search.results', { term: state.term })}</p>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {state.result.products.map((product) => (
          <li key={product.id}>
            <LocalLink to={product.link} onClick={onClose} className={cx('group block rounded-lg', focusRing)}>
              {product.image ? <img src={product.image.styles.mobile.url} width={240} height={240} alt={product.image.alt} loading="lazy" className="aspect-square w-full rounded-lg bg-neutral-100 object-cover" /> : null}
              <span className="mt-2 block text-sm font-semibold text-neutral-900 group-hover:underline">{product.title}</span>
              <span className={cx('block text-sm font-semibold', product.salePrice ? 'text-sale-700' : 'text-neutral-800')}>{product.salePrice ?? product.price}</span>
            </LocalLink>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * A real GET form to the catalogue (works without JavaScript); with JavaScript it opens the search overlay on focus,
 * shows suggestions after a 1000 ms pause in typing, and closes on Esc or the cross (spec §2, §4, §9).
 */
export function SearchBar() {
  const { t } = useT()
  const local = useLocalPath()
  const open = useAtomValue(searchOpenAtom)
  const openSearch = useSetAtom(openSearchAtom)
  const closeSearch = useSetAtom(closeSearchAtom)
  const [term, setTerm] = useState('')
  const state = useSearch(open ? term : '')
  const form = useRef<HTMLFormElement>(null)
  // The overlay starts under the search field, wherever the header has put it (its own row on phones).
  const [top, setTop] = useState(0)
  useEffect(() => {
    if (open && form.current) setTop(Math.round(form.current.getBoundingClientRect().bottom + 8))
  }, [open])

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeSearch()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, closeSearch])

  return (
    <div className="relative">
      <form
        ref={form}
        action={local('/Category')}
        method="get"
        role="search"
        className="flex h-11 items-center rounded-full border border-neutral-400 bg-neutral-50 transition-colors duration-fast focus-within:border-primary-600 focus-within:bg-white focus-within:ring-2 focus-within:ring-primary-600/30 hover:border-neutral-600"
      >
        <label htmlFor="site-search" className="sr-only">
          {t('header.search')}
        </label>
        <input
          id="site-search"
          name="term"
          type="search"
          value={term}
          onChange={(e) => {
            setTerm(e.target.value)
            openSearch()
          }}
          onFocus={() => openSearch()}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          className="h-full w-full min-w-0 bg-transparent pl-4 pr-2 text-base text-neutral-900 placeholder-neutral-500 outline-none"
        />
        <button type="submit" className={cx('mr-1 flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-200 hover:text-neutral-900', focusRing)} aria-label={t('header.searchButton')}>
          <Icon name="search" className="h-5 w-5" />
        </button>
      </form>
      {open ? (
        <div className="fixed inset-x-0 bottom-0 z-40 overflow-y-auto border-t border-neutral-200 bg-white px-4 py-6 shadow-xl" style={{ top }} data-testid="search-overlay">
          <div className="mx-auto max-w-site">
            <div className="mb-4 flex justify-end gap-2">
              <Button variant="secondary" size="sm" onClick={() => closeSearch()}>
                {t('search.cancel')}
              </Button>
              <Button variant="ghost" size="icon" onClick={() => closeSearch()} aria-label={t('search.close')}>
                <Icon name="close" />
              </Button>
            </div>
            <Results state={state} onClose={() => closeSearch()} />
          </div>
        </div>
      ) : null}
    </div>
  )
}
