import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Form, useSearchParams, useSubmit } from 'react-router'
import type { Cart, Locale, SavedCard } from '#kernel/models.ts'
import type { StripePublicConfig } from '../../app-context.ts'
import { useT } from '../../i18n/index.tsx'
import { buttonClass } from '../../components/ui/button.tsx'
import { controlEdge, controlLook, cx } from '../../components/ui/cx.ts'
import { checkboxInput, checkboxRow } from '../../components/ui/checkbox.tsx'
import { Radio } from '../../components/ui/radio.tsx'
import { FormMessage } from '../../forms/field.tsx'
import { DeclinesCaptcha, TermsField } from './payment-step.tsx'
import { isRefusal, REFUSALS } from './payment-refusals.ts'
import type { CardHandle } from './stripe-card.ts'
import { useStepForm } from './use-step-form.ts'
import { useEnhanced } from '../../components/ui/use-enhanced.ts'
import type { FieldErrors } from '../../forms/address-validation.ts'

type CardState = 'loading' | 'ready' | 'failed'

/** Stripe's card element, mounted (from its own chunk) while `enabled`; unmounted when another card is chosen. */
function useStripeCard({ publishableKey, jsUrl }: StripePublicConfig, locale: Locale, enabled: boolean) {
  const target = useRef<HTMLDivElement>(null)
  const handle = useRef<CardHandle | null>(null)
  const [state, setState] = useState<CardState>('loading')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    const node = target.current
    if (!enabled || !node) return
    let cancelled = false
    setState('loading')
    // '#stripe-card' is a stub in the worker (package.json imports), so @stripe/stripe-js stays out of its bundle
    import('#stripe-card')
      .then(({ mountCard }) => mountCard({ publishableKey, jsUrl }, locale, node, setError))
      .then(
        (card) => {
          if (cancelled) return card.destroy()
          handle.current = card
          setState('ready')
        },
        (reason: unknown) => {
          if (cancelled) return
          // the shopper can still pay: without a payment method id the action opens Stripe's hosted page
          console.warn('payment: the card form did not load', reason instanceof Error ? reason.message : reason)
          setState('failed')
        },
      )
    return () => {
      cancelled = true
      handle.current?.destroy()
      handle.current = null
    }
  }, [enabled, publishableKey, jsUrl, locale])
  return { target, handle, state, error, setError }
}

function SavedCardChoice({ cards, choice, onChoose }: { cards: SavedCard[]; choice: string; onChoose: (id: string) => void }) {
  const { t } = useT()
  // the store's choice cards, as the shipping methods are (docs/design.md: `Radio card`)
  const option = (value: string, label: string) => <Radio key={value} id={`savedCard-${value}`} card name="savedCard" value={value} defaultChecked={choice === value} onChange={() => onChoose(value)} label={label} />
  return (
    <fieldset className="space-y-2" data-testid="saved-cards">
      <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('payment.savedCards')}</legend>
      {cards.map((card) =>
        option(card.id, t('payment.savedCard', { brand: card.brand.toUpperCase(), last: card.lastDigits, month: String(card.month).padStart(2, '0'), year: card.year })),
      )}
      {option('new', t('payment.newCard'))}
    </fieldset>
  )
}

/**
 * A member's consent to keep a new card (unticked by default: docs/checkout.md 'Saving a card'). Unticked, Stripe
 * is never asked to attach the card to the member, and it is not among their saved cards afterwards.
 */
function SaveCardField({ checked }: { checked: boolean }) {
  const { t } = useT()
  return (
    <div>
      <label className={checkboxRow}>
        <input type="checkbox" name="saveCard" defaultChecked={checked} aria-describedby="save-card-note" className={checkboxInput} data-testid="save-card" />
        <span>{t('payment.saveCard')}</span>
      </label>
      <p id="save-card-note" className="ml-8 text-sm text-neutral-600">
        {t('payment.saveNote')}
      </p>
    </div>
  )
}

/**
 * The payment step with Stripe (web/features/checkout/stripe-payment-action.ts): a saved card or Stripe's card
 * element, and the terms. On submit the element's card becomes a payment method id first, then the form posts.
 * Without JavaScript (or if Stripe.js fails to load) the same 'Pay now' opens Stripe's hosted payment page.
 */
