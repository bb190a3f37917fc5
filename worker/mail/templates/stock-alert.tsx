import type { PriceDropPayload, StockAlertConfirmPayload, StockAlertPayload } from '../types.ts'
import { Button, Heading, P } from './layout.tsx'
import type { Messages } from './messages.ts'
import type { Template } from './template.ts'

/** 'Trail Jacket (Blue, M)': the product with the size asked for. */
const item = (p: { productName: string; options: string[] }) => (p.options.length > 0 ? `${p.productName} (${p.options.join(', ')})` : p.productName)

/** RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` to the link (the page's action). */
const unsubscribeHeaders = (p: { unsubscribeUrl: string }) => ({ 'List-Unsubscribe': `<${p.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })

/** A guest's request is sent only once its address's owner follows this link (double opt-in). */
export const stockAlertConfirm: Template<StockAlertConfirmPayload> = {
  subject: (p, { m }) => m.stockAlert.confirmSubject(p.productName),
  preview: (_p, { m }) => m.stockAlert.confirmPreview,
  Body: ({ p, ctx: { m } }) => (
    <>
      <Heading>{m.stockAlert.confirmTitle}</Heading>
      <P>{m.stockAlert.confirmIntro(item(p))}</P>
      <Button href={p.link}>{m.stockAlert.confirmButton}</Button>
      <P muted small>
        {m.stockAlert.confirmIgnore}
      </P>
    </>
  ),
  text: (p, { m }) => [m.stockAlert.confirmIntro(item(p)), '', `${m.stockAlert.confirmButton}: ${p.link}`, '', m.stockAlert.confirmIgnore].join('\n'),
}

/**
 * An alert about an item (back in stock, a price drop): a title, its lines, the shop's link to the item, why it came
 * and the address's one-click unsubscribe (RFC 8058 headers too).
 */
function alertMail<T extends StockAlertPayload>(say: (p: T, m: Messages) => { subject: string; title: string; lines: string[]; why: string }): Template<T> {
  return {
    subject: (p, { m }) => say(p, m).subject,
    preview: (p, { m }) => say(p, m).lines.at(-1)!,
    headers: unsubscribeHeaders,
    Body: ({ p, ctx: { m } }) => {
      const { title, lines, why } = say(p, m)
      return (
        <>
          <Heading>{title}</Heading>
          {lines.map((line) => (
            <P key={line}>{line}</P>
          ))}
          <Button href={p.productUrl}>{m.stockAlert.button}</Button>
          <P muted small>
            {why}{' '}
            <a href={p.unsubscribeUrl} style={{ color: 'inherit' }}>
              {m.stockAlert.unsubscribe}
            </a>
          </P>
        </>
      )
    },
    text: (p, { m }) => {
      const { lines, why } = say(p, m)
      return [...lines, '', `${m.stockAlert.button}: ${p.productUrl}`, '', why, `${m.stockAlert.unsubscribe}: ${p.unsubscribeUrl}`].join('\n')
    },
  }
}

/** The size is back: once per request. */
export const stockAlert = alertMail<StockAlertPayload>((p, m) => ({ subject: m.stockAlert.subject(item(p)), title: m.stockAlert.title, lines: [m.stockAlert.intro(item(p))], why: m.stockAlert.why }))

/** A wished size costs a member less (decision 0080): once per drop, old and new price. */
export const priceDrop = alertMail<PriceDropPayload>((p, m) => ({
  subject: m.priceDrop.subject(item(p)),
  title: m.priceDrop.title,
  lines: [`${item(p)}: ${p.oldPrice} → ${p.newPrice}`, m.priceDrop.intro(p.oldPrice, p.newPrice, p.club)],
  why: m.priceDrop.why,
}))
