import { useSetAtom } from 'jotai'
import { useAtomValue } from '../../state/use-atom.ts'
import { useState, type FormEvent } from 'react'
import { Form, useActionData, useSearchParams } from 'react-router'
import { useApi } from '../../api/use-api.ts'
import { ApiError } from '../../api/storefront-api.ts'
import { Button } from '../../components/ui/button.tsx'
import { controlBase, controlEdge, cx } from '../../components/ui/cx.ts'
import { describedBy, FieldFrame } from '../../components/ui/field-frame.tsx'
import { Input } from '../../components/ui/input.tsx'
import { Radio } from '../../components/ui/radio.tsx'
import { GIFT_CARD_AMOUNT_MAX, GIFT_CARD_AMOUNT_MIN, GIFT_CARD_PRESET_AMOUNTS, TOAST_TIMEOUT_MS } from '#kernel/config.ts'
import { useT } from '../../i18n/index.tsx'
import { localizeApiError } from '../../i18n/api-errors.ts'
import { formatWholeMoney } from '#kernel/format.ts'
import { useRequestInfo } from '../../state/session/request-info.ts'
import { LocalLink } from '../../components/local-link.tsx'
import { notifyAtom } from '../../state/notifications.ts'
import { cartAtom, isAuthenticatedAtom } from '../../state/session/atoms.ts'
import { openPanelAtom } from '../../state/ui.ts'
import { GIFT_CARD_API_FIELDS, readGiftCardForm, validateGiftCard, type GiftCardFailure } from './gift-card-action.ts'
import { apiFieldErrors } from '../../api/field-errors.ts'
import { lastDeliveryDay, storeToday } from '#kernel/delivery-date.ts'
import { LAND_HERE } from '../../components/ui/cx.ts'

/**
 * Buying a gift card (spec §1, §5, §8): a preset or custom amount, the recipient and a message. A real form post to
 * the page's action without JavaScript; with it, the same rules run here, a logged-out shopper gets 'Please login in
 * to add gift card' and the login modal, and the card goes into the cart sidebar.
 */
export function GiftCardForm() {
  const { t, locale } = useT()
  const { currency } = useRequestInfo()
  const api = useApi()
  const setCart = useSetAtom(cartAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const notify = useSetAtom(notifyAtom)
  const authenticated = useAtomValue(isAuthenticatedAtom)
  const [params] = useSearchParams()
  const posted = useActionData() as GiftCardFailure | undefined
  const failure = posted?.giftCard ? posted : undefined
  const [errors, setErrors] = useState<GiftCardFailure['errors']>({})
  const [busy, setBusy] = useState(false)
  const shown = { ...failure?.errors, ...errors }
  const values = failure?.values ?? {}
  const [choice, setChoice] = useState(values.amount ?? String(GIFT_CARD_PRESET_AMOUNTS[1]))

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const input = readGiftCardForm(new FormData(event.currentTarget))
    const found = validateGiftCard(input, t)
    setErrors(found)
    if (Object.keys(found).length) return
    const askToLogIn = () => {
      notify({ message: t('giftCard.loginRequired'), type: 'error', timeout: TOAST_TIMEOUT_MS })
      openPanel('login')
    }
    setBusy(true)
    try {
      // the server decides who is logged in (the session may still be loading right after hydration, another tab may
      // have logged in): a shopper the page takes for a guest is asked first, so a guest's try is not a refused
      // request (docs/architecture.md, 'Expected refusals')
      if (!authenticated && !(await api.isAuthenticated())) return askToLogIn()
      setCart(await api.buyGiftCard(input))
      openPanel('cart')
    } catch (error) {
      const fields = apiFieldErrors(error, GIFT_CARD_API_FIELDS, t)
      if (error instanceof ApiError && error.status === 401) askToLogIn()
      // a refusal naming fields is said beside them, as the form's own checks are
      else if (Object.keys(fields).length) setErrors(fields)
      else notify({ message: localizeApiError(error, t), type: 'error', timeout: TOAST_TIMEOUT_MS })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="space-y-5" data-testid="gift-card-form" aria-labelledby="gift-card-title">
      <h2 id="gift-card-title" className="text-xl font-semibold">
        {t('giftCard.title')}
      </h2>
      <input type="hidden" name="intent" value="gift-card" />
      {params.get('giftCard') === 'added' ? (
        <p role="status" className="rounded border border-primary-600 bg-primary-50 px-3 py-2 text-sm" data-testid="gift-card-added">
          {t('giftCard.added')}
        </p>
      ) : null}
      {failure?.message ? (
        <p role="alert" {...LAND_HERE} className="rounded border border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-700" data-testid="gift-card-error">
          {failure.message}
          {failure.loginRequired ? (
            <>
              {' '}
              <LocalLink to="/Login" className="font-semibold underline">
                {t('giftCard.logIn')}
              </LocalLink>
            </>
          ) : null}
        </p>
      ) : null}
      <fieldset className="space-y-2" aria-describedby={shown.amount ? 'giftcard-amount-error' : undefined}>
        <legend className="mb-1 text-sm font-semibold text-neutral-800">{t('giftCard.amount')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {[...GIFT_CARD_PRESET_AMOUNTS.map(String), 'other'].map((value) => (
            <Radio
              key={value}
              id={`giftcard-amount-${value}`}
              name="amount"
              value={value}
              card
              checked={choice === value}
              onChange={() => setChoice(value)}
              label={value === 'other' ? t('giftCard.other') : formatWholeMoney(Number(value), currency, locale)}
            />
          ))}
        </div>
        <Input
          id="giftcard-custom"
          name="customAmount"
          label={t('giftCard.otherAmount', { min: GIFT_CARD_AMOUNT_MIN, max: GIFT_CARD_AMOUNT_MAX })}
          frameClassName="pt-1"
          inputMode="numeric"
          type="number"
          min={GIFT_CARD_AMOUNT_MIN}
          max={GIFT_CARD_AMOUNT_MAX}
          step={1}
          defaultValue={values.customAmount}
          onFocus={() => setChoice('other')}
        />
        {shown.amount ? (
          <p id="giftcard-amount-error" role="alert" {...LAND_HERE} className="text-sm text-danger-700" data-testid="error-amount">
            {shown.amount}
          </p>
        ) : null}
      </fieldset>
      <Input id="giftcard-name" name="recipientName" label={t('giftCard.recipientName')} required maxLength={100} error={shown.recipientName} defaultValue={values.recipientName} autoComplete="off" />
      <Input id="giftcard-email" name="recipientEmail" type="email" label={t('giftCard.recipientEmail')} required error={shown.recipientEmail} defaultValue={values.recipientEmail} autoComplete="off" />
      <FieldFrame id="giftcard-message" label={t('giftCard.message')} error={shown.message}>
        <textarea
          id="giftcard-message"
          name="message"
          rows={3}
          maxLength={500}
          defaultValue={values.message}
          aria-invalid={shown.message ? true : undefined}
          aria-describedby={describedBy('giftcard-message', shown.message)}
          className={cx(controlBase, controlEdge(Boolean(shown.message)))}
        />
      </FieldFrame>
      <Input
        id="giftcard-deliver-on"
        name="deliverOn"
        type="date"
        label={t('giftCard.deliverOn')}
        hint={t('giftCard.deliverOnHint')}
        min={storeToday()}
        max={lastDeliveryDay()}
        error={shown.deliverOn}
        defaultValue={values.deliverOn}
      />
      <Button type="submit" block disabled={busy} data-testid="gift-card-submit">
        {t('giftCard.add')}
      </Button>
    </Form>
  )
}
