import { useEffect, useRef, type ReactNode } from 'react'
import { Icon } from './icons.tsx'

/**
 * A panel that slides in from the right (cart, wishlist) or left (mobile menu). It is a modal dialog: focus moves in
 * when it opens, Esc closes it, and the backdrop click closes it.
 */
export function Sidebar(props: { open: boolean; onClose: () => void; title: string; closeLabel: string; side?: 'left' | 'right'; testId: string; children: ReactNode; footer?: ReactNode }) {
  const panel = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!props.open) return
    panel.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && props.onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [props.open, props.onClose])
  if (!props.open) return null
  const side = props.side === 'left' ? 'left-0' : 'right-0'
  return (
    <div className="fixed inset-0 z-50" data-testid={props.testId}>
      <div className="absolute inset-0 bg-black/40" onClick={props.onClose} aria-hidden="true" />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label={props.title}
        tabIndex={-1}
        className={`absolute top-0 ${side} flex h-full w-full max-w-md flex-col bg-white shadow-xl outline-none`}
      >
        <div className="flex items-center justify-between border-b border-gray-200 px-5 py-4">
          <h2 className="text-lg font-semibold">{props.title}</h2>
          <button type="button" onClick={props.onClose} className="rounded p-1 hover:bg-gray-100" aria-label={props.closeLabel}>
            <Icon name="close" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto px-5 py-4">{props.children}</div>
        {props.footer ? <div className="border-t border-gray-200 px-5 py-4">{props.footer}</div> : null}
      </div>
    </div>
  )
}
