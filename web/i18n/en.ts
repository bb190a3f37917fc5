import { enBrowse } from './en-browse.ts'
import { enShop } from './en-shop.ts'

/**
 * Every English text. The browser loads the two parts on their own (web/i18n/dictionaries.client.ts): a first visit
 * of a catalogue page needs only `enBrowse`; checkout, the account area and the cart and sign-in panels add `enShop`.
 */
export const en = { ...enBrowse, ...enShop }

/** The shape every dictionary must have (German included): keys of English, any string or plural function. */
type Widen<T> = { [K in keyof T]: T[K] extends string ? string : T[K] extends (...args: infer A) => string ? (...args: A) => string : Widen<T[K]> }
export type Dictionary = Widen<typeof en>
