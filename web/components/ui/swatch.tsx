import type { InputHTMLAttributes } from 'react'
import { cx } from './cx.ts'

export interface SwatchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  id: string
  /** The colour's name: the radio's accessible label and its tooltip. */
  label: string
  /** CSS colour of the dot. */
  colour: string
}

/**
 * A colour choice as a radio button drawn as a dot: the native input stays (keyboard arrows, form posts, screen
 * readers), visually hidden; the ring shows the chosen one. Group in a <fieldset> with a <legend>.
 */
export function Swatch({ id, label, colour, disabled, className, ...props }: SwatchProps) {
  return (
    <label htmlFor={id} title={label} className={cx('relative inline-flex h-11 w-11 cursor-pointer items-center justify-center', disabled && 'cursor-not-allowed opacity-40', className)}>
      <input id={id} type="radio" disabled={disabled} className="peer sr-only" {...props} />
      <span className="sr-only">{label}</span>
      <span
        aria-hidden="true"
        className="h-8 w-8 rounded-full border border-neutral-400 ring-offset-2 transition-shadow duration-fast peer-hover:ring-2 peer-hover:ring-neutral-300 peer-checked:ring-2 peer-checked:ring-neutral-900 peer-focus-visible:ring-2 peer-focus-visible:ring-primary-600"
        style={{ background: colour }}
      />
    </label>
  )
}
