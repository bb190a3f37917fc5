import type { ReactNode } from 'react'
import { cx } from './cx.ts'

/**
 * Spread on a form's error message. Without JavaScript a refused post answers a new page, which opened at its top: on
 * a phone the error sat below the header, the account menu or the order summary, out of sight. The browser focuses
 * the first element marked `autofocus` when the page loads, which scrolls it into view; `tabIndex={-1}` makes a
 * message focusable (never in the tab order). With JavaScript React focuses only form controls marked so, never these,
 * so errors shown in place move nothing. Styles: `[data-lands]` in web/styles/app.css.
 */
export const LAND_HERE = { autoFocus: true, tabIndex: -1, 'data-lands': '' } as const

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
