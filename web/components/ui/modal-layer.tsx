import { useRef, type ReactNode } from 'react'
import { useFocusTrap } from './use-focus-trap.ts'

export interface ModalLayerProps {
  open: boolean
  onClose: () => void
  /** The accessible name of the panel. */
  title: string
  testId?: string
  /** Classes of the full-screen layer (how it places the panel) and of the panel itself. */
  layerClassName: string
  panelClassName: string
  children: ReactNode
}

/**
 * What every modal panel shares (Dialog, Drawer): a backdrop that closes it, a `role=dialog` panel that traps focus,
 * closes on Esc and gives focus back to its opener. Each caller only decides where the panel sits and what it holds.
 */
export function ModalLayer({ open, onClose, title, testId, layerClassName, panelClassName, children }: ModalLayerProps) {
  const panel = useRef<HTMLDivElement>(null)
  useFocusTrap(panel, open, onClose)
  if (!open) return null
  return (
    <div className={layerClassName} data-testid={testId}>
      <div className="absolute inset-0 bg-neutral-900/50" onClick={onClose} aria-hidden="true" />
      <div ref={panel} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1} className={panelClassName}>
        {children}
      </div>
    </div>
  )
}
