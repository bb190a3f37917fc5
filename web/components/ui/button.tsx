import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { cx } from './cx.ts'
import { Spinner } from './spinner.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'club' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon'

const variants: Record<ButtonVariant, string> = {
  // primary-600 carries white text at 4.78:1; hover darkens to 700 (6.33:1).
  primary: 'bg-primary-600 text-white shadow-sm hover:bg-primary-700 active:bg-primary-800',
  secondary: 'border border-neutral-900 bg-white text-neutral-900 hover:bg-neutral-100 active:bg-neutral-200',
  ghost: 'text-neutral-800 hover:bg-neutral-100 active:bg-neutral-200',
  club: 'bg-club-700 text-white shadow-sm hover:bg-club-800',
  danger: 'border border-danger-700 bg-white text-danger-700 hover:bg-danger-50',
}
const sizes: Record<ButtonSize, string> = {
  // 44 px on phones and tablets (touch), 36 px from lg
  sm: 'min-h-11 px-3 py-1.5 text-sm lg:min-h-9',
  md: 'min-h-11 px-5 py-2.5 text-base',
  lg: 'min-h-12 px-6 py-3 text-lg',
  icon: 'h-11 w-11 justify-center p-0',
}

/**
 * The classes of a button, for the few places that must render another element as one (a router link styled as a
 * button). Everything else uses <Button>.
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', block = false) {
  // `btn` is the shared look and focus ring (web/styles/components.ts)
  return cx('btn', variants[variant],
    sizes[size],
    block && 'w-full',
  )
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  block?: boolean
  /** Busy: a spinner replaces nothing, the label stays, and the button refuses a second press. */
  loading?: boolean
  children: ReactNode
}

/** Primary, secondary, ghost (and club, danger) buttons; `size="icon"` for a square icon button with an aria-label. */
export function Button({ variant = 'primary', size = 'md', block = false, loading = false, className, disabled, type = 'button', children, ...props }: ButtonProps) {
  return (
    <button type={type} className={cx(buttonClass(variant, size, block), className)} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading ? <Spinner /> : null}
      {children}
    </button>
  )
}
