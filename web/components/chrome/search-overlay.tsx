import { useEffect, useState } from 'react'
import type { SearchResult } from '#kernel/models.ts'
import { SEARCH_DEBOUNCE_MS } from '#kernel/config.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { Icon } from '../icons.tsx'
import { LocalLink } from '../local-link.tsx'
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
        {t('search.noResults')} <strong>{t('search.quoted', { term: state.term })}</strong>
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

/** Suggestions under the search field (spec §2, §4): after a 1000 ms pause in typing; Esc or the cross closes it. */
export function SearchOverlay({ term, top, onClose, onCancel }: { term: string; top: number; onClose: () => void; onCancel: () => void }) {
  const { t } = useT()
  const state = useSearch(term)
  return (
    <div className="fixed inset-x-0 bottom-0 z-40 overflow-y-auto border-t border-neutral-200 bg-white px-4 py-6 shadow-xl" style={{ top }} data-testid="search-overlay">
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
        <Results state={state} onClose={onClose} />
      </div>
    </div>
  )
}
