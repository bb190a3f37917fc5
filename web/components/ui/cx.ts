/** Joins class names, skipping empty ones: `cx('a', cond && 'b')`. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ')
}

/** The one focus ring of the store: visible for keyboard users only, 3:1 against white and the neutrals (a component class: web/styles/components.ts). */
export const focusRing = 'focus-ring'

/**
 * Form controls share their edge, focus and error look (neutral-400 edge: 3.64:1 on white). `controlLook` is that look
 * without a width, for controls that sit in a row at their own width (quantity steppers).
 */
export const controlLook =
  'rounded border bg-white px-3 py-2.5 text-base text-neutral-900 placeholder-neutral-500 transition-colors duration-fast focus:outline-none focus:ring-2 focus:ring-primary-600/30 focus:border-primary-600 disabled:cursor-not-allowed disabled:bg-neutral-100 disabled:text-neutral-500'
export const controlBase = `block w-full ${controlLook}`
export const controlEdge = (invalid: boolean) => (invalid ? 'border-danger-700' : 'border-neutral-400 hover:border-neutral-600')

/**
 * Spread on a form's error message. Without JavaScript a refused post answers a new page, which opened at its top: on
 * a phone the error sat below the header, the account menu or the order summary, out of sight. The browser focuses
 * the first element marked `autofocus` when the page loads, which scrolls it into view; `tabIndex={-1}` makes a
 * message focusable (never in the tab order). With JavaScript React focuses only form controls marked so, never these,
 * so errors shown in place move nothing. It lives here, beside the class helpers every screen loads, so it adds no
 * chunk to a first visit. Styles: `[data-lands]` in web/styles/app.css.
 */
export const LAND_HERE = { autoFocus: true, tabIndex: -1, 'data-lands': '' } as const
