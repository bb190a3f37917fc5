import type { StoreCreditPayload } from '../types.ts'
import { Button, Facts, Heading, P } from './layout.tsx'
import type { Template } from './template.ts'

/** Store credit the console granted to a customer's account: the amount, the balance now and how to spend it. */
export const storeCredit: Template<StoreCreditPayload> = {
  subject: (p, ctx) => ctx.m.storeCredit.subject(ctx.money(p.amountCents, p.currency)),
  preview: (p, ctx) => ctx.m.storeCredit.preview(ctx.money(p.amountCents, p.currency)),
  Body: ({ p, ctx }) => {
    const { m } = ctx
    return (
      <>
        <Heading>{m.storeCredit.title}</Heading>
        <P>{m.hello(p.customerName)}</P>
        <P>{m.storeCredit.intro(ctx.money(p.amountCents, p.currency))}</P>
        <Facts
          rows={[
            [m.storeCredit.added, ctx.money(p.amountCents, p.currency)],
            [m.storeCredit.balance, ctx.money(p.balanceCents, p.currency)],
          ]}
        />
        <P muted>{m.storeCredit.howTo}</P>
        <Button href={p.shopUrl}>{m.storeCredit.button}</Button>
      </>
    )
  },
  text: (p, ctx) => {
    const { m } = ctx
    return [
      m.hello(p.customerName),
      '',
      m.storeCredit.intro(ctx.money(p.amountCents, p.currency)),
      '',
      `${m.storeCredit.added}: ${ctx.money(p.amountCents, p.currency)}`,
      `${m.storeCredit.balance}: ${ctx.money(p.balanceCents, p.currency)}`,
      '',
      m.storeCredit.howTo,
      p.shopUrl,
    ].join('\n')
  },
}
