import { useEffect, useState } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'
import type { SearchResult } from '../../api/models.ts'
import { SEARCH_DEBOUNCE_MS } from '../../config.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { closeSearchAtom, openSearchAtom, searchOpenAtom } from '../../features/ui/atoms.ts'
import { Icon } from '../icons.tsx'
import { LocalLink, useLocalPath } from '../local-link.tsx'

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
  if (state.status === 'idle') return <p className="text-gray-600">{t('search.notSearched')}</p>
  if (state.status === 'loading') return <p className="text-gray-600">…</p>
  if (state.status === 'failed' || state.result.products.length === 0) {
    return (
      <p className="text-gray-700" data-testid="search-no-results">
        {t('search.noResults')} <strong>“{state.term}”</strong>
      </p>
    )
  }
  return (
    <div data-testid="search-results">
      <p className="mb-4 text-gray-700">{t('search.results', { term: state.term })}</p>
      <ul className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        {state.result.products.map((product) => (
          <li key={product.id}>
            <LocalLink to={product.link} onClick={onClose} className="block hover:underline">
              {product.image ? <img src={product.image.styles.mobile.url} width={240} height={240} alt={product.image.alt} loading="lazy" className="w-full rounded" /> : null}
              <span className="mt-1 block text-sm">{product.title}</span>
              <span className="block text-sm font-semibold">{product.salePrice ?? product.price}</span>
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

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && closeSearch()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, closeSearch])

  return (
    <div className="relative">
      <form action={local('/Category')} method="get" role="search" className="flex items-center rounded border border-gray-300 bg-white focus-within:border-primary-500">
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
          className="w-full bg-transparent px-3 py-2 text-sm outline-none"
        />
        <button type="submit" className="px-3 text-gray-600 hover:text-primary-600" aria-label={t('header.searchButton')}>
          <Icon name="search" className="h-5 w-5" />
        </button>
      </form>
      {open ? (
        <div className="fixed inset-x-0 bottom-0 top-28 z-40 overflow-y-auto bg-white px-4 py-6 shadow-xl lg:top-32" data-testid="search-overlay">
          <div className="mx-auto max-w-site">
            <div className="mb-4 flex justify-end gap-2">
              <button type="button" onClick={() => closeSearch()} className="rounded border border-gray-300 px-3 py-1 text-sm">
                {t('search.cancel')}
              </button>
              <button type="button" onClick={() => closeSearch()} className="rounded p-1 hover:bg-gray-100" aria-label={t('search.close')}>
                <Icon name="close" />
              </button>
            </div>
            <Results state={state} onClose={() => closeSearch()} />
          </div>
        </div>
      ) : null}
    </div>
  )
}
