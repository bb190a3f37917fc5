import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useSetAtom } from 'jotai'
import { useAtomValue } from '../../state/use-atom.ts'
import { useT } from '../../i18n/index.tsx'
import { closeSearchAtom, openSearchAtom, searchOpenAtom } from '../../state/ui.ts'
import { Icon } from '../icons.tsx'
import { useLocalPath } from '../local-link.tsx'
import { cx, focusRing } from '../ui/cx.ts'
import { browserOnly } from '../../lib/browser-only.ts'

/** The overlay's code (results, skeletons) loads when the shopper first opens the search, not with the page. */
const SearchOverlay = lazy(() => (import.meta.env.SSR ? browserOnly() : import('./search-overlay.tsx')).then((m) => ({ default: m.SearchOverlay })))

/** The overlay's listbox (search-overlay.tsx holds the same; repeated here so the field needs none of its code). */
const LISTBOX_ID = 'search-suggestions'

/**
 * A real GET form to the catalogue (works without JavaScript); with JavaScript it opens the search overlay on focus,
 * shows suggestions after a 1000 ms pause in typing, and closes on Esc or the cross (spec §2, §4, §9). The field is
 * an ARIA combobox: the arrow keys move through the overlay's suggestions, Enter opens the one chosen (or, with none
 * chosen, submits the search), Escape closes. The overlay's code handles the keys and the combobox state while open.
 */
export function SearchBar() {
  const { t } = useT()
  const local = useLocalPath()
  const open = useAtomValue(searchOpenAtom)
  const openSearch = useSetAtom(openSearchAtom)
  const closeSearch = useSetAtom(closeSearchAtom)
  const [term, setTerm] = useState('')
  const navigate = useNavigate()
  const form = useRef<HTMLFormElement>(null)
  const input = useRef<HTMLInputElement>(null)
  // The overlay starts under the search field, wherever the header has put it (its own row on phones).
  const [top, setTop] = useState(0)
  useEffect(() => {
    if (open && form.current) setTop(Math.round(form.current.getBoundingClientRect().bottom + 8))
  }, [open])

  useEffect(() => {
    if (!open) return
    // Esc closes even with a term typed: the field's own Esc only cleared it, and the change reopened the overlay.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      closeSearch()
      input.current?.blur()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open, closeSearch])

  const close = () => {
    closeSearch()
    input.current?.blur()
  }
  const select = (href: string) => {
    close()
    void navigate(href)
  }

  return (
    <div className="relative">
      <form
        ref={form}
        action={local('/Category')}
        method="get"
        role="search"
        className="flex h-12 items-center rounded-full border border-neutral-400 bg-neutral-50 transition-colors duration-fast focus-within:border-primary-600 focus-within:bg-white focus-within:ring-2 focus-within:ring-primary-600/30 hover:border-neutral-600 lg:h-11"
      >
        <label htmlFor="site-search" className="sr-only">
          {t('header.search')}
        </label>
        <input
          ref={input}
          id="site-search"
          name="term"
          type="search"
          value={term}
          role="combobox"
          // never changed by React: the open overlay sets it (and aria-activedescendant) as its suggestions come and go
          aria-expanded="false"
          aria-controls={LISTBOX_ID}
          aria-autocomplete="list"
          onChange={(e) => {
            setTerm(e.target.value)
            openSearch()
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') e.preventDefault()
          }}
          onFocus={() => openSearch()}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          className="h-full w-full min-w-0 bg-transparent pl-4 pr-2 text-base text-neutral-900 placeholder-neutral-500 outline-none"
        />
        <button
          type="submit"
          className={cx('mr-0.5 flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-neutral-700 hover:bg-neutral-200 hover:text-neutral-900 lg:mr-1 lg:h-9 lg:w-9', focusRing)}
          aria-label={t('header.searchButton')}
        >
          <Icon name="search" className="h-5 w-5" />
        </button>
      </form>
      {open ? (
        <Suspense fallback={null}>
          <SearchOverlay
            term={term}
            top={top}
            input={input}
            onSelect={select}
            onClose={close}
            onCancel={() => {
              setTerm('')
              close()
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
