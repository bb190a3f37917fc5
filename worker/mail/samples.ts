import type { Locale } from '#kernel/models.ts'
import type { Mail, MailKind, MailSettings } from './types.ts'

/** The sample shop the development previews sign with when the store has no settings yet (migrations only). */
export const SAMPLE_SHOP: MailSettings = { name: 'Basecamp Outfitters', legalName: 'Basecamp Outfitters Pty Ltd', abn: '51 824 753 556', address: '12 Flinders Lane, Melbourne VIC 3000, Australia' }

/** One realistic email of each kind: the development preview (/dev/emails), the screenshots and the render tests. */
const address = (locale: Locale) => ({ name: 'Alex Morgan', company: null, lines: ['12 Ridge Road', 'Katoomba NSW 2780'], country: locale === 'de' ? 'Australien' : 'Australia', phone: '0412 345 678' })

/**
 * The states a kind's email reads differently in (its payload's status); the first is the default sample. The preview
 * and the screenshots show each, the render tests check each.
 */
export const MAIL_VARIANTS = {
  return_update: ['approved', 'requested', 'received', 'refunded', 'declined'],
  order_update: ['refunded', 'canceled', 'ready', 'collected'],
} as const satisfies Partial<Record<MailKind, readonly string[]>>

export const mailVariants = (kind: MailKind): readonly (string | undefined)[] => (kind in MAIL_VARIANTS ? MAIL_VARIANTS[kind as keyof typeof MAIL_VARIANTS] : [undefined])

