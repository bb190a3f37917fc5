import type { ReactNode } from 'react'
import { Icon } from '../icons.tsx'
import { Button } from './button.tsx'
import { ModalLayer } from './modal-layer.tsx'

export interface DrawerProps {
  open: boolean
  onClose: () => void
  title: string
  closeLabel: string
  side?: 'left' | 'right'
  testId?: string
  children: ReactNode
  /** Pinned under the scrolling body: totals and the main action. */
  footer?: ReactNode
}

/**
 * A panel from the side (cart, wishlist, filters, the mobile menu). It is a modal dialog: focus moves in and is
 * trapped, Esc and the backdrop close it, focus returns to the opener.
 */
export function Drawer({ open, onClose, title, closeLabel, side = 'right', testId, children, footer }: DrawerProps) {
  return (
    <ModalLayer
      open={open}
      onClose={onClose}
      title={title}
      testId={testId}
      layerClassName="fixed inset-0 z-50"
      panelClassName={`absolute top-0 flex h-full w-full max-w-md flex-col bg-white shadow-xl outline-none ${side === 'left' ? 'left-0' : 'right-0'}`}
    >
      <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-3">
        <h2 className="text-xl font-bold text-neutral-900">
          {title}
        </h2>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={closeLabel} className="-mr-2">
          <Icon name="close" />
        </Button>
      </div>
      <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer ? <div className="border-t border-neutral-200 bg-neutral-50 px-5 py-4">{footer}</div> : null}
    </ModalLayer>
  )
}
