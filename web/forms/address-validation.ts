import type { Address, Country } from '#kernel/models.ts'
import { SHIPPING_COUNTRIES, STATE_COUNTRIES } from '#kernel/destinations.ts'
import type { Translate } from '../i18n/index.tsx'
import { validateEmail, validateRequired } from './validation.ts'
import { luhnValid } from '#kernel/card-number.ts'

/** The address fields of spec §3 the checkout forms ask for, as form field names. */
export type AddressInput = Omit<Address, '_id' | 'isDefault'>
export type FieldErrors = Record<string, string[]>

export const ADDRESS_FIELDS = ['firstName', 'lastName', 'company', 'addressLine1', 'apartment', 'city', 'state', 'zipCode', 'country', 'phoneNumber'] as const
const REQUIRED_FIELDS = ['firstName', 'lastName', 'addressLine1', 'city', 'zipCode', 'country', 'phoneNumber'] as const
const MAX_LENGTH: Record<string, number> = { firstName: 100, lastName: 100, company: 100, addressLine1: 255, apartment: 255, city: 100, state: 100, zipCode: 20, phoneNumber: 25 }

/** Digits with an optional +, spaces, dashes and brackets; 8 to 15 digits (the backend's rule). */
export function validatePhone(value: string, t: Translate): string | null {
  if (!value.trim()) return t('validation.required')
  const digits = value.match(/\d/g)?.length ?? 0
  return /^\+?[\d\s()-]+$/.test(value.trim()) && digits >= 8 && digits <= 15 ? null : t('validation.phone')
}

/** Australian postcodes have 4 digits; other countries 2 to 10 letters, digits, spaces or dashes. */
export function validatePostcode(value: string, country: string, t: Translate): string | null {
  if (!value.trim()) return t('validation.required')
  if (country === 'AU') return /^\d{4}$/.test(value.trim()) ? null : t('checkout.postcode')
  return /^[A-Za-z0-9 -]{2,10}$/.test(value.trim()) ? null : t('checkout.postcodeInvalid')
}

export function validateCountry(value: string, allowed: readonly string[], t: Translate): string | null {
  return allowed.includes(value) ? null : t('validation.country')
}

/**
 * Every rule of the address form; an empty object when the address is fine. `countries` are the destinations the
 * form offers (with their states); a state is needed only where the country has them (Australia, United States).
 */
export function validateAddress(address: AddressInput, t: Translate, countries: readonly Country[]): FieldErrors {
  const errors: FieldErrors = {}
  const add = (field: string, message: string | null) => {
    if (message) (errors[field] ??= []).push(message)
  }
  for (const field of REQUIRED_FIELDS) add(field, validateRequired(String(address[field] ?? ''), t))
  for (const [field, max] of Object.entries(MAX_LENGTH)) {
    if (String(address[field as keyof AddressInput] ?? '').length > max && !errors[field]) add(field, t('validation.max', { length: max }))
  }
  if (!errors.country) add('country', validateCountry(address.country, SHIPPING_COUNTRIES, t))
  if (!errors.zipCode) add('zipCode', validatePostcode(address.zipCode, address.country, t))
  if (!errors.phoneNumber) add('phoneNumber', validatePhone(address.phoneNumber, t))
  const states = countries.find((c) => c.iso === address.country)?.states.map((s) => s.abbr) ?? []
  if (!errors.country && STATE_COUNTRIES.includes(address.country)) {
    if (!address.state) add('state', t('validation.required'))
    else if (states.length > 0 && !states.includes(address.state)) add('state', t('checkout.chooseState'))
  }
  return errors
}

export function validateGuestEmail(value: string, t: Translate): FieldErrors {
  const message = validateEmail(value, t)
  return message ? { email: [message] } : {}
}

/** Card fields, checked before they leave the page (the gateway decides about the card itself). */
export function validateCard(card: { cardNumber: string; expiry: string; cvc: string }, t: Translate, now = new Date()): FieldErrors {
  const errors: FieldErrors = {}
  const digits = card.cardNumber.replace(/[\s-]/g, '')
  if (!digits) errors.cardNumber = [t('validation.required')]
  else if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.cardNumber = [t('checkout.cardNumberInvalid')]
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(card.expiry)
  if (!card.expiry.trim()) errors.expiry = [t('validation.required')]
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = [t('checkout.expiryInvalid')]
  else {
    const year = 2000 + Number(expiry[2])
    const month = Number(expiry[1])
    if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) errors.expiry = [t('checkout.cardExpired')]
  }
  if (!card.cvc.trim()) errors.cvc = [t('validation.required')]
  else if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = [t('checkout.cvcInvalid')]
  return errors
}


export const NEW_ADDRESS = 'new'
/** The member's saved address the shipping form posts (`savedAddress`), or null for a new one typed into the fields. */
export function savedChoice(data: FormData): string | null {
  const value = String(data.get('savedAddress') ?? '')
  return value && value !== NEW_ADDRESS ? value : null
}

/** Reads the address fields of a form (optionally under a prefix such as `billing.`). */
export function addressFromForm(form: FormData, prefix = ''): AddressInput {
  const value = (name: string) => String(form.get(prefix + name) ?? '').trim()
  const optional = (name: string) => value(name) || null
  const country = value('country') || 'AU'
  // the state list holds every country's states as `AU-VIC`; only the chosen country's state counts
  const [stateCountry, state] = value('state').includes('-') ? value('state').split('-', 2) : [country, value('state')]
  return {
    firstName: value('firstName'),
    lastName: value('lastName'),
    company: optional('company'),
    addressLine1: value('addressLine1'),
    apartment: optional('apartment'),
    city: value('city'),
    state: STATE_COUNTRIES.includes(country) && stateCountry === country ? state! : '',
    zipCode: value('zipCode'),
    country,
    phoneNumber: value('phoneNumber'),
  }
}

/**
 * API field names (backend `order.ship_address_attributes.zipcode`, BFF `address.zipCode`, card fields already
 * renamed) → the form's field names, so each message lands under its input.
 */
const API_FIELDS: Record<string, string> = {
  firstname: 'firstName',
  lastname: 'lastName',
  address1: 'addressLine1',
  address2: 'apartment',
  zipcode: 'zipCode',
  phone: 'phoneNumber',
  state_name: 'state',
  country_iso: 'country',
  shipping_rate_id: 'rateId',
  shippingRateId: 'rateId',
  shipping_method_id: 'rateId',
  selected_shipping_rate_id: 'rateId',
  gift_card_code: 'giftCardCode',
  number: 'cardNumber',
  month: 'expiry',
  year: 'expiry',
  verification_value: 'cvc',
}
export function formFieldErrors(errors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {}
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const last = key.split('.').pop() ?? key
    const field = API_FIELDS[last] ?? last
    ;(out[field] ??= []).push(...messages)
  }
  return out
}
