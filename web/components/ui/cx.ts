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
