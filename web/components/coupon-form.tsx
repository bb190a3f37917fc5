import { useState, type FormEvent } from 'react'
import { Form, useLocation } from 'react-router'
import type { Cart } from '#kernel/models.ts'
import { useT } from '../i18n/index.tsx'
import { useLocalPath } from './local-link.tsx'
import { Button } from './ui/button.tsx'
import { Input } from './ui/input.tsx'
import { Icon } from './icons.tsx'

interface Enhanced {
  /** With JavaScript (the sidebar, the checkout summary): apply or remove through the API instead of the page post. */
  onApply?: (code: string) => Promise<boolean>
  onRemove?: (code: string) => Promise<void>
  busy?: boolean
}

/**
 * The promo-code field (spec §2, §4) and the applied coupons with their remove buttons. Plain forms posted to the
 * cart page's action, so they work without JavaScript from any page; `onApply`/`onRemove` take over when given.
 */
export function CouponForm({ cart, onApply, onRemove, busy }: { cart: Cart } & Enhanced) {
  const { t } = useT()
  const local = useLocalPath()
  const { pathname } = useLocation()
  const [code, setCode] = useState('')
  const applied = cart.orderPromotions.filter((promotion) => promotion.code)
  const apply = async (event: FormEvent) => {
    if (!onApply) return
    event.preventDefault()
    if (code.trim() && (await onApply(code.trim()))) setCode('')
  }
  return (
    <div className="space-y-2" data-testid="coupon">
      {/* the design system's field and button: the label sits where every field's does, the button on the field's line */}
      <Form method="post" action={local('/Cart')} onSubmit={apply} className="flex items-end gap-2">
        <input type="hidden" name="intent" value="coupon" />
        <input type="hidden" name="back" value={pathname} />
        <Input id="coupon-code" name="code" label={t('shop.promoCode')} frameClassName="flex-1" value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" maxLength={64} />
        <Button type="submit" variant="secondary" loading={busy} data-testid="apply-coupon">
          {t('shop.apply')}
        </Button>
      </Form>
      {applied.map((promotion) => (
        <Form
          key={promotion.id}
          method="post"
          action={local('/Cart')}
          onSubmit={(event) => {
            if (!onRemove) return
            event.preventDefault()
            void onRemove(promotion.code!)
          }}
          className="flex items-center justify-between gap-2 rounded-md bg-primary-50 pl-3 text-sm"
        >
          <input type="hidden" name="intent" value="remove-coupon" />
          <input type="hidden" name="back" value={pathname} />
          <input type="hidden" name="code" value={promotion.code!} />
          <span className="font-semibold uppercase">{promotion.code}</span>
          <Button type="submit" variant="ghost" size="icon" disabled={busy} className="text-primary-700" data-testid="remove-coupon" aria-label={t('shop.removeCoupon', { code: promotion.code! })} title={t('shop.removeCoupon', { code: promotion.code! })}>
            <Icon name="close" className="h-4 w-4" />
          </Button>
        </Form>
      ))}
    </div>
  )
}
