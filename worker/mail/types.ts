import type { Currency, Locale } from '#kernel/models.ts'
import type { ReturnReason } from '#kernel/config.ts'

/**
 * What each email says, as plain JSON: the outbox keeps it and the templates (worker/mail/templates) render it when
 * the message is sent, so a resend or a retry renders exactly the same email. Money is integer cents.
 */
export interface MailAddress {
  name: string
  company?: string | null
  lines: string[]
  country: string
  phone?: string | null
}

export interface OrderMailLine {
  name: string
  /** 'Colour: Red', 'Size: M'; a gift card line says who receives it. */
  details: string[]
  quantity: number
  unitCents: number
  totalCents: number
  /** The unit price a guest pays, when the member paid less (the line shows what it would have cost). */
  regularUnitCents?: number | null
}

export interface OrderConfirmationPayload {
  number: string
  /** ISO instant the order was placed. */
  placedAt: string
  currency: Currency
  customerName: string
  email: string
  member: boolean
  lines: OrderMailLine[]
  itemTotalCents: number
  promotions: Array<{ name: string; amountCents: number }>
  shipTotalCents: number
  /** The shipping method's name; empty for an order with nothing to ship (only e-gift cards), which has no shipping row. */
  shippingMethod: string
  /** GST included in the total (0 for a delivery abroad). */
  gstCents: number
  /** Delivered outside Australia: no GST is charged, and the invoice says so. */
  exportDelivery: boolean
  totalCents: number
  giftCardCents: number
  /**
   * Each gift card that paid, its code masked to the last four characters and what it paid (together
   * `giftCardCents`). Absent in payloads queued before it was added: the template then shows the one sum.
   */
  giftCards?: Array<{ code: string; cents: number }>
  storeCreditCents: number
  cardCents: number
  /** What the card provider's payment was made with (decision 0079): absent for a card and in older payloads. */
  cardKind?: { type: 'wallet' | 'pay_later'; name: string } | null
  clubSavingsCents: number
  shipAddress: MailAddress | null
  billAddress: MailAddress | null
  /** Click & Collect: where it is collected, said instead of the shipping address (absent in older payloads). */
  pickupPlace?: MailPickupPlace | null
  orderUrl: string
}

/** A Click & Collect place in the shopper's language (migration 0400). */
export interface MailPickupPlace {
  name: string
  lines: string[]
  hours: string
}

export interface PasswordResetPayload {
  name: string
  link: string
  validMinutes: number
}

export interface GiftCardPayload {
  recipientName: string
  senderName: string | null
  amountCents: number
  currency: Currency
  code: string
  message: string | null
  shopUrl: string
}

export interface NewsletterConfirmPayload {
  link: string
}

export interface ContactMessagePayload {
  name: string
  email: string
  message: string
  /** The shopper's language, so the store can answer in it (the email itself is in the store's language). */
  shopperLocale: Locale
}

/** An item named with its colour and size and how many, without a price (shipments, returns). */
export interface MailItemLine {
  name: string
  details: string[]
  quantity: number
}

export interface ShippingConfirmationPayload {
  number: string
  customerName: string
  /** Both null for a parcel sent without tracking. */
  carrier: string | null
  trackingId: string | null
  trackingUrl: string | null
  /** The units in this parcel (an order can leave in several). */
  lines: MailItemLine[]
  /** More of the order follows in another parcel (absent in mails queued before parcels). */
  rest?: boolean
  shipAddress: MailAddress | null
  orderUrl: string
}

/** A return's news for the shopper: asked for (received), approved and refunded, or declined. */
export interface ReturnUpdatePayload {
  /** The step the return reached (docs/console.md 'Returns'). */
  status: 'requested' | 'approved' | 'received' | 'refunded' | 'declined'
  number: string
  /** The return's own reference, to write on the parcel (null for mails queued before it existed). */
  returnNumber?: string | null
  customerName: string
  currency: Currency
  reason: ReturnReason
  lines: MailItemLine[]
  /** Refunded: one per source the order was paid with (to the original payment), or one for the credit or card. */
  refunds: Array<{ method: 'card' | 'gift_card' | 'store_credit'; amountCents: number }>
  /** The store's word on the decision (a declined return says why). */
  note: string | null
  /** Approved: where to send the goods, line by line. */
  returnAddress?: string[] | null
  /** Refunded: where the money went, the new gift card's code (refunded as a gift card), the shipping refunded. */
  refundTo?: 'original' | 'store_credit' | 'gift_card' | null
  giftCardCode?: string | null
  shippingCents?: number
  orderUrl: string
}

