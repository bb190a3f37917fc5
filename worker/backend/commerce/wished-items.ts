import type { Currency } from '#kernel/models.ts'
import { formatMoney } from '#kernel/format.ts'
import type { BackendContext } from './http.ts'
import { requestCurrency } from './orders.ts'
import { requestLocale } from './respond.ts'
import { loadVariants } from './variants.ts'

export interface WishedItemRow {
  id: number
  wishlist_id: number
  variant_id: number
  quantity: number
}

/**
 * Wished items as JSON:API resources, priced as this customer pays now (customers are club members, so a Club Price
 * below the regular price is theirs), plus the extension fields the sidebar shows (name, image, options …).
 */
export async function wishedItemResources(c: BackendContext, items: WishedItemRow[]) {
  const currency: Currency = (await requestCurrency(c)) ?? 'AUD'
  const locale = requestLocale(c)
  const variants = await loadVariants(c.env.DB, [...new Set(items.map((r) => r.variant_id))], currency, locale)
  const money = (cents: number) => formatMoney(cents / 100, currency, locale)
  const resources = items.map((item) => {
    const v = variants.get(item.variant_id)
    const regular = v?.amountCents ?? 0
    const special = v?.memberCents !== null && v?.memberCents !== undefined && v.memberCents < regular ? v.memberCents : null
    const totalCents = (special ?? regular) * item.quantity
    return {
      wishlistId: item.wishlist_id,
      totalCents,
      resource: {
        id: String(item.id),
        type: 'wished_item',
        attributes: {
          quantity: item.quantity,
          price: (regular / 100).toFixed(2),
          display_price: money(regular),
          club_price: special === null ? null : (special / 100).toFixed(2),
          display_club_price: special === null ? null : money(special),
          total: (totalCents / 100).toFixed(2),
          display_total: money(totalCents),
          name: v?.name ?? 'Unavailable product',
          slug: v?.slug ?? '',
          sku: v?.sku ?? '',
          image: v?.image ?? null,
          options: v?.options.map((o) => ({ type: o.type, value: o.value })) ?? [],
        },
        relationships: { variant: { data: { type: 'variant', id: String(item.variant_id) } } },
      },
    }
  })
  return { money, resources }
}
