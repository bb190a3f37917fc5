import type { ReactNode } from 'react'
import { cx, LAND_HERE } from './cx.ts'

/** Label above, hint or error below; the ids let the control point at them with aria-describedby. */
export function FieldFrame(props: { id: string; label: ReactNode; hint?: string; error?: string; required?: boolean; className?: string; hideLabel?: boolean; children: ReactNode }) {
  return (
    <div className={cx('space-y-1.5', props.className)}>
      <label htmlFor={props.id} className={props.hideLabel ? 'sr-only' : 'block text-sm font-semibold text-neutral-800'}>
        {props.label}
        {props.required ? <span aria-hidden="true" className="text-danger-700"> *</span> : null}
      </label>
      {props.children}
      {props.error ? (
        <p id={`${props.id}-error`} className="flex items-center gap-1 text-sm text-danger-700" role="alert" {...LAND_HERE}>
          {props.error}
        </p>
      ) : props.hint ? (
        <p id={`${props.id}-hint`} className="text-sm text-neutral-600">
          {props.hint}
        </p>
      ) : null}
    </div>
  )
}

export function describedBy(id: string, error?: string, hint?: string) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined
}