/**
 * The console refunded part of an order, or cancelled it (and gave back what was paid); or a Click & Collect order is
 * ready to collect, or was collected (with its `place`; each once, by the event keys pickup:<order>:<status>).
 */
export interface OrderUpdatePayload {
  status: 'refunded' | 'canceled' | 'ready' | 'collected'
  number: string
  customerName: string
  currency: Currency
  refunds: Array<{ method: 'card' | 'gift_card' | 'store_credit'; amountCents: number }>
  reason: string
  place?: MailPickupPlace
  orderUrl: string
}

/** The console granted store credit to a customer's account: how much, and what the account holds now. */
export interface StoreCreditPayload {
  customerName: string
  currency: Currency
  amountCents: number
  /** The account's store credit in this currency after the grant. */
  balanceCents: number
  shopUrl: string
}

/** A guest's back-in-stock request waits for this link (double opt-in; decision 0073). */
export interface StockAlertConfirmPayload {
  link: string
  productName: string
  /** The size (and colour) asked for, in the request's language. */
  options: string[]
  unsubscribeUrl: string
}

/** The size asked for is back: sent once per confirmed request, with a one-click unsubscribe (RFC 8058). */
export interface StockAlertPayload {
  productName: string
  options: string[]
  productUrl: string
  unsubscribeUrl: string
}

/** A wished size's price for a member fell (decision 0080): once per drop and owner, with a one-click unsubscribe. */
export interface PriceDropPayload extends StockAlertPayload {
  /** Both formatted in the account's language (AUD). */
  oldPrice: string
  newPrice: string
  /** The new price is the Club Price. */
  club: boolean
}

export interface MailPayloads {
  order_confirmation: OrderConfirmationPayload
  password_reset: PasswordResetPayload
  gift_card: GiftCardPayload
  newsletter_confirm: NewsletterConfirmPayload
  contact: ContactMessagePayload
  shipping_confirmation: ShippingConfirmationPayload
  return_update: ReturnUpdatePayload
  order_update: OrderUpdatePayload
  store_credit: StoreCreditPayload
  stock_alert_confirm: StockAlertConfirmPayload
  stock_alert: StockAlertPayload
  price_drop: PriceDropPayload
}

export type MailKind = keyof MailPayloads

export const MAIL_KINDS = ['order_confirmation', 'password_reset', 'gift_card', 'newsletter_confirm', 'contact', 'shipping_confirmation', 'return_update', 'order_update', 'store_credit', 'stock_alert_confirm', 'stock_alert', 'price_drop'] as const satisfies readonly MailKind[]

/** One email to write to the outbox: who gets it, in which language, what it says, and when. */
export type Mail = {
  [K in MailKind]: {
    kind: K
    to: string
    locale: Locale
    payload: MailPayloads[K]
    /** What it is about (an order number), to find it again for a resend. */
    ref?: string | null
    replyTo?: string | null
    /** Not before this ISO instant (a gift card's delivery date); at once when missing or past. */
    dueAt?: string | null
    /** The event it tells of ('return:12:approved'): written once per event (worker/backend/services/outbox.ts). */
    eventKey?: string | null
  }
}[MailKind]

/** Who the emails come from, as the shop's settings say (the console's Settings page; worker/lib/store-settings.ts). */
export interface MailSettings {
  /** The shop's name (subjects, the header), 'Shop' while an empty store has none. */
  name: string
  /** The business on tax invoices and in the footer. */
  legalName: string
  /** The ABN printed on tax invoices ('' when none is set: the invoice leaves the line out). */
  abn: string
  /** The shop's address, one line per line. */
  address: string
}
