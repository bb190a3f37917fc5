import { useState } from 'react'
import { Form } from 'react-router'
import { formatMoney } from '#kernel/format.ts'
import { instalments, payLaterEligible } from '#kernel/pay-later.ts'
import { Radio } from '../../components/ui/radio.tsx'
import type { Cart } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { Field, FieldErrors, FormMessage } from '../../forms/field.tsx'
import { useStepForm } from './use-step-form.ts'
import { validateCard, type FieldErrors as Errors } from '../../forms/address-validation.ts'
import { buttonClass } from '../../components/ui/button.tsx'
import { checkboxInput, checkboxRow } from '../../components/ui/checkbox.tsx'
import { CAPTCHA_FIELD, CaptchaField } from '../../forms/captcha/captcha-field.tsx'

/**
 * Redeeming a gift card before paying (issue 9.1): the code is attached to the checkout and the summary beside shows
 * what the card pays, what it keeps and the balance still due; 'Remove gift card' takes it off again. Real forms.
 */
export function GiftCardRedeem({ cart }: { cart: Cart }) {
  const { t } = useT()
  const form = useStepForm((data): Errors => (String(data.get('giftCardCode') ?? '').trim() ? {} : { giftCardCode: [t('validation.required')] }), 'gift-card')
  if (cart.giftCard) {
    return (
      <Form method="post" className="flex flex-wrap items-center justify-between gap-3 rounded-md bg-success-50 px-4 py-3" data-testid="gift-card-applied">
        <input type="hidden" name="intent" value="remove-gift-card" />
        <p className="text-sm text-success-800">
          <span className="font-semibold">{t('shop.giftCard', { code: cart.giftCard.code })}</span>: −{cart.giftCard.amount} · {t('shop.giftCardLeft')}: {cart.giftCard.remaining}
        </p>
        <button type="submit" className={buttonClass('secondary', 'sm')} data-testid="remove-gift-card">
          {t('shop.removeGiftCard')}
        </button>
      </Form>
    )
  }
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} data-testid="gift-card-form">
      <input type="hidden" name="intent" value="gift-card" />
      <Field
        name="giftCardCode"
        label={t('shop.giftCardCode')}
        errors={form.errors.giftCardCode}
        defaultValue={form.values?.giftCardCode ?? ''}
        autoComplete="off"
        maxLength={40}
        beside={
          <button type="submit" disabled={form.busy} className={buttonClass('secondary', 'md')}>
            {t('shop.redeem')}
          </button>
        }
      />
    </Form>
  )
}

/**
 * Payment: the card (posted once to the action and never kept in the page's state or storage), and the terms, which
 * must be agreed before paying (spec §5). When a gift card or store credit covers the whole balance, no card is asked.
 */
export function PaymentForm({ cart }: { cart: Cart }) {
  const { t } = useT()
  const covered = Boolean(cart.giftCard) && cart.balanceAmount === 0
  const [chosen, choose] = useState<string | null>(null)
  const form = useStepForm((data) => {
    const errors: Errors = covered || (data.get('payWith') ?? 'card') !== 'card' ? {} : validateCard({ cardNumber: String(data.get('cardNumber') ?? ''), expiry: String(data.get('expiry') ?? ''), cvc: String(data.get('cvc') ?? '') }, t)
    if (data.get('terms') !== 'on') errors.terms = [t('checkout.termsRequired')]
    return errors
  }, 'pay')
  return (
    <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-6" data-testid="payment-form" autoComplete="on">
      <input type="hidden" name="intent" value="pay" />
      <FormMessage message={form.message} />
      {/* what the card may be charged at most: the balance due this page shows (a moved balance refuses, never re-prices) */}
      <input type="hidden" name="expectedBalance" value={cart.balanceAmount.toFixed(2)} />
      {covered ? (
        <p className="rounded-md bg-success-50 px-3 py-2 text-success-800" data-testid="gift-card-pays-all">
          {t('shop.giftCardPaysAll')}
        </p>
      ) : (
        <PayChoices cart={cart} chosen={chosen ?? form.values?.payWith ?? 'card'} onChoose={choose} />
      )}
      {covered || (chosen ?? form.values?.payWith ?? 'card') !== 'card' ? null : (
        <fieldset className="grid gap-4 sm:grid-cols-4">
          <legend className="mb-2 text-lg font-semibold">{t('checkout.card')}</legend>
          <div className="sm:col-span-2">
            <Field name="cardNumber" label={t('checkout.cardNumber')} errors={form.errors.cardNumber} inputMode="numeric" autoComplete="cc-number" maxLength={23} />
          </div>
          <Field name="expiry" label={t('checkout.expiry')} errors={form.errors.expiry} placeholder={t('checkout.expiryPlaceholder')} autoComplete="cc-exp" maxLength={5} />
          <Field name="cvc" label={t('checkout.cvc')} errors={form.errors.cvc} inputMode="numeric" autoComplete="cc-csc" maxLength={4} />
        </fieldset>
      )}
      <TermsField checked={form.values?.terms === 'on'} errors={form.errors.terms} />
      <DeclinesCaptcha errors={form.errors} values={form.values} />
      <button type="submit" disabled={form.busy} className={buttonClass('primary', 'lg', true)} data-testid="pay">
        {form.busy ? t('checkout.working') : t('checkout.pay')}
      </button>
    </Form>
  )
}

