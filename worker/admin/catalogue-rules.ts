/**
 * The money and stock rules of the catalogue, one copy for every way an operator changes them: the console's forms
 * (routes/products.tsx) and the product CSV import (import-sizes.ts, import-check.ts). Each caller words the
 * refusal for its own screen; the rule itself lives only here.
 */

/** What breaks the price rule in one currency: a price of 0 or less, an RRP below the price (a sale is a price below the RRP), a Club Price not below the price. */
export function priceRuleBreaks(price: number, rrp: number | null, club: number | null): Array<'price' | 'rrp' | 'club'> {
  const breaks: Array<'price' | 'rrp' | 'club'> = []
  if (price <= 0) breaks.push('price')
  if (rrp !== null && rrp < price) breaks.push('rrp')
  if (club !== null && club >= price) breaks.push('club')
  return breaks
}

/** Stock may go below 0 only for a backorderable size. */
export const stockAllowed = (stock: number, backorderable: boolean) => stock >= 0 || backorderable
