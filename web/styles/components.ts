/**
 * Component classes: one short name for a utility list that repeats many times on a page (48 product cards, every
 * button, every icon), so the HTML names it once per element instead of repeating ~100-450 bytes of utilities.
 * Built into the static CSS like any utility (twind `rules`, scripts/twind-css.ts); the lists use only tokens.
 *
 * A component class sits in twind's shortcut layer, before the utilities, so a utility beside it on an element wins
 * (`btn rounded-full`). Its variant parts (hover:, focus-visible:) are sorted with the utilities' variants instead,
 * so a list here keeps one value per property and variant: a second `hover:bg-…` on the element would be a tie.
 */
import type { CSSObject } from 'twind'

type ComponentRule = [name: string, css: string | CSSObject]

/** The one focus ring (docs/design.md): 2 px primary-600, offset 2 px, keyboard focus only. */
const FOCUS_RING = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-offset-2'

const components: Record<string, string> = {
  'focus-ring': FOCUS_RING,
  /** What every button shares (web/components/ui/button.tsx adds a variant and a size). */
  btn: `inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors duration-fast select-none disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ${FOCUS_RING}`,
  badge: 'inline-flex items-center rounded-sm px-2 py-0.5 text-xs font-bold uppercase tracking-wide',
  /** The wishlist heart over a card's (or the gallery's) corner: a 44 px ghost icon button on white. */
  'heart-btn': `inline-flex h-11 w-11 items-center justify-center rounded-md bg-white/90 p-0 text-neutral-800 shadow-sm transition-colors duration-fast select-none hover:bg-white active:bg-neutral-200 disabled:cursor-not-allowed disabled:opacity-50 ${FOCUS_RING}`,
  // The product card (web/components/ui/product-card.tsx). `group` stays on the card itself: the hover rules below
  // select `.group:hover`.
  'card-media': 'relative overflow-hidden rounded-lg bg-neutral-100',
  'card-img': 'aspect-product w-full object-cover transition-transform duration-slow group-hover:scale-[1.03]',
  'card-badges': 'pointer-events-none absolute left-2 top-2 flex flex-col items-start gap-1',
  'card-heart': 'absolute right-1 top-1 z-10',
  'card-body': 'flex flex-1 flex-col gap-1',
  // the line height stays a utility beside the size (text-sm), so it keeps winning over the size's own
  'card-title': 'font-semibold text-neutral-900',
  'card-link': `rounded-sm after:absolute after:inset-0 hover:underline ${FOCUS_RING}`,
  'price-line': 'flex flex-wrap items-baseline gap-x-2',
  // The header's category menu (web/components/chrome/navigation.tsx): 10 top links, a drop-down of each.
  'nav-link': 'block border-b-2 border-transparent py-3 text-sm font-semibold uppercase tracking-wide text-neutral-800 transition-colors duration-fast hover:border-primary-600 hover:text-neutral-900',
  'nav-drop': 'absolute left-0 top-full z-40 hidden min-w-48 rounded-b-lg border border-neutral-200 bg-white py-2 shadow-lg group-focus-within:block group-hover:block',
  'nav-drop-link': 'block px-4 py-2 text-sm text-neutral-800 hover:bg-neutral-100',
  // A footer link on the dark footer, with its own lighter focus ring (web/components/chrome/footer.tsx).
  'foot-link': 'inline-flex min-h-11 items-center rounded-sm text-neutral-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-400 lg:min-h-0',
  // An item of the phone's bottom bar (web/components/chrome/mobile-bottom-bar.tsx): its focus ring is inset.
  // The logged-out visitor's top bar (web/components/chrome/top-bar.tsx): one link across the page.
  'top-bar-link': 'flex min-h-11 w-full items-center justify-center px-4 py-2 font-semibold underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-white lg:min-h-9',
  'bottom-bar': 'fixed inset-x-0 bottom-0 z-40 flex border-t border-neutral-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-lg lg:hidden',
  'bar-item': 'relative flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 py-1.5 text-xs font-semibold text-neutral-700 hover:text-neutral-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary-600',
  // A row of the filter panel (web/features/catalogue/filter-panel.tsx): the box, a colour's swatch, the label.
  'facet-row': 'flex items-center gap-2 py-1 text-sm',
  'facet-input': 'h-4 w-4 shrink-0 accent-primary-600',
  'facet-swatch': 'h-4 w-4 shrink-0 rounded-full border border-neutral-300',
  // A cell of the pagination (web/components/ui/pagination.tsx) and a sub-category chip of a listing.
  'page-cell': 'inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 text-sm font-semibold',
  // The language and currency selects of the header and the footer (web/components/chrome/locale-selector.tsx).
  'locale-select': 'min-h-11 cursor-pointer appearance-none rounded-md border py-1 pl-2 pr-7 text-sm font-semibold transition-colors duration-fast focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-1 lg:min-h-9',
  // The phone's menu drawer (web/components/chrome/mobile-menu.tsx): in every page's HTML, so its rows name one class.
  // the layer is the backdrop too; it ends above the bottom bar, whose Menu closes the drawer without JavaScript
  'menu-layer': 'fixed inset-x-0 top-0 bottom-[calc(3.5rem+env(safe-area-inset-bottom))] bg-neutral-900/50',
  'menu-toggle': 'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
  'menu-panel': 'absolute inset-y-0 left-0 flex w-full max-w-md flex-col bg-white shadow-xl outline-none',
  'menu-head': 'flex min-h-14 items-center justify-between border-b border-neutral-200 px-5 py-1',
  'menu-body': 'flex-1 overflow-y-auto overscroll-contain px-5 py-4',
  'menu-row': `flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-md font-semibold uppercase tracking-wide text-neutral-900 [&::-webkit-details-marker]:hidden ${FOCUS_RING}`,
  'menu-chevron': 'h-5 w-5 shrink-0 text-neutral-600 transition-transform duration-fast group-open:rotate-90',
  'menu-link': 'flex min-h-11 items-center text-neutral-800',
  'menu-wish': `flex min-h-12 w-full items-center gap-3 rounded-md font-semibold text-neutral-900 ${FOCUS_RING}`,
  'menu-extra': 'flex min-h-12 items-center font-semibold uppercase tracking-wide text-primary-700',
  'chip-link': 'flex min-h-11 items-center rounded-full border border-neutral-300 px-4 text-sm hover:border-neutral-900 lg:min-h-9',
}

/**
 * Icons (web/components/icons.tsx): a stroked 24 px outline in the text colour. Plain CSS rather than utilities so a
 * utility on the icon (`fill-current` for a chosen heart) still wins.
 */
const icon: ComponentRule = ['icon', { fill: 'none', stroke: 'currentColor', strokeWidth: '1.8', strokeLinecap: 'round', strokeLinejoin: 'round' }]

export const componentRules: ComponentRule[] = [icon, ...Object.entries(components)]
