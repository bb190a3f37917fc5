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
  'card-img2': 'absolute inset-0 h-full w-full object-cover opacity-0 transition-opacity duration-slow group-hover:opacity-100',
  'card-badges': 'pointer-events-none absolute left-2 top-2 flex flex-col items-start gap-1',
  'card-heart': 'absolute right-1 top-1 z-10',
  'card-body': 'flex flex-1 flex-col gap-1',
  // the line height stays a utility beside the size (text-sm), so it keeps winning over the size's own
  'card-title': 'font-semibold text-neutral-900',
  'card-link': `rounded-sm after:absolute after:inset-0 hover:underline ${FOCUS_RING}`,
  'price-line': 'flex flex-wrap items-baseline gap-x-2',
}

/**
 * Icons (web/components/icons.tsx): a stroked 24 px outline in the text colour. Plain CSS rather than utilities so a
 * utility on the icon (`fill-current` for a chosen heart) still wins.
 */
const icon: ComponentRule = ['icon', { fill: 'none', stroke: 'currentColor', strokeWidth: '1.8', strokeLinecap: 'round', strokeLinejoin: 'round' }]

export const componentRules: ComponentRule[] = [icon, ...Object.entries(components)]
