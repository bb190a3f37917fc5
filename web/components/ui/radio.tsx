import type { InputHTMLAttributes, ReactNode } from 'react'
import { cx } from './cx.ts'

export interface RadioProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  id: string
  label: ReactNode
  /** A second line under the label (a delivery time, a card hint). */
  description?: ReactNode
  /** As a bordered card that highlights when chosen (shipping and payment methods). */
  card?: boolean
}

/** A native radio button; group them in a <fieldset> with a <legend>. */
export function Radio({ id, label, description, card = false, className, ...props }: RadioProps) {
  return (
    <label
      htmlFor={id}
      className={cx(
        'flex min-h-11 cursor-pointer items-start gap-3 text-base text-neutral-900',
        card && 'rounded-md border border-neutral-300 p-4 transition-colors duration-fast hover:border-neutral-600 [&:has(:checked)]:border-primary-600 [&:has(:checked)]:bg-primary-50',
        className,
      )}
    >
      <input id={id} type="radio" className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-primary-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed" {...props} />
      <span className="flex-1">
        <span className="block">{label}</span>
        {description ? <span className="block text-sm text-neutral-600">{description}</span> : null}
      </span>
    </label>
  )
}
