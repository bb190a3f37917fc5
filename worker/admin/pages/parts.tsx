import type { ReactNode } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { controlBase, controlEdge, cx, focusRing } from '#web/components/ui/cx.ts'
import { describedBy, FieldFrame } from '#web/components/ui/field-frame.tsx'

/** Small building blocks of the console's screens, on the design system's tokens. */

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-2xl font-bold text-neutral-900">{title}</h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  )
}

/** The outcome of the last action (a 303 carries it as `?notice=`), or a refusal. */
export function Notice({ tone = 'success', children }: { tone?: 'success' | 'error'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx('mb-4 rounded border px-4 py-3 text-sm font-semibold', tone === 'error' ? 'border-danger-700 bg-danger-50 text-danger-700' : 'border-success-700 bg-success-50 text-success-800')}>
      {children}
    </div>
  )
}

/**
 * The one-time key of a form that gives out money (worker/admin/form-tokens.ts): new each time the page is drawn, so
 * the same form sent twice (a double click, the browser resending it, the back button) is done once.
 */
export function FormToken() {
  return <input type="hidden" name="form_token" value={crypto.randomUUID()} />
}

/** What a form sent a second time was done the first time, and where to see it (worker/admin/form-tokens.ts). */
export interface AlreadySent {
  message: string
  href: string | null
  label: string
}

export function AlreadySentNotice({ already }: { already?: AlreadySent }) {
  if (!already) return null
  return (
    <Notice>
      {already.message}
      {already.href ? (
        <>
          {' '}
          <TextLink href={already.href}>{already.label}</TextLink>
        </>
      ) : null}
    </Notice>
  )
}

export function Panel({ title, children, className }: { title?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cx('mb-6 rounded-md border border-neutral-200 bg-white p-4', className)} aria-label={title}>
      {title ? <h2 className="mb-3 text-lg font-bold">{title}</h2> : null}
      {children}
    </section>
  )
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    // focusable, so a keyboard can scroll a wide table on a phone
    <div className={cx('overflow-x-auto rounded-md border border-neutral-200 bg-white', focusRing)} tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-neutral-100 text-neutral-800">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-200">{children}</tbody>
      </table>
    </div>
  )
}

export const cell = 'px-3 py-2 align-top'

export function TextLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} className={cx('font-semibold text-primary-700 underline hover:text-primary-800', focusRing, className)}>
      {children}
    </a>
  )
}

/** Previous/next over a server-paged list; `href(page)` keeps the filters. */
export function Pager({ page, total, pageSize, href }: { page: number; total: number; pageSize: number; href: (page: number) => string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 ? <TextLink href={href(page - 1)}>Previous page</TextLink> : null}
      <span>
        Page {page} of {pages} ({total} in all)
      </span>
      {page < pages ? <TextLink href={href(page + 1)}>Next page</TextLink> : null}
    </nav>
  )
}

/** Field messages of a refused form, by field name (the first message of each). */
export type FieldErrors = Record<string, string | undefined>
export type FormValues = Record<string, string | undefined>

export function ErrorSummary({ errors }: { errors?: FieldErrors }) {
  const messages = Object.values(errors ?? {}).filter(Boolean)
  if (messages.length === 0) return null
  return <Notice tone="error">Please correct {messages.length === 1 ? 'the field' : `the ${messages.length} fields`} marked below.</Notice>
}

export function money(cents: number | null | undefined, currency: string): string {
  if (cents === null || cents === undefined) return '–'
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency, currencyDisplay: 'code' }).format(cents / 100).replace(/\s/g, ' ')
}

export function when(iso: string | null | undefined): string {
  if (!iso) return '–'
  return new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Australia/Melbourne' }).format(new Date(iso))
}

/** A labelled multi-line field on the design system's frame and control look. */
export function TextArea({ id, name, label, defaultValue, error, rows = 4, hint }: { id: string; name: string; label: ReactNode; defaultValue?: string; error?: string; rows?: number; hint?: string }) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <textarea id={id} name={name} rows={rows} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={cx(controlBase, controlEdge(Boolean(error)))} />
    </FieldFrame>
  )
}

/**
 * Move up, move down and remove for one row of a list edited without a script (CMS sections, menu rows): each posts
 * the form with `intent` = `up.N`, `down.N` or `remove.N`; `title` names the row for screen readers.
 */
export function RowButtons({ index, count, title, className }: { index: number; count: number; title: string; className?: string }) {
  return (
    <div className={cx('flex flex-wrap gap-2', className)}>
      {index > 0 ? (
        <Button type="submit" name="intent" value={`up.${index}`} variant="secondary" size="sm">
          Move up <span className="sr-only">{title}</span>
        </Button>
      ) : null}
      {index < count - 1 ? (
        <Button type="submit" name="intent" value={`down.${index}`} variant="secondary" size="sm">
          Move down <span className="sr-only">{title}</span>
        </Button>
      ) : null}
      <Button type="submit" name="intent" value={`remove.${index}`} variant="danger" size="sm">
        Remove <span className="sr-only">{title}</span>
      </Button>
    </div>
  )
}
