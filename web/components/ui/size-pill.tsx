import type { InputHTMLAttributes } from 'react'
import { cx } from './cx.ts'

export interface SizePillProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  id: string
  label: string
  /** Sold out in this size: still shown, struck through, not choosable. */
  unavailable?: boolean
  unavailableLabel?: string
}

/** A size choice as a radio drawn as a pill; the native input keeps keyboard and form behaviour. */
export function SizePill({ id, label, unavailable = false, unavailableLabel, disabled, className, ...props }: SizePillProps) {
  const off = disabled || unavailable
  return (
    <label htmlFor={id} className={cx('relative inline-flex', off ? 'cursor-not-allowed' : 'cursor-pointer', className)}>
      <input id={id} type="radio" disabled={off} className="peer sr-only" {...props} />
      <span
        className={cx(
          'inline-flex min-h-11 min-w-11 flex-col items-center justify-center rounded-md border px-3 text-sm font-semibold transition-colors duration-fast',
          'border-neutral-400 bg-white text-neutral-900 peer-hover:border-neutral-900 peer-checked:border-neutral-900 peer-checked:bg-neutral-900 peer-checked:text-white',
          'peer-focus-visible:ring-2 peer-focus-visible:ring-primary-600 peer-focus-visible:ring-offset-2',
          off && 'border-neutral-300 bg-neutral-100 text-neutral-600',
        )}
      >
        <span className={off ? 'line-through' : undefined}>{label}</span>
        {unavailable && unavailableLabel ? (
          // Shown, not only said: a struck-through size alone does not tell everyone it is sold out.
          <span className="text-xs font-normal" data-testid="sold-out-label">
            <span className="sr-only">(</span>
            {unavailableLabel}
            <span className="sr-only">)</span>
          </span>
        ) : null}
      </span>
    </label>
  )
}
