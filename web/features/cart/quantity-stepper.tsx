import { useEffect, useRef, useState } from 'react'
import type { LineItem } from '#kernel/models.ts'
import { CART_QUANTITY_DEBOUNCE_MS } from '#kernel/config.ts'
import { useT } from '../../i18n/index.tsx'
import { controlEdge, controlLook, cx } from '../../components/ui/cx.ts'
import { quantityProblem } from '../../routes/cart-action.ts'

const STEP = 'inline-flex h-11 w-11 items-center justify-center rounded-md border border-neutral-300 text-lg font-bold text-neutral-800 hover:bg-neutral-100 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-600'

/**
 * − / typed value / + (spec §2, §7): minimum 1, at most what is in stock. A typed value is sent 500 ms after the last
 * key; the field always goes back to what the cart really holds once the answer is in, and an invalid value (0, a
 * letter, more than the stock) goes back at once with the reason (`onInvalid`).
 */
export function QuantityStepper({ item, onChange, onInvalid }: { item: LineItem; onChange: (quantity: number) => Promise<boolean>; onInvalid: (message: string) => void }) {
  const { t } = useT()
  const [typed, setTyped] = useState(String(item.qty))
  const [busy, setBusy] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const held = useRef(item.qty)
  held.current = item.qty
  // the cart changed (an answer, another tab, the page): show what it holds
  useEffect(() => setTyped(String(item.qty)), [item.qty])
  useEffect(() => () => clearTimeout(timer.current), [])

  const send = async (quantity: number) => {
    clearTimeout(timer.current)
    const problem = quantityProblem(quantity, item, t)
    if (problem) {
      setTyped(String(item.qty))
      onInvalid(problem)
      return
    }
    if (quantity === item.qty) return setTyped(String(item.qty))
    setBusy(true)
    const ok = await onChange(quantity)
    setBusy(false)
    // a refused change leaves the line as it was, and the field says so (a granted one arrives as the new item.qty)
    if (!ok) setTyped(String(held.current))
  }
  const type = (value: string) => {
    setTyped(value)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void send(value.trim() === '' ? NaN : Number(value)), CART_QUANTITY_DEBOUNCE_MS)
  }
  const max = item.maxQuantity ?? undefined
  return (
    <div className="mt-2 flex items-center gap-1.5" data-testid="quantity-stepper">
      <button type="button" className={STEP} disabled={busy || item.qty <= 1} onClick={() => void send(item.qty - 1)} aria-label={t('shop.decrease', { name: item.name })} data-testid="qty-decrease">
        −
      </button>
      <label className="sr-only" htmlFor={`qty-${item.id}`}>
        {t('shop.quantity')}
      </label>
      <input
        id={`qty-${item.id}`}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={typed}
        onChange={(e) => type(e.target.value)}
        className={cx(controlLook, controlEdge(false), 'h-11 w-16 text-center')}
        data-testid="qty-input"
      />
      <button type="button" className={STEP} disabled={busy || (max !== undefined && item.qty >= max)} onClick={() => void send(item.qty + 1)} aria-label={t('shop.increase', { name: item.name })} data-testid="qty-increase">
        +
      </button>
    </div>
  )
}
