import type { LaunchItem } from '../launch-checklist.ts'
import { cx } from '#web/components/ui/cx.ts'
import { Panel, TextLink } from './parts.tsx'

/**
 * The dashboard's 'Before shoppers can buy' list: each item done or open, what is missing, and where it is fixed (a
 * console page, or the command and docs section for secrets the console cannot hold). Gone once everything is done.
 */
export function LaunchChecklist({ items }: { items: LaunchItem[] }) {
  const open = items.filter((item) => !item.done).length
  if (open === 0) return null
  return (
    <Panel title="Before shoppers can buy">
      <p className="mb-3 text-sm text-neutral-700" data-testid="launch-open">
        {`${open} of ${items.length} still to do.`}
      </p>
      <ol className="space-y-3" data-testid="launch-checklist">
        {items.map((item) => (
          <li key={item.key} data-item={item.key} data-done={item.done} className="flex gap-3">
            <span aria-hidden="true" className={cx('w-5 shrink-0 text-center font-bold', item.done ? 'text-success-800' : 'text-danger-700')}>
              {item.done ? '✓' : '○'}
            </span>
            <div className="min-w-0">
              <p className="font-semibold">
                {item.title}
                <span className="sr-only">{item.done ? ': done' : ': to do'}</span>
              </p>
              <p className="text-sm text-neutral-700">{item.detail}</p>
              {item.done ? null : 'href' in item.fix ? (
                <p className="text-sm">
                  <TextLink href={item.fix.href}>{item.fix.label}</TextLink>
                </p>
              ) : (
                <p className="text-sm break-words">
                  {item.fix.command ? <code className="rounded bg-neutral-100 px-1">{item.fix.command}</code> : null} {item.fix.command ? '— ' : ''}
                  {item.fix.docs}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </Panel>
  )
}
