import { useEffect, useRef, type ReactNode } from 'react'
import { Icon } from './icons.tsx'

/** A centred modal dialog: focus moves in, Esc and the backdrop close it. */
export function Modal(props: { open: boolean; onClose: () => void; title: string; closeLabel: string; testId: string; children: ReactNode }) {
  const dialog = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!props.open) return
    dialog.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && props.onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [props.open, props.onClose])
  if (!props.open) return null
  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center lg:items-center" data-testid={props.testId}>
      <div className="absolute inset-0 bg-black/40" onClick={props.onClose} aria-hidden="true" />
      <div ref={dialog} role="dialog" aria-modal="true" aria-label={props.title} tabIndex={-1} className="relative w-full max-w-md rounded-t-lg bg-white p-6 shadow-xl outline-none lg:rounded-lg">
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-xl font-semibold">{props.title}</h2>
          <button type="button" onClick={props.onClose} className="rounded p-1 hover:bg-gray-100" aria-label={props.closeLabel}>
            <Icon name="close" />
          </button>
        </div>
        {props.children}
      </div>
    </div>
  )
}
