import { controlBase, controlEdge, cx } from './cx.ts'

/**
 * An email field that says its refusal (the newsletter's and the back-in-stock alert's forms): marked invalid and
 * described by the refusal's paragraph (`${id}-error`) while there is one.
 */
export function EmailInput({ id, value, onChange, invalid, className, placeholder }: { id: string; value: string; onChange: (value: string) => void; invalid: boolean; className: string; placeholder?: string }) {
  return (
    <input
      id={id}
      name="email"
      type="email"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      className={cx(controlBase, controlEdge(invalid), 'min-h-11', className)}
      autoComplete="email"
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
    />
  )
}
