import type { RefObject } from 'react'
import { useFocusTrap } from './use-focus-trap.ts'

/**
 * useFocusTrap as a component, for a panel that is in the page's HTML but modal only once opened with JavaScript
 * (the phone menu's `<details>` drawer): it is rendered while open and loaded lazily, so the trap's code is not part
 * of the first visit's JavaScript.
 */
export function FocusTrap({ container, onClose }: { container: RefObject<HTMLElement | null>; onClose: () => void }) {
  useFocusTrap(container, true, onClose)
  return null
}
