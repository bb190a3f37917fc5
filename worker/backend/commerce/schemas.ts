import * as z from 'zod/mini'
import { AU_STATES, US_STATES } from './state-names.ts'
import { SHIPPING_COUNTRIES, STATE_COUNTRIES } from '#kernel/destinations.ts'

/** Reusable field schemas of the write side; messages are the spec's §5 texts where it has one. */

export const MESSAGES = {
  email: 'Please, provide a valid email address.',
  required: 'This field is required.',
  password: 'must have at least 8 characters including one letter and a number',
  confirmation: "Passwords don't match.",
  phone: 'Please, provide a valid phone number.',
  country: 'Invalid country.',
} as const

/**
 * Characters that change how the text around them is shown, or have no place in a shopper's text: C0 and C1 controls
 * and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which make 'Eve\u202Emoc.live'
 * read 'Eve evil.com' in the console, on a packing slip or in an email. A one-line field (a name, an address line)
 * refuses line breaks and tabs too: a name goes into email subjects. Letters of every script, emoji and joiners stay.
 */
const HIDDEN_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
const HIDDEN_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
export const HIDDEN_CHARACTERS_MESSAGE = 'This field contains characters that are not allowed.'

/**
 * Half of a surrogate pair without its other half ('\ud800' in JSON): no character at all. D1 stores it as U+FFFD, so a
 * name sent so came back as '���' on the order, the packing slip and the emails instead of being refused.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** `multiline`: a message or comment, where line breaks (and tabs) are the shopper's. */
const visible = (multiline: boolean) => (v: string) => !(multiline ? HIDDEN_IN_TEXT : HIDDEN_IN_LINE).test(v) && !LONE_SURROGATE.test(v)

const required = (max = 255, { multiline = false } = {}) =>
  z
    .string({ message: MESSAGES.required }).check(z.trim(), z.minLength(1, MESSAGES.required), z.maxLength(max, `This field can have at max ${max} characters.`), z.refine(visible(multiline), HIDDEN_CHARACTERS_MESSAGE))

export const RequiredText = required

export const OptionalText = (max = 255, { multiline = false } = {}) =>
  z.pipe(z.nullish(z
    .string({ message: 'must be text' }).check(z.trim(), z.maxLength(max, `This field can have at max ${max} characters.`), z.refine(visible(multiline), HIDDEN_CHARACTERS_MESSAGE))), z.transform((v) => (v ? v : null)))

/** Emails are compared and stored in lowercase: two spellings of one mailbox are one customer. */
export const EmailSchema = z.pipe(z.pipe(z
  .string({ message: MESSAGES.email }).check(z.trim(), z.maxLength(254, MESSAGES.email)), z.email({ message: MESSAGES.email })), z.transform((v) => v.toLowerCase()))

export const PasswordSchema = z
  .string({ message: MESSAGES.required }).check(z.maxLength(128, 'This field can have at max 128 characters.'), z.refine((v) => v.length >= 8 && /[A-Za-z]/.test(v) && /\d/.test(v), MESSAGES.password))


