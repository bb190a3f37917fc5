import type { ReactNode, SelectHTMLAttributes } from 'react'
import { controlBase, controlEdge, cx } from './cx.ts'
import { describedBy, FieldFrame } from './field-frame.tsx'

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  id: string
  label: ReactNode
  hint?: string
  error?: string
  hideLabel?: boolean
  frameClassName?: string
  children: ReactNode
}

/**
 * The store's chevron over a native select's own arrow, for a select laid out by its form's field helper rather than
 * by `Select`: put the select (with `selectControl`) and this inside a `relative` box.
 */
export const selectControl = 'appearance-none pr-10'
export function SelectChevron() {
  return (
    <svg viewBox="0 0 20 20" className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-neutral-600" aria-hidden="true" focusable="false">
      <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/** A native select (keyboard and screen reader behaviour for free) with the store's chevron and states. */
export function Select({ id, label, hint, error, hideLabel, frameClassName, className, required, children, ...props }: SelectProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required} hideLabel={hideLabel} className={frameClassName}>
      <div className="relative">
        <select
          id={id}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          className={cx(controlBase, controlEdge(Boolean(error)), selectControl, className)}
          {...props}
        >
          {children}
        </select>
        <SelectChevron />
      </div>
    </FieldFrame>
  )
}
