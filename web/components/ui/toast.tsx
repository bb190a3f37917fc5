import type { ReactNode } from 'react'
import { Icon } from '../icons.tsx'
import { cx } from './cx.ts'

export type ToastTone = 'success' | 'error' | 'info'

// White text on success-700 5.02:1, danger-700 6.47:1, neutral-900 17.5:1.
const tones: Record<ToastTone, string> = {
  success: 'bg-success-700',
  error: 'bg-danger-700',
  info: 'bg-neutral-900',
}

/**
 * One notification: errors are alerts (read at once), the rest polite status messages. The role sits on a box inside
 * the list item: on the `<li>` itself it took the item out of the list, which axe reports as serious ('list').
 */
export function Toast({ tone, children, onDismiss, dismissLabel }: { tone: ToastTone; children: ReactNode; onDismiss: () => void; dismissLabel: string }) {
  return (
    <li>
      <div className={cx('flex items-start gap-3 rounded-md px-4 py-3 text-sm font-medium text-white shadow-lg', tones[tone])} role={tone === 'error' ? 'alert' : 'status'}>
        <span className="flex-1 pt-0.5">{children}</span>
        <button type="button" onClick={onDismiss} aria-label={dismissLabel} className="-m-1 rounded p-1 hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white">
          <Icon name="close" className="h-4 w-4" />
        </button>
      </div>
    </li>
  )
}
