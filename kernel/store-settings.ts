import type { Currency, Locale } from './models.ts'
import type { Dispatch } from './delivery-estimate.ts'

/**
 * The shop's own facts, as the console's Settings page keeps them (the `store` row, migration 0300): everything the
 * storefront, its structured data and the emails say about who sells. Nothing about one shop lives in code; a store
 * without its row (an empty store) reads EMPTY_STORE_SETTINGS until the operator fills the page in.
 * Read on the worker by readStoreSettings (worker/backend/services/store-settings.ts); the pages get it in RequestInfo.
 */
export interface StoreSettings {
  /** The name shoppers know the shop by ('Basecamp Outfitters'): titles, header, emails. '' until set. */
  name: string
  /** The business that sells, on tax invoices and in the footer ('Basecamp Outfitters Pty Ltd'). */
  legalName: string
  /** The Australian Business Number on tax invoices, written '51 824 753 556'; '' when the shop has none set. */
  abn: string
  /** The shop's postal address, one line per line of the address. */
  address: string
  supportEmail: string
  phone: string
  /** The store's public address set in the console ('https://shop.example.com', no trailing slash); '' when unset. */
  url: string
  /** Where returns are sent, one line per line. */
  returnAddress: string
  /** The uploaded logo (`/media/…`), '' for the built-in mark. */
  logoUrl: string
  social: { facebook: string; instagram: string; twitter: string }
  defaultLocale: Locale
  defaultCurrency: Currency
  /** One or two sentences about the shop, shown to shoppers (home page description, Organization data). */
  description: Record<Locale, string>
  /**
   * The cut-off and dispatch state (the console's Shipping page, migration 0420) and the business days of the
   * cheapest rate delivering in Australia (null: none says): what the product page's delivery line counts with.
   * Null for a store without its row.
   */
  dispatch: (Dispatch & { days: { min: number; max: number } | null }) | null
}

export const EMPTY_STORE_SETTINGS: StoreSettings = {
  name: '',
  legalName: '',
  abn: '',
  address: '',
  supportEmail: '',
  phone: '',
  url: '',
  returnAddress: '',
  logoUrl: '',
  social: { facebook: '', instagram: '', twitter: '' },
  defaultLocale: 'en',
  defaultCurrency: 'AUD',
  description: { en: '', de: '' },
  dispatch: null,
}

/** The name to show: the shop's, or a neutral word while an empty store has none yet. */
export const shopName = (s: Pick<StoreSettings, 'name'>) => s.name || 'Shop'

/** The social links that are set, in a fixed order, with the network's name (the footer, header and JSON-LD). */
export function socialLinks(s: Pick<StoreSettings, 'social'>): Array<{ key: keyof StoreSettings['social']; name: string; href: string }> {
  const names = { facebook: 'Facebook', instagram: 'Instagram', twitter: 'X' } as const
  return (Object.keys(names) as Array<keyof typeof names>).flatMap((key) => (s.social[key] ? [{ key, name: names[key], href: s.social[key] }] : []))
}

/**
 * Whether `digits` is an ABN: 11 digits whose weighted sum (the first digit less one) is a multiple of 89, the
 * Australian Business Register's check. Spaces are ignored.
 */
export function isAbn(value: string): boolean {
  const digits = value.replace(/\s+/g, '')
  if (!/^\d{11}$/.test(digits)) return false
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
  const sum = [...digits].reduce((total, d, i) => total + (Number(d) - (i === 0 ? 1 : 0)) * weights[i]!, 0)
  return sum % 89 === 0
}

/** '51824753556' → '51 824 753 556', the way the ATO writes it. */
export const formatAbn = (value: string) => value.replace(/\s+/g, '').replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4')
