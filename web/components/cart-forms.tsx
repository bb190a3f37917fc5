import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { useSetAtom } from 'jotai'
import type { Cart, LineItem } from '#kernel/models.ts'
import { CART_QUANTITY_DEBOUNCE_MS, TOAST_TIMEOUT_MS } from '#kernel/config.ts'
import { useT } from '../i18n/index.tsx'
import { CART_DONE, quantityProblem, requestedQuantity, type CartAnswer } from '../routes/cart-action.ts'
import { cartAtom, wishlistAtom } from '../state/session/atoms.ts'
import { notifyAtom } from '../state/notifications.ts'
import { useLocalPath } from './local-link.tsx'
import { CartLineView } from './cart-view.tsx'
import { Button, buttonClass } from './ui/button.tsx'
import { Input } from './ui/input.tsx'
import { controlEdge, controlLook, cx } from './ui/cx.ts'
import { useEnhanced } from './ui/use-enhanced.ts'
import { Icon } from './icons.tsx'

/*
 * The cart's forms (decision 0072): a line's quantity and remove, and the coupon, in the drawer, on the cart page and
 * in the checkout summary. Each posts its intent to the one cart action (routes/cart-action.ts). One module, so they
 * load as one chunk with the drawer or those pages, never with a first visit of the catalogue.
 */

/**
 * A cart form with JavaScript (the drawer's lines and coupon, the cart page's, the checkout summary's coupon): it posts
 * its intent to the one cart action (routes/cart-action.ts) through a fetcher, so the page stays. `busy` holds while
 * the post is on its way, and a second submit meanwhile (a double click) is dropped before React has drawn the
 * disabled button. The answered cart goes into the header and drawer; what was done or the reason is a toast (spec
 * §8). `revalidate`: whether the page's loaders read again after it (the cart page and checkout show the cart from
 * their loaders; the drawer has what it needs in the answer). Without JavaScript the same forms are plain posts.
 */
export function useCartForm({ revalidate }: { revalidate: boolean }) {
  const fetcher = useFetcher<CartAnswer>()
  const setCart = useSetAtom(cartAtom)
  const setWishlist = useSetAtom(wishlistAtom)
  const notify = useSetAtom(notifyAtom)
  const { t } = useT()
  const local = useLocalPath()
  const sending = useRef(false)
  const action = local('/Cart')

  useEffect(() => {
    const answer = fetcher.data
    if (!answer) return
    if (answer.error) notify({ message: answer.error, type: 'error', timeout: TOAST_TIMEOUT_MS })
    else if (answer.done) {
      if (answer.cart !== undefined) setCart(answer.cart)
      if (answer.wishlist) setWishlist(answer.wishlist)
      notify({ message: t(CART_DONE[answer.done]), type: 'success', timeout: TOAST_TIMEOUT_MS })
    }
    // once per answer
  }, [fetcher.data])

  /** Posts `form` (with the button that submitted it) unless a post is already on its way. */
  const send = (form: FormData) => {
    if (sending.current) return
    sending.current = true
    void fetcher.submit(form, { method: 'post', action, defaultShouldRevalidate: revalidate }).finally(() => {
      sending.current = false
    })
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    send(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter))
  }
  return { Form: fetcher.Form, action, onSubmit, send, busy: fetcher.state !== 'idle', pending: fetcher.formData, answer: fetcher.data }
}

const STEP =
  'inline-flex h-11 w-11 items-center justify-center rounded-md border border-neutral-300 text-lg font-bold text-neutral-800 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600'

/**
 * One line of the cart (drawer and cart page) with its forms, posted to the one cart action (routes/cart-action.ts):
 * − / typed value / + (`quantity`; spec §2, §7: at least 1, at most what is in stock), the bin (`remove`) and, for a
 * member whose wishlist does not hold it yet (`save`), 'Save for later' (`save-for-later`).
 *
 * Without JavaScript both are plain forms (the quantity form's 'Update' sends a typed value). With JavaScript they post
 * through a fetcher: a typed value is sent 500 ms after the last key, an invalid one (0, a letter, more than the
 * stock) goes back at once with the reason, the controls are disabled while a change is on its way, and the line shows
 * the change at once (the asked quantity; a removed or saved line is gone) until the answer puts the real cart in place. A
 * refused change leaves the line as it was.
 */
