import type { PriceDropPayload, StockAlertConfirmPayload, StockAlertPayload } from '../types.ts'
import { Button, Heading, P } from './layout.tsx'
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

/** The size is back: once per request. */
export const stockAlert: Template<StockAlertPayload> = {
  subject: (p, { m }) => m.stockAlert.subject(item(p)),
  preview: (_p, { m }) => m.stockAlert.preview,
  headers: unsubscribeHeaders,
  Body: ({ p, ctx: { m } }) => (
    <>
      <Heading>{m.stockAlert.title}</Heading>
      <P>{m.stockAlert.intro(item(p))}</P>
      <Button href={p.productUrl}>{m.stockAlert.button}</Button>
      <P muted small>
        {m.stockAlert.why}{' '}
        <a href={p.unsubscribeUrl} style={{ color: 'inherit' }}>
          {m.stockAlert.unsubscribe}
        </a>
      </P>
    </>
  ),
  text: (p, { m }) => [m.stockAlert.intro(item(p)), '', `${m.stockAlert.button}: ${p.productUrl}`, '', m.stockAlert.why, `${m.stockAlert.unsubscribe}: ${p.unsubscribeUrl}`].join('\n'),
}

/** A wished size costs a member less (decision 0080): once per drop, old and new price. */
export const priceDrop: Template<PriceDropPayload> = {
  subject: (p, { m }) => m.priceDrop.subject(item(p)),
  preview: (p, { m }) => m.priceDrop.intro(p.oldPrice, p.newPrice, p.club),
  headers: unsubscribeHeaders,
  Body: ({ p, ctx: { m } }) => (
    <>
      <Heading>{m.priceDrop.title}</Heading>
      <P>
        {item(p)}: <s>{p.oldPrice}</s> <strong>{p.newPrice}</strong>
      </P>
      <P>{m.priceDrop.intro(p.oldPrice, p.newPrice, p.club)}</P>
      <Button href={p.productUrl}>{m.stockAlert.button}</Button>
      <P muted small>
        {m.priceDrop.why}{' '}
        <a href={p.unsubscribeUrl} style={{ color: 'inherit' }}>
          {m.stockAlert.unsubscribe}
        </a>
      </P>
    </>
  ),
  text: (p, { m }) =>
    [`${item(p)}: ${p.oldPrice} → ${p.newPrice}`, m.priceDrop.intro(p.oldPrice, p.newPrice, p.club), '', `${m.stockAlert.button}: ${p.productUrl}`, '', m.priceDrop.why, `${m.stockAlert.unsubscribe}: ${p.unsubscribeUrl}`].join('\n'),
}
