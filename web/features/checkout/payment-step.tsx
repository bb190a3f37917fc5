import { Form } from 'react-router'
import type { Cart } from '../../api/models.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { Field, FieldErrors, FormMessage } from './field.tsx'
import { useStepForm } from './use-step-form.ts'
import { validateCard, type FieldErrors as Errors } from './validation.ts'
import { buttonClass } from '../../components/ui/button.tsx'

/**
 * Payment: an optional gift card, the card (posted once to the action and never kept in the page's state or
 * storage), and the terms, which must be agreed before paying (spec §5).
 */
export function PaymentForm({ cart }: { cart: Cart }) {
  const { t } = useT()
  const form = useStepForm((data) => {
    const giftOnly = String(data.get('giftCardCode') ?? '').trim() !== '' && !String(data.get('cardNumber') ?? '').trim()
    const errors: Errors = giftOnly ? {} : validateCard({ cardNumber: String(data.get('cardNumber') ?? ''), expiry: String(data.get('expiry') ?? ''), cvc: String(data.get('cvc') ?? '') }, t)
    if (data.get('terms') !== 'on') errors.terms = [t('checkout.termsRequired')]
    return errors
  })
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-6" data-testid="payment-form" autoComplete="on">
      <FormMessage message={form.message} />
      {/* what the card may be charged at most: the balance due this page shows (a moved balance refuses, never re-prices) */}
      <input type="hidden" name="expectedBalance" value={cart.balanceAmount.toFixed(2)} />
      <Field name="giftCardCode" label={t('checkout.giftCard')} errors={form.errors.giftCardCode} defaultValue={form.values?.giftCardCode ?? ''} autoComplete="off" />
      <fieldset className="grid gap-4 sm:grid-cols-4">
        <legend className="mb-2 text-lg font-semibold">{t('checkout.card')}</legend>
        <div className="sm:col-span-2">
          <Field name="cardNumber" label={t('checkout.cardNumber')} errors={form.errors.cardNumber} inputMode="numeric" autoComplete="cc-number" maxLength={23} />
        </div>
        <Field name="expiry" label={t('checkout.expiry')} errors={form.errors.expiry} placeholder="MM/YY" autoComplete="cc-exp" maxLength={5} />
        <Field name="cvc" label={t('checkout.cvc')} errors={form.errors.cvc} inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
      </fieldset>
      <div>
        <label className="flex items-center gap-2">
          <input type="checkbox" name="terms" defaultChecked={form.values?.terms === 'on'} aria-invalid={form.errors.terms ? true : undefined} className="h-4 w-4" />
          <span>
            {t('checkout.terms')} (
            <LocalLink to="/TermsAndConditions" target="_blank" className="underline">
              {t('footer.terms')}
            </LocalLink>
            )
          </span>
        </label>
        <FieldErrors name="terms" errors={form.errors.terms} />
      </div>
      <button type="submit" disabled={form.busy} className={buttonClass('primary', 'lg', true)} data-testid="pay">
        {form.busy ? t('checkout.working') : t('checkout.pay')}
      </button>
    </Form>
  )
}
