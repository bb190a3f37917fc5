import type { InputHTMLAttributes, ReactNode } from 'react'
import { controlBase, controlEdge, cx } from './cx.ts'
import { describedBy, FieldFrame } from './field-frame.tsx'

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string
  label: ReactNode
  hint?: string
  error?: string
  hideLabel?: boolean
  frameClassName?: string
}

/** A labelled text input with its hint or error (aria-invalid and aria-describedby set for screen readers). */
export function Input({ id, label, hint, error, hideLabel, frameClassName, className, required, ...props }: InputProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required} hideLabel={hideLabel} className={frameClassName}>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={cx(controlBase, controlEdge(Boolean(error)), className)}
        {...props}
      />
    </FieldFrame>
  )
}
