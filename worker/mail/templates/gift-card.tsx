import { neutral, primary } from '#kernel/tokens.ts'
import type { GiftCardPayload } from '../types.ts'
import { Button, Callout, FONT, Heading, P } from './layout.tsx'
import type { Template } from './template.ts'

/** The gift card as its recipient receives it: who sent it, the amount, the message and the code to type. */
export const giftCard: Template<GiftCardPayload> = {
  subject: (p, { m }) => m.giftCard.subject(p.senderName),
  preview: (p, ctx) => ctx.m.giftCard.preview(ctx.money(p.amountCents, p.currency)),
  Body: ({ p, ctx }) => {
    const { m } = ctx
    const amount = ctx.money(p.amountCents, p.currency)
    return (
      <>
        <Heading>{m.giftCard.title}</Heading>
        <P>{m.hello(p.recipientName)}</P>
        <P>{m.giftCard.intro(amount, p.senderName)}</P>
        {p.message ? (
          <Callout>
            <span style={{ display: 'block', fontSize: 12, fontWeight: 700, textTransform: 'uppercase', color: neutral[600] }}>{m.giftCard.message}</span>
            <span style={{ whiteSpace: 'pre-line' }}>{p.message}</span>
          </Callout>
        ) : null}
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 20px', border: `2px dashed ${primary[500]}`, borderRadius: 8 }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '20px 16px', fontFamily: FONT }}>
                <span style={{ display: 'block', fontSize: 12, fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.6px', color: neutral[600] }}>{m.giftCard.value}</span>
                <span style={{ display: 'block', fontSize: 32, lineHeight: '40px', fontWeight: 700, color: primary[700] }}>{amount}</span>
                <span style={{ display: 'block', fontSize: 12, fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.6px', color: neutral[600], marginTop: 12 }}>{m.giftCard.code}</span>
                <span style={{ display: 'block', fontFamily: "'SFMono-Regular', Menlo, Consolas, monospace", fontSize: 22, lineHeight: '30px', fontWeight: 700, letterSpacing: '2px', color: neutral[900] }}>{p.code}</span>
              </td>
            </tr>
          </tbody>
        </table>
        <P muted>{m.giftCard.howTo}</P>
        <Button href={p.shopUrl}>{m.giftCard.button}</Button>
      </>
    )
  },
  text: (p, ctx) => {
    const { m } = ctx
    const amount = ctx.money(p.amountCents, p.currency)
    return [
      m.hello(p.recipientName),
      '',
      m.giftCard.intro(amount, p.senderName),
      ...(p.message ? ['', `${m.giftCard.message}:`, p.message] : []),
      '',
      `${m.giftCard.value}: ${amount}`,
      `${m.giftCard.code}: ${p.code}`,
      '',
      m.giftCard.howTo,
      p.shopUrl,
    ].join('\n')
  },
}
