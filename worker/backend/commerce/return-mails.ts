import type { Locale } from '#kernel/models.ts'
import type { ReturnReason } from '#kernel/config.ts'
import type { Mail, ReturnUpdatePayload } from '#worker/mail/types.ts'
import { loadCartState } from './cart-state.ts'
import { orderLines, orderUrl } from './order-mails.ts'
import type { OrderRow } from './orders.ts'

/** An email about a return at one of its steps, in the language the shopper asked in (docs/console.md 'Returns'), once per step. */
export async function returnMail(
  db: D1Database,
  order: OrderRow,
  ret: { id?: number; reason: ReturnReason; locale: Locale; note?: string | null },
  items: Array<{ line_item_id: number; quantity: number }>,
  status: ReturnUpdatePayload['status'],
  storeUrl: string,
  extra: Partial<Pick<ReturnUpdatePayload, 'refunds' | 'returnAddress' | 'refundTo' | 'giftCardCode' | 'shippingCents' | 'returnNumber'>> = {},
): Promise<Mail> {
  const state = await loadCartState(db, order, ret.locale)
  const lines = orderLines(state)
  const named = items.map((item) => {
    const at = state.lines.findIndex((l) => l.row.id === item.line_item_id)
    const line = lines[at]
    return { name: line?.name ?? '', details: line?.details ?? [], quantity: item.quantity }
  })
  return {
    kind: 'return_update',
    to: order.email!,
    locale: ret.locale,
    ref: order.number,
    // each step of a return is told once (a request is written with the return itself, which has no id yet)
    eventKey: ret.id ? `return:${ret.id}:${status}` : null,
    payload: {
      status,
      number: order.number!,
      returnNumber: extra.returnNumber ?? (ret.id ? `${order.number}-${ret.id}` : null),
      customerName: state.shipAddress?.firstname ?? state.billAddress?.firstname ?? '',
      currency: order.currency,
      reason: ret.reason,
      lines: named,
      refunds: extra.refunds ?? [],
      note: ret.note ?? null,
      returnAddress: extra.returnAddress ?? null,
      refundTo: extra.refundTo ?? null,
      giftCardCode: extra.giftCardCode ?? null,
      shippingCents: extra.shippingCents ?? 0,
      orderUrl: orderUrl(storeUrl, ret.locale, order.number!, order.user_id !== null),
    },
  }
}