/** The terms and conditions, agreed before paying (spec §5). */
export function TermsField({ checked, errors }: { checked: boolean; errors?: string[] }) {
  const { t } = useT()
  const [before, link, after] = t('checkout.terms').split(/\[([^\]]*)\]/)
  return (
    <div>
      <label className={checkboxRow}>
        <input type="checkbox" name="terms" defaultChecked={checked} aria-invalid={errors ? true : undefined} className={checkboxInput} />
        {/* one sentence, read once: 'I agree to the terms and conditions', the words naming them the link to them */}
        <span>
          {before}
          <LocalLink to="/TermsAndConditions" target="_blank" className="underline">
            {link}
          </LocalLink>
          {after}
        </span>
      </label>
      <FieldErrors name="terms" errors={errors} />
    </div>
  )
}

/**
 * The captcha after repeated declines (card-testing defence, worker/backend/payments/card-attempts.ts): shown once the
 * action answers `errors.captcha`, and on every later try of the page; each answer gets a fresh widget (an answer is
 * good once).
 */
export function DeclinesCaptcha({ errors, values }: { errors: Errors; values?: Record<string, string> }) {
  if (!errors.captcha && values?.[CAPTCHA_FIELD] === undefined) return null
  return <CaptchaField key={values?.[CAPTCHA_FIELD] ?? ''} error={errors.captcha?.[0]} />
}

/**
 * The offline test gateway's choices beside the card (decision 0079): its wallet, and pay-later where the balance is
 * within the limits (kernel/pay-later.ts; the backend refuses the same). Without JavaScript the card fields stay and
 * are ignored for a wallet or pay-later.
 */
function PayChoices({ cart, chosen, onChoose }: { cart: Cart; chosen: string; onChoose: (v: string) => void }) {
  const { t, locale } = useT()
  const cents = Math.round(cart.balanceAmount * 100)
  const later = payLaterEligible(cents, cart.currency)
  const split = instalments(cents)
  const choices = [
    { value: 'card', label: t('checkout.payByCard'), description: null },
    { value: 'wallet', label: t('checkout.payByWallet'), description: t('checkout.walletNote') },
    ...(later ? [{ value: 'pay_later', label: t('checkout.payLater'), description: t('checkout.payLaterNote', { amount: formatMoney(split.rest / 100, cart.currency, locale), even: split.even ? 1 : 0 }) }] : []),
  ]
  return (
    <fieldset className="space-y-2" data-testid="pay-choices">
      <legend className="mb-2 text-lg font-semibold">{t('checkout.payWith')}</legend>
      {choices.map((c) => (
        <Radio key={c.value} id={`pay-with-${c.value}`} name="payWith" value={c.value} card label={c.label} description={c.description} checked={chosen === c.value} onChange={() => onChoose(c.value)} />
      ))}
    </fieldset>
  )
}