/** Phone numbers: digits with optional +, spaces, dashes and brackets; 8 to 15 digits. */
export const PhoneSchema = z
  .string({ message: MESSAGES.phone }).check(z.trim(), z.maxLength(25, MESSAGES.phone), z.refine((v) => /^\+?[\d\s()-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 8 && (v.match(/\d/g)?.length ?? 0) <= 15, MESSAGES.phone))

/** Countries the store ships to, by ISO3 (the contract takes a country as ISO or ISO3). */
const ISO3: Record<string, string> = {
  AUS: 'AU', NZL: 'NZ', USA: 'US', GBR: 'GB', AUT: 'AT', BEL: 'BE', BGR: 'BG', CYP: 'CY', CZE: 'CZ', DEU: 'DE', DNK: 'DK',
  EST: 'EE', ESP: 'ES', FIN: 'FI', FRA: 'FR', GRC: 'GR', HRV: 'HR', HUN: 'HU', IRL: 'IE', ITA: 'IT', LTU: 'LT', LUX: 'LU',
  LVA: 'LV', MLT: 'MT', NLD: 'NL', POL: 'PL', PRT: 'PT', ROU: 'RO', SWE: 'SE', SVN: 'SI', SVK: 'SK',
}

const ISO3_OF = Object.fromEntries(Object.entries(ISO3).map(([iso3, iso]) => [iso, iso3]))
/** A shipping country's ISO3 code (`AU` → `AUS`), as the contract's Address answers it; null for another code. */
export const iso3Of = (iso: string): string | null => ISO3_OF[iso] ?? null

/** A country code, ISO (`AU`) or ISO3 (`AUS`), answered as ISO. */
export const CountryIsoSchema = z.pipe(z.pipe(z
  .string({ message: MESSAGES.country }).check(z.trim(), z.regex(/^[A-Za-z]{2,3}$/, MESSAGES.country)), z.transform((v) => v.toUpperCase())), z.transform((v) => ISO3[v] ?? v)).check(z.refine((v) => v.length === 2, MESSAGES.country))

/** Spree's AddressPayload (firstname, lastname, address1 …, state_name, country_iso), validated for Australia. */
export const AddressPayloadSchema = z.pipe(z
  .object({
    firstname: required(100),
    lastname: required(100),
    company: OptionalText(100),
    address1: required(255),
    address2: OptionalText(255),
    city: required(100),
    zipcode: required(20),
    phone: PhoneSchema,
    // required where the country has states (AU, US); elsewhere an optional region
    state_name: OptionalText(100),
    country_iso: CountryIsoSchema,
    email: z.nullish(EmailSchema),
    tax_id: OptionalText(50),
    label: OptionalText(100),
  }).check(z.superRefine((a, ctx) => {
    if (!SHIPPING_COUNTRIES.includes(a.country_iso)) {
      ctx.addIssue({ code: 'custom', path: ['country_iso'], message: MESSAGES.country })
    }
    if (STATE_COUNTRIES.includes(a.country_iso) && !a.state_name) ctx.addIssue({ code: 'custom', path: ['state_name'], message: MESSAGES.required })
    if (a.country_iso === 'AU') {
      if (!/^\d{4}$/.test(a.zipcode)) ctx.addIssue({ code: 'custom', path: ['zipcode'], message: 'Australian postcodes have 4 digits.' })
      const state = (a.state_name ?? '').toUpperCase()
      if (!AU_STATES.includes(state)) {
        ctx.addIssue({ code: 'custom', path: ['state_name'], message: `Choose an Australian state: ${AU_STATES.join(', ')}.` })
      }
    } else if (a.country_iso === 'US' && a.state_name && !US_STATES.includes(a.state_name.toUpperCase())) {
      ctx.addIssue({ code: 'custom', path: ['state_name'], message: 'Choose a US state by its two-letter code, such as CA.' })
    }
    if (a.country_iso !== 'AU' && !/^[A-Za-z0-9 -]{2,10}$/.test(a.zipcode)) {
      ctx.addIssue({ code: 'custom', path: ['zipcode'], message: 'Please, provide a valid postcode.' })
    }
  })), z.transform((a) => ({ ...a, state_name: STATE_COUNTRIES.includes(a.country_iso) ? (a.state_name ?? '').toUpperCase() : (a.state_name ?? '') })))

export type AddressPayload = z.output<typeof AddressPayloadSchema>


export const CurrencySchema = z.enum(['AUD', 'USD'], { message: 'Choose AUD or USD.' })

/** An id sent as a string (JSON:API) or a number. */
export const IdSchema = z.pipe(z.pipe(z
  .union([z.string(), z.number()], { message: 'must be an id' }), z.transform((v) => String(v).trim())).check(z.refine((v) => /^\d{1,15}$/.test(v) && Number(v) >= 1, 'must be an id')), z.transform(Number))

/** Forms and query strings carry numbers as text; Rails reads `"2"` as 2, and so do we (never `"2x"` or `""`). */
export const numeric = (value: unknown) => (typeof value === 'string' && /^-?\d{1,15}(\.\d{1,2})?$/.test(value.trim()) ? Number(value) : value)
/** `true`/`false` as a form sends them. */
export const booleanish = (value: unknown) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value)

/** The most one line (of a cart or a wishlist) holds. */
export const LINE_QUANTITY_MAX = 9999

export const QuantitySchema = z.pipe(z.transform(numeric), z
  .number({ message: 'must be a whole number' }).check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'), z.lte(LINE_QUANTITY_MAX, `must be at most ${LINE_QUANTITY_MAX}`)))

/** `page` and `per_page` of a listing, as Spree reads them (default 25 a page, at most 100). */
export const PageParamsSchema = z.object({
  page: z._default(z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'), z.lte(10_000, 'must be at most 10000')), 1),
  per_page: z._default(z.coerce.number({ message: 'must be a number' }).check(z.int('must be a whole number'), z.gte(1, 'must be at least 1'), z.lte(100, 'must be at most 100')), 25),
})

/** A page of the storefront a payment provider sends the shopper back to (absolute http(s) URL). */
export const ReturnUrlSchema = z
  .string().check(z.maxLength(500, 'is too long'), z.refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), 'must be an absolute http(s) URL'))
