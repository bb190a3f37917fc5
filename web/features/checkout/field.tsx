import type { InputHTMLAttributes, ReactNode } from 'react'

/** One labelled form field with its messages underneath (spec §5 texts), wired for screen readers. */
export function Field({ name, label, errors, children, ...input }: { name: string; label: string; errors?: string[]; children?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const invalid = Boolean(errors?.length)
  return (
    <div className="text-sm">
      <label htmlFor={name} className="mb-1 block font-semibold">
        {label}
      </label>
      {children ?? (
        <input
          id={name}
          name={name}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${name}-error` : undefined}
          className={invalid ? 'w-full rounded border border-red-600 px-3 py-2' : 'w-full rounded border border-gray-300 px-3 py-2'}
          {...input}
        />
      )}
      <FieldErrors name={name} errors={errors} />
    </div>
  )
}

export function FieldErrors({ name, errors }: { name: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <span id={`${name}-error`} className="mt-1 block text-red-700" data-testid={`error-${name}`} role="alert">
      {errors.join(' ')}
    </span>
  )
}

/** The form-level message (the API's sentence, e.g. a declined card). */
export function FormMessage({ message }: { message?: string | null }) {
  if (!message) return null
  return (
    <p className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" data-testid="form-error">
      {message}
    </p>
  )
}
