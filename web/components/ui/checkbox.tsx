import type { InputHTMLAttributes, ReactNode } from 'react'
import { LAND_HERE } from './cx.ts'

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  id: string
  label: ReactNode
  error?: string
}

/**
 * The box's own look, for the few checkboxes that cannot be a `Checkbox` (one that a CSS `peer` sibling reads, one inside
 * a sentence with a link): tinted, 20 px, the store's focus ring. Its label row is `checkboxRow` (44 px tall).
 */
export const checkboxInput = 'h-5 w-5 shrink-0 cursor-pointer rounded border-neutral-400 accent-primary-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed'
export const checkboxRow = 'inline-flex min-h-11 cursor-pointer items-center gap-3 text-base text-neutral-900'

/** A native checkbox, tinted with the primary colour, its label clickable beside it. */
export function Checkbox({ id, label, error, className, ...props }: CheckboxProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={checkboxRow}>
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={checkboxInput}
          {...props}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger-700" role="alert" {...LAND_HERE}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
