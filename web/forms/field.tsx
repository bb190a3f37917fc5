import type { InputHTMLAttributes, ReactNode } from 'react'
import { controlBase, controlEdge, cx } from '../components/ui/cx.ts'
import { LAND_HERE } from '../components/ui/cx.ts'

/**
 * One labelled form field with its messages underneath (spec §5 texts), wired for screen readers. `beside` (a
 * submit button: 'Redeem', 'Check balance') sits on the input's row, level with it whatever the label's height, and
 * the messages go under both.
 */
export function Field({ name, id = name, label, errors, children, beside, ...input }: { name: string; id?: string; label: string; errors?: string[]; children?: ReactNode; beside?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const invalid = Boolean(errors?.length)
  const control = children ?? (
    <input
      id={id}
      name={name}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? `${id}-error` : undefined}
      className={cx(controlBase, controlEdge(invalid), beside ? 'min-w-0 flex-1' : undefined)}
      {...input}
    />
  )
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      {beside ? (
        <div className="flex items-start gap-2">
          {control}
          {beside}
        </div>
      ) : (
        control
      )}
      <FieldErrors name={name} id={id} errors={errors} />
    </div>
  )
}

export function FieldErrors({ name, id = name, errors }: { name: string; id?: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <span id={`${id}-error`} className="mt-1 block text-sm text-danger-700" data-testid={`error-${name}`} role="alert" {...LAND_HERE}>
      {errors.join(' ')}
    </span>
  )
}

/** The form-level message (the API's sentence, e.g. a declined card). */
export function FormMessage({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <p className="rounded-md border border-danger-300 bg-danger-50 px-3 py-2 text-sm text-danger-800" role="alert" {...LAND_HERE} data-testid="form-error">
      {message}
    </p>
  )
}