export function StripePaymentForm({ cart, stripe, savedCards, member }: { cart: Cart; stripe: StripePublicConfig; savedCards: SavedCard[]; member: boolean }) {
  const { t, locale } = useT()
  const [params] = useSearchParams()
  const refused = params.get('refused')
  const covered = Boolean(cart.giftCard) && cart.balanceAmount === 0
  const [choice, setChoice] = useState(savedCards.find((card) => card.isDefault)?.id ?? savedCards[0]?.id ?? 'new')
  const hydrated = useEnhanced()
  const card = useStripeCard(stripe, locale, hydrated && !covered && choice === 'new')
  const [tokenising, setTokenising] = useState(false)
  const submit = useSubmit()
  const form = useStepForm((data): FieldErrors => (data.get('terms') === 'on' ? {} : { terms: [t('checkout.termsRequired')] }), 'pay')
  const billing = cart.address.billing ?? cart.address.shipping
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.onSubmit(event)
    if (event.defaultPrevented || covered || choice !== 'new' || card.state !== 'ready' || !card.handle.current) return
    event.preventDefault()
    const element = event.currentTarget
    setTokenising(true)
    card.setError(null)
    void card.handle.current.createPaymentMethod(billing ? `${billing.firstName} ${billing.lastName}`.trim() : undefined).then((result) => {
      setTokenising(false)
      if ('error' in result) {
        card.setError(result.error)
        return
      }
      element.querySelector<HTMLInputElement>('input[name=paymentMethodId]')!.value = result.id
      void submit(element)
    })
  }
  const busy = form.busy || tokenising
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="space-y-6" data-testid="payment-form">
      <input type="hidden" name="intent" value="pay" />
      <input type="hidden" name="paymentMethodId" defaultValue="" />
      {/* what the card may be charged at most: the balance due this page shows (a moved balance refuses, never re-prices) */}
      <input type="hidden" name="expectedBalance" value={cart.balanceAmount.toFixed(2)} />
      <FormMessage message={form.message ?? (isRefusal(refused) ? t(REFUSALS[refused]) : null)} />
      {covered ? (
        <p className="rounded-md bg-success-50 px-3 py-2 text-success-800" data-testid="gift-card-pays-all">
          {t('shop.giftCardPaysAll')}
        </p>
      ) : (
        <fieldset className="space-y-4">
          <legend className="mb-2 text-lg font-semibold">{t('checkout.card')}</legend>
          {savedCards.length > 0 ? <SavedCardChoice cards={savedCards} choice={choice} onChoose={setChoice} /> : null}
          {!hydrated || choice === 'new' ? (
            <div className="space-y-2">
              {hydrated ? (
                <>
                  <p id="card-element-label" className="text-sm font-semibold text-neutral-800">
                    {t('payment.card')}
                  </p>
                  <div
                    role="group"
                    aria-labelledby="card-element-label"
                    aria-busy={card.state === 'loading'}
                    data-testid="card-element"
                    className={cx(controlLook, controlEdge(Boolean(card.error)), 'min-h-12')}
                  >
                    {card.state === 'loading' ? <span className="text-neutral-600">{t('payment.loading')}</span> : null}
                    <div ref={card.target} />
                  </div>
                  {card.error ? (
                    <span className="block text-sm text-danger-700" role="alert" data-testid="error-card">
                      {card.error}
                    </span>
                  ) : null}
                  {card.state === 'failed' ? <p className="text-sm text-neutral-700">{t('payment.loadFailed')}</p> : null}
                </>
              ) : (
                <noscript>
                  <p className="text-neutral-700" data-testid="pay-on-hosted-page">
                    {t('payment.noScript')}
                  </p>
                </noscript>
              )}
              <p className="text-sm text-neutral-600">{t('payment.secured')}</p>
              {member ? <SaveCardField checked={form.values?.saveCard === 'on'} /> : null}
            </div>
          ) : null}
        </fieldset>
      )}
      <TermsField checked={form.values?.terms === 'on'} errors={form.errors.terms} />
      <DeclinesCaptcha errors={form.errors} values={form.values} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', true)} data-testid="pay">
        {busy ? t('checkout.working') : t('checkout.pay')}
      </button>
    </Form>
  )
}
