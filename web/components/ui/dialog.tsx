import type { ReactNode } from 'react'
import { Icon } from '../icons.tsx'
import { Button } from './button.tsx'
import { ModalLayer } from './modal-layer.tsx'

export interface DialogProps {
  open: boolean
  onClose: () => void
  title: string
  closeLabel: string
  testId?: string
  children: ReactNode
  /** Under the title, e.g. a short explanation. */
  description?: ReactNode
  /** The panel's widest: 'lg' for a table (a size guide's columns side by side on a desktop). */
  size?: 'sm' | 'md' | 'lg'
}

/**
 * A modal dialog: a sheet from the bottom on phones, centred on desktop. Focus moves in and stays in (Tab cycles),
 * Esc and the backdrop close it, and focus returns to the control that opened it.
 */
export function Dialog({ open, onClose, title, closeLabel, testId, children, description, size = 'md' }: DialogProps) {
  return (
    <ModalLayer
      open={open}
      onClose={onClose}
      title={title}
      testId={testId}
      layerClassName="fixed inset-0 z-50 flex items-end justify-center lg:items-center lg:p-6"
      panelClassName={`relative max-h-[92vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl outline-none lg:rounded-xl ${size === 'sm' ? 'max-w-sm' : size === 'lg' ? 'max-w-2xl' : 'max-w-md'}`}
    >
      <div className="mb-5 flex items-start justify-between gap-4">
        <div>
          <h2 className="text-2xl font-bold text-neutral-900">
            {title}
          </h2>
          {description ? <div className="mt-1 text-sm text-neutral-600">{description}</div> : null}
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={closeLabel} className="-mr-2 -mt-2 shrink-0">
          <Icon name="close" />
        </Button>
      </div>
      {children}
    </ModalLayer>
  )
}
