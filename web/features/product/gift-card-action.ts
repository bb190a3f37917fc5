import { data } from 'react-router'
import type { StorefrontApi } from '../../api/storefront-api.ts'
import { ApiError } from '../../api/storefront-api.ts'
import { GIFT_CARD_AMOUNT_MAX, GIFT_CARD_AMOUNT_MIN } from '#kernel/config.ts'
import { createTranslator, type Translate } from '../../i18n/index.tsx'
import { localeOf, localRedirect } from '../../routes/route-helpers.ts'
import { validateEmail, validateRequired } from '../../forms/validation.ts'
import { deliveryDateProblem } from '#kernel/delivery-date.ts'
import { apiFieldErrors } from '../../api/field-errors.ts'

/** The form's fields by the API's names (`gift_card.recipient_name` …): where a refusal's field messages are shown. */
export const GIFT_CARD_API_FIELDS: Record<string, keyof GiftCardFailure['errors']> = {
  amount: 'amount',
  recipient_name: 'recipientName',
  recipient_email: 'recipientEmail',
  message: 'message',
  deliver_on: 'deliverOn',
}

const DELIVERY_MESSAGES = { invalid: 'giftCard.deliverOnInvalid', past: 'giftCard.deliverOnPast', tooFar: 'giftCard.deliverOnTooFar' } as const

export interface GiftCardInput {
  amount: number
  recipientName: string
  recipientEmail: string
  message?: string
  /** YYYY-MM-DD on the store's clock; the card is emailed that morning instead of when the order is placed. */
  deliverOn?: string
}

/** What a refused gift card form answers (plain JSON for useActionData): messages and what was typed. */
export interface GiftCardFailure {
  giftCard: true
  message: string | null
  errors: Partial<Record<'amount' | 'recipientName' | 'recipientEmail' | 'message' | 'deliverOn', string>>
  values: Record<string, string>
  loginRequired?: boolean
}

/** The preset radio (`amount`) or, when 'other' is chosen, the typed amount (`customAmount`). */
export function readGiftCardForm(form: FormData): GiftCardInput {
  const preset = String(form.get('amount') ?? '')
  const raw = preset === 'other' || preset === '' ? String(form.get('customAmount') ?? '') : preset
  const message = String(form.get('message') ?? '').trim()
  const deliverOn = String(form.get('deliverOn') ?? '').trim()
  return {
    amount: /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : NaN,
    recipientName: String(form.get('recipientName') ?? '').trim(),
    recipientEmail: String(form.get('recipientEmail') ?? '').trim(),
    ...(message ? { message } : {}),
    ...(deliverOn ? { deliverOn } : {}),
  }
}

/** The same rules as the backend (amount bounds in kernel/config.ts), with the spec §5 messages. */
export function validateGiftCard(input: GiftCardInput, t: Translate): GiftCardFailure['errors'] {
  const errors: GiftCardFailure['errors'] = {}
  if (!Number.isInteger(input.amount) || input.amount < GIFT_CARD_AMOUNT_MIN || input.amount > GIFT_CARD_AMOUNT_MAX) {
    errors.amount = t('giftCard.amountRange', { min: GIFT_CARD_AMOUNT_MIN, max: GIFT_CARD_AMOUNT_MAX })
  }
  const name = validateRequired(input.recipientName, t) ?? (input.recipientName.length > 100 ? t('validation.max', { length: 100 }) : null)
  if (name) errors.recipientName = name
  const email = validateEmail(input.recipientEmail, t)
  if (email) errors.recipientEmail = email
  if ((input.message?.length ?? 0) > 500) errors.message = t('validation.max', { length: 500 })
  const day = input.deliverOn ? deliveryDateProblem(input.deliverOn) : null
  if (day) errors.deliverOn = t(DELIVERY_MESSAGES[day])
  return errors
}

/**
 * The no-JavaScript gift card purchase (the /GiftCards page and the gift card product share it): a refusal answers
 * the form again with its messages, a logged-out shopper is told to log in (spec §8), success answers 303 back to
 * the page with `?giftCard=added`.
 */
export async function giftCardAction(request: Request, form: FormData, api: StorefrontApi) {
  const t = createTranslator(localeOf(request))
  const values = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'))
  const fail = (failure: Omit<GiftCardFailure, 'giftCard' | 'values'>, status: number) => data<GiftCardFailure>({ giftCard: true, values, ...failure }, { status })
  const input = readGiftCardForm(form)
  const errors = validateGiftCard(input, t)
  if (Object.keys(errors).length) return fail({ message: null, errors }, 422)
  if (!(await api.isAuthenticated())) return fail({ message: t('giftCard.loginRequired'), errors: {}, loginRequired: true }, 401)
  try {
    await api.buyGiftCard(input)
  } catch (error) {
    // a refusal naming fields (a name with a direction mark, a message with a control character) is said beside them
    const fields = apiFieldErrors(error, GIFT_CARD_API_FIELDS, t)
    if (Object.keys(fields).length) return fail({ message: null, errors: fields }, 422)
    if (error instanceof ApiError && error.status < 500) return fail({ message: error.status === 401 ? t('giftCard.loginRequired') : error.message, errors: {}, loginRequired: error.status === 401 }, error.status === 401 ? 401 : 422)
    throw error
  }
  const url = new URL(request.url)
  return localRedirect(request, `${url.pathname.replace(/^\/de(?=\/|$)/, '') || '/'}?giftCard=added`, 303)
}