export function sampleMail(kind: MailKind, locale: Locale, variant?: string): Mail {
  const de = locale === 'de'
  switch (kind) {
    case 'order_confirmation':
      return {
        kind,
        to: 'alex@example.com',
        locale,
        ref: 'R123456789',
        payload: {
          number: 'R123456789',
          placedAt: '2026-11-23T03:15:00.000Z',
          currency: 'AUD',
          customerName: 'Alex',
          email: 'alex@example.com',
          member: true,
          lines: [
            { name: de ? 'Alpine Daunenjacke' : 'Alpine Down Jacket', details: de ? ['Farbe: Rot', 'Größe: M'] : ['Colour: Red', 'Size: M'], quantity: 1, unitCents: 22995, totalCents: 22995, regularUnitCents: 25995 },
            { name: de ? 'Merino-Wandersocken' : 'Merino Hiking Socks', details: de ? ['Größe: L'] : ['Size: L'], quantity: 2, unitCents: 2495, totalCents: 4990, regularUnitCents: 2995 },
            { name: de ? 'Geschenkkarte' : 'Gift card', details: [de ? 'Für Sam Lee <sam@example.com>' : 'For Sam Lee <sam@example.com>'], quantity: 1, unitCents: 5000, totalCents: 5000 },
          ],
          itemTotalCents: 32985,
          promotions: [{ name: 'SUMMER10', amountCents: -2799 }],
          shipTotalCents: 0,
          shippingMethod: 'Standard',
          gstCents: 2290,
          exportDelivery: false,
          totalCents: 30186,
          giftCardCents: 2500,
          giftCards: [{ code: '•••• 7K2Q', cents: 2500 }],
          storeCreditCents: 0,
          cardCents: 27686,
          clubSavingsCents: 4000,
          shipAddress: address(locale),
          billAddress: address(locale),
          orderUrl: `http://localhost:8787${de ? '/de' : ''}/my-account/OrderDetails/R123456789`,
        },
      }
    case 'password_reset':
      return { kind, to: 'alex@example.com', locale, payload: { name: 'Alex', link: 'http://localhost:8787/reset-password?token=preview-token-not-real', validMinutes: 30 } }
    case 'gift_card':
      return {
        kind,
        to: 'sam@example.com',
        locale,
        payload: {
          recipientName: 'Sam',
          senderName: 'Alex Morgan',
          amountCents: 5000,
          currency: 'AUD',
          code: 'H7KM-2QPX-9RTA-4WZE',
          message: de ? 'Alles Gute zum Geburtstag! Für die nächste Tour.' : 'Happy birthday! For the next trip.',
          shopUrl: `http://localhost:8787${de ? '/de' : ''}/`,
        },
      }
    case 'newsletter_confirm':
      return { kind, to: 'alex@example.com', locale, payload: { link: 'http://localhost:8787/newsletter/confirm?token=preview-token-not-real' } }
    case 'stock_alert_confirm':
      return {
        kind,
        to: 'alex@example.com',
        locale,
        payload: {
          link: 'http://localhost:8787/stock-alerts/confirm?token=preview-token-not-real',
          productName: de ? 'Alpine Daunenjacke' : 'Alpine Down Jacket',
          options: de ? ['Rot', 'L'] : ['Red', 'L'],
          unsubscribeUrl: 'http://localhost:8787/stock-alerts/unsubscribe?email=alex%40example.com&token=preview-token-not-real',
        },
      }
    case 'stock_alert':
    case 'price_drop': {
      const item = {
        productName: de ? 'Alpine Daunenjacke' : 'Alpine Down Jacket',
        options: de ? ['Rot', 'L'] : ['Red', 'L'],
        productUrl: 'http://localhost:8787/products/alpine-down-jacket',
        unsubscribeUrl: 'http://localhost:8787/stock-alerts/unsubscribe?email=alex%40example.com&token=preview-token-not-real',
      }
      return kind === 'stock_alert'
        ? { kind, to: 'alex@example.com', locale, payload: item }
        : { kind, to: 'alex@example.com', locale, payload: { ...item, oldPrice: de ? '249,00\u00a0AU$' : '$249.00', newPrice: de ? '199,00\u00a0AU$' : '$199.00', club: false } }
    }
    case 'contact':
      return {
        kind,
        to: 'shop@store.invalid',
        locale: 'en',
        replyTo: 'alex@example.com',
        payload: { name: 'Alex Morgan', email: 'alex@example.com', message: de ? 'Hallo,\nwann ist die Alpine Daunenjacke wieder in L erhältlich?\nDanke!' : 'Hello,\nwhen will the Alpine Down Jacket be back in size L?\nThanks!', shopperLocale: locale },
      }
    case 'shipping_confirmation':
      return {
        kind,
        to: 'alex@example.com',
        locale,
        ref: 'R123456789',
        payload: {
          number: 'R123456789',
          customerName: 'Alex',
          carrier: 'Australia Post',
          trackingId: '33LPK123456701000935006',
          trackingUrl: 'https://auspost.com.au/mypost/track/details/33LPK123456701000935006',
          lines: [
            { name: de ? 'Alpine Daunenjacke' : 'Alpine Down Jacket', details: de ? ['Farbe: Rot', 'Größe: M'] : ['Colour: Red', 'Size: M'], quantity: 1 },
            { name: de ? 'Merino-Wandersocken' : 'Merino Hiking Socks', details: de ? ['Größe: L'] : ['Size: L'], quantity: 2 },
          ],
          shipAddress: address(locale),
          orderUrl: `http://localhost:8787${de ? '/de' : ''}/my-account/OrderDetails/R123456789`,
        },
      }
    case 'return_update':
      return {
        kind,
        to: 'alex@example.com',
        locale,
        ref: 'R123456789',
        payload: {
          status: variant === 'requested' || variant === 'declined' || variant === 'received' || variant === 'refunded' ? variant : 'approved',
          number: 'R123456789',
          returnNumber: 'R123456789-12',
          customerName: 'Alex',
          currency: 'AUD',
          reason: 'too_small',
          lines: [{ name: de ? 'Alpine Daunenjacke' : 'Alpine Down Jacket', details: de ? ['Farbe: Rot', 'Größe: M'] : ['Colour: Red', 'Size: M'], quantity: 1 }],
          refunds:
            variant === 'refunded'
              ? [
                  { method: 'gift_card', amountCents: 2500 },
                  { method: 'card', amountCents: 20495 },
                ]
              : [],
          refundTo: variant === 'refunded' ? 'original' : null,
          shippingCents: 0,
          returnAddress: variant === 'approved' || variant === undefined ? ['Basecamp Outfitters Pty Ltd', '12 Flinders Lane', 'Melbourne VIC 3000', 'Australia'] : null,
          note: variant === 'declined' ? (de ? 'Die Jacke wurde getragen und gewaschen; wir können sie nicht wieder verkaufen.' : 'The jacket has been worn and washed, so we cannot sell it again.') : null,
          orderUrl: `http://localhost:8787${de ? '/de' : ''}/my-account/OrderDetails/R123456789`,
        },
      }
    case 'store_credit':
      return { kind, to: 'alex@example.com', locale, payload: { customerName: 'Alex', currency: 'AUD', amountCents: 2500, balanceCents: 3500, shopUrl: `http://localhost:8787${de ? '/de' : ''}/` } }
    case 'order_update':
      return {
        kind,
        to: 'alex@example.com',
        locale,
        ref: 'R123456789',
        payload: {
          status: MAIL_VARIANTS.order_update.find((v) => v === variant) ?? 'refunded',
          number: 'R123456789',
          customerName: 'Alex',
          currency: 'AUD',
          refunds:
            variant === 'canceled'
              ? [
                  { method: 'gift_card', amountCents: 2500 },
                  { method: 'card', amountCents: 27686 },
                ]
              : [{ method: 'card', amountCents: 2495 }],
          reason: variant === 'canceled' ? (de ? 'Auf Wunsch der Kundin storniert' : 'Cancelled at the customer\'s request') : de ? 'Socken nicht lieferbar' : 'Socks out of stock',
          // Click & Collect (ready, collected): the place instead of the refunds
          ...(variant === 'ready' || variant === 'collected' ? { place: { name: 'Melbourne CBD', lines: ['12 Flinders Lane', 'Melbourne VIC 3000'], hours: de ? 'Mo–Fr 9–17 Uhr' : 'Mon–Fri 9am–5pm' } } : {}),
          orderUrl: `http://localhost:8787${de ? '/de' : ''}/my-account/OrderDetails/R123456789`,
        },
      }
  }
}
