import type { InputHTMLAttributes } from 'react'
import { cx } from './cx.ts'

export interface SwatchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  id: string
  /** The colour's name: the radio's accessible label and its tooltip. */
  label: string
  /** CSS colour of the dot. */
  colour: string
  /**
   * Sold out in every size: still choosable (its pictures stay worth seeing), drawn struck through, so a shopper sees
   * it before choosing it; `label` should say it too, for screen readers and the tooltip.
   */
  unavailable?: boolean
}

/**
 * A colour choice as a radio button drawn as a dot: the native input stays (keyboard arrows, form posts, screen
 * readers), visually hidden; the ring shows the chosen one. Group in a <fieldset> with a <legend>.
 */
export function Swatch({ id, label, colour, unavailable = false, disabled, className, ...props }: SwatchProps) {
  return (
    <label htmlFor={id} title={label} className={cx('relative inline-flex h-11 w-11 cursor-pointer items-center justify-center', disabled && 'cursor-not-allowed opacity-40', className)}>
      <input id={id} type="radio" disabled={disabled} className="peer sr-only" {...props} />
      <span className="sr-only">{label}</span>
      <span
        aria-hidden="true"
        className="h-8 w-8 rounded-full border border-neutral-400 ring-offset-2 transition-shadow duration-fast peer-hover:ring-2 peer-hover:ring-neutral-300 peer-checked:ring-2 peer-checked:ring-neutral-900 peer-focus-visible:ring-2 peer-focus-visible:ring-primary-600"
        style={{ background: colour }}
      />
      {unavailable ? (
        // a diagonal bar across the dot, outlined in white so it shows on black and white dots alike
        <span aria-hidden="true" data-sold-out="" className="pointer-events-none absolute h-0.5 w-9 -rotate-45 rounded-full bg-neutral-900 ring-1 ring-white" />
      ) : null}
    </label>
  )
}