export function CartLine({ item, revalidate, save = false }: { item: LineItem; revalidate: boolean; save?: boolean }) {
  const { t } = useT()
  const enhanced = useEnhanced()
  const notify = useSetAtom(notifyAtom)
  const change = useCartForm({ revalidate })
  const remove = useCartForm({ revalidate })
  const keep = useCartForm({ revalidate })
  const form = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  // optimistic: the quantity asked while its post is on its way, else what the cart holds
  const asked = change.pending ? requestedQuantity(change.pending) : item.qty
  const [typed, setTyped] = useState(String(item.qty))
  // the cart changed (an answer, another tab, the page) or a change was refused: show what it holds
  useEffect(() => setTyped(String(item.qty)), [item.qty, change.answer])
  useEffect(() => () => clearTimeout(timer.current), [])
  const busy = change.busy || remove.busy || keep.busy
  const max = item.maxQuantity ?? undefined

  const submitQuantity = (data: FormData) => {
    clearTimeout(timer.current)
    const quantity = requestedQuantity(data)
    const problem = quantityProblem(quantity, item, t)
    if (problem) {
      setTyped(String(item.qty))
      notify({ message: problem, type: 'error', timeout: TOAST_TIMEOUT_MS })
      return
    }
    if (quantity === item.qty) return setTyped(String(item.qty))
    setTyped(String(quantity))
    change.send(data)
  }
  const type = (value: string) => {
    setTyped(value)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => form.current && submitQuantity(new FormData(form.current)), CART_QUANTITY_DEBOUNCE_MS)
  }
  return (
    <CartLineView item={item} hidden={remove.pending !== undefined || keep.pending !== undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <form
          ref={form}
          method="post"
          action={change.action}
          onSubmit={(event) => {
            event.preventDefault()
            submitQuantity(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter))
          }}
          className="mt-2 flex flex-wrap items-center gap-1.5"
          aria-busy={change.busy || undefined}
          data-testid="quantity-form"
        >
          <input type="hidden" name="intent" value="quantity" />
          <input type="hidden" name="lineId" value={item.id} />
          <input type="hidden" name="current" value={item.qty} />
          <button type="submit" name="step" value="-1" className={STEP} disabled={busy || asked <= 1} aria-label={t('shop.decrease', { name: item.name })} data-testid="qty-decrease">
            −
          </button>
          <label className="sr-only" htmlFor={`qty-${item.id}`}>
            {t('shop.quantity')}
          </label>
          <input
            id={`qty-${item.id}`}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            value={change.pending ? String(asked) : typed}
            onChange={(e) => type(e.target.value)}
            className={cx(controlLook, controlEdge(false), 'h-11 w-16 text-center')}
            data-testid="qty-input"
          />
          <button
            type="submit"
            name="step"
            value="1"
            className={STEP}
            disabled={busy || (max !== undefined && asked >= max)}
            aria-label={t('shop.increase', { name: item.name })}
            data-testid="qty-increase"
          >
            +
          </button>
          {enhanced ? null : (
            <button type="submit" className={buttonClass('secondary', 'sm')}>
              {t('shop.update')}
            </button>
          )}
        </form>
        <form method="post" action={remove.action} onSubmit={remove.onSubmit} className="mt-2">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="lineId" value={item.id} />
          <button
            type="submit"
            disabled={busy}
            className="inline-flex h-11 w-11 items-center justify-center rounded-md text-neutral-600 hover:bg-neutral-100 hover:text-danger-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
            aria-label={t('shop.remove', { name: item.name })}
            data-testid="remove-line"
          >
            <Icon name="trash" className="h-5 w-5" />
          </button>
        </form>
        {save ? (
          // 'Save for later' (spec §2): to the member's wishlist first, the line removed only once that worked
          <form method="post" action={keep.action} onSubmit={keep.onSubmit} className="mt-2">
            <input type="hidden" name="intent" value="save-for-later" />
            <input type="hidden" name="lineId" value={item.id} />
            <input type="hidden" name="variantId" value={item._variantId} />
            <button
              type="submit"
              disabled={busy}
              className="min-h-9 rounded-sm px-1 text-sm font-semibold text-primary-700 underline underline-offset-2 hover:text-primary-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600"
              data-testid="save-for-later"
            >
              {t('cart.saveForLater')}
            </button>
          </form>
        ) : null}
      </div>
    </CartLineView>
  )
}

/**
 * The promo-code field (spec §2, §4) and the applied coupons with their remove buttons, in the drawer, on the cart page
 * and in the checkout summary: `coupon` and `remove-coupon` posted to the one cart action (routes/cart-action.ts),
 * through a fetcher with JavaScript, as plain forms that come back to this page without it.
 */
export function CouponForm({ cart, revalidate = true }: { cart: Cart; revalidate?: boolean }) {
  const { t } = useT()
  const { pathname } = useLocation()
  const form = useCartForm({ revalidate })
  const [code, setCode] = useState('')
  const applied = cart.orderPromotions.filter((promotion) => promotion.code)
  const busy = form.busy
  // an applied code leaves the field
  useEffect(() => {
    if (form.answer?.done === 'coupon') setCode('')
  }, [form.answer])
  return (
    <div className="space-y-2" data-testid="coupon">
      {/* the design system's field and button: the label sits where every field's does, the button on the field's line */}
      <form method="post" action={form.action} onSubmit={form.onSubmit} className="flex items-end gap-2" aria-busy={busy || undefined}>
        <input type="hidden" name="intent" value="coupon" />
        <input type="hidden" name="back" value={pathname} />
        <Input id="coupon-code" name="code" label={t('shop.promoCode')} frameClassName="flex-1" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" maxLength={64} />
        <Button type="submit" variant="secondary" loading={busy && form.pending?.get('intent') === 'coupon'} disabled={busy} data-testid="apply-coupon">
          {t('shop.apply')}
        </Button>
      </form>
      {applied.map((promotion) => (
        <form key={promotion.id} method="post" action={form.action} onSubmit={form.onSubmit} className="flex items-center justify-between gap-2 rounded-md bg-primary-50 pl-3 text-sm">
          <input type="hidden" name="intent" value="remove-coupon" />
          <input type="hidden" name="back" value={pathname} />
          <input type="hidden" name="code" value={promotion.code!} />
          <span className="font-semibold uppercase">{promotion.code}</span>
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            disabled={busy}
            className="text-primary-700"
            data-testid="remove-coupon"
            aria-label={t('shop.removeCoupon', { code: promotion.code! })}
            title={t('shop.removeCoupon', { code: promotion.code! })}
          >
            <Icon name="close" className="h-4 w-4" />
          </Button>
        </form>
      ))}
    </div>
  )
}

