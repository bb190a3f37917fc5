import { useEffect, useRef, type FormEvent } from 'react'
import { useFetcher } from 'react-router'
import { useSetAtom } from 'jotai'
import type { Cart } from '#kernel/models.ts'
import { TOAST_TIMEOUT_MS } from '#kernel/config.ts'
import { cartAtom } from '../../state/session/atoms.ts'
import { openPanelAtom } from '../../state/ui.ts'
import { notifyAtom } from '../../state/notifications.ts'

/** The add-to-cart form's `intent`: the product page does not read itself again after it (routes/product.tsx). */
export const ADD_TO_CART = 'add-to-cart'

/** What the product page's action answers a fetcher's add (routes/product-action.ts): the cart, or the reason. */
interface AddAnswer {
  cart?: Cart
  error?: string
}

/**
 * The add-to-cart form with JavaScript: it posts to the page's action through a fetcher, so the page stays and
 * `busy` holds while the add is on its way; the answered cart goes into the header and drawer, which opens, and a
 * refusal is a notice. The second press of a double click can come before React has drawn the disabled button, so
 * a post already under way is the one that counts: a double click adds one unit.
 */
export function useAddToCart() {
  const fetcher = useFetcher<AddAnswer>()
  const setCart = useSetAtom(cartAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const notify = useSetAtom(notifyAtom)
  const sending = useRef(false)

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
    void fetcher.submit(event.currentTarget).finally(() => {
      sending.current = false
    })
  }
  return { Form: fetcher.Form, onSubmit, busy: fetcher.state !== 'idle' }
}
