import { useEffect, useRef, type FormEvent } from 'react'
import { useFetcher } from 'react-router'
import { useSetAtom } from 'jotai'
import type { CartAnswer, CartIntent } from '../../routes/cart-action.ts'
import { useLocalPath } from '../../components/local-link.tsx'
import { TOAST_TIMEOUT_MS } from '#kernel/config.ts'
import { cartAtom } from '../../state/session/atoms.ts'
import { openPanelAtom } from '../../state/ui.ts'
import { notifyAtom } from '../../state/notifications.ts'

/**
 * The add-to-cart form's `intent`: the product page does not read itself again after it (routes/product.tsx). Named
 * here, not imported from the cart action, so the page's first visit carries none of the cart's code (decision 0072).
 */
export const ADD_TO_CART = 'add-to-cart' satisfies CartIntent

/**
 * The add-to-cart form with JavaScript: it posts to the one cart action (routes/cart-action.ts, the form's `action`)
 * through a fetcher, so the page stays and
 * `busy` holds while the add is on its way; the answered cart goes into the header and drawer, which opens, and a
 * refusal is a notice. The second press of a double click can come before React has drawn the disabled button, so
 * a post already under way is the one that counts: a double click adds one unit.
 */
export function useAddToCart() {
  const fetcher = useFetcher<CartAnswer>()
  const setCart = useSetAtom(cartAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const notify = useSetAtom(notifyAtom)
  const sending = useRef(false)
  const cartPath = useLocalPath()('/Cart')

  useEffect(() => {
    const answer = fetcher.data
    if (answer?.cart) {
      setCart(answer.cart)
      openPanel('cart')
    } else if (answer?.error) {
      notify({ message: answer.error, type: 'error', timeout: TOAST_TIMEOUT_MS })
    }
  }, [fetcher.data, setCart, openPanel, notify])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (sending.current) return
    sending.current = true
    void fetcher.submit(event.currentTarget, { action: cartPath }).finally(() => {
      sending.current = false
    })
  }
  return { Form: fetcher.Form, onSubmit, busy: fetcher.state !== 'idle' }
}
