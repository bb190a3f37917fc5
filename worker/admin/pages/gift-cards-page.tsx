import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { AlreadySentNotice, ErrorSummary, FormToken, Notice, PageHeader, Panel, Table, TextLink, cell, money, when, type AlreadySent, type FieldErrors, type FormValues } from './parts.tsx'

export interface GiftCardItem {
  id: number
  code: string
  currency: string
  original_cents: number
  balance_cents: number
  recipient_name: string | null
  recipient_email: string | null
  created_at: string
}

/** Codes pay like cash: the console shows the last four characters, except to the operator who just issued one. */
export const maskedCode = (code: string) => `•••• ${code.slice(-4)}`

function Currency({ id, value, error }: { id: string; value?: string; error?: string }) {
  return (
    <Select id={id} name="currency" label="Currency" defaultValue={value ?? 'AUD'} error={error}>
      <option>AUD</option>
      <option>USD</option>
    </Select>
  )
}

export function GiftCardsPage(props: { cards: GiftCardItem[]; q: string; notice?: string; issuedCode?: string; error?: string; form?: string; errors?: FieldErrors; values?: FormValues; already?: AlreadySent }) {
  const e = (form: string) => (props.form === form ? props.errors : undefined)
  const v = (form: string) => (props.form === form ? props.values : undefined)
  return (
    <>
      <PageHeader title="Gift cards and store credit" />
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      <AlreadySentNotice already={props.already} />
      {props.issuedCode ? <Notice>{`New card code: ${props.issuedCode} (shown once; give it to the customer now).`}</Notice> : null}
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <ErrorSummary errors={props.errors} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Issue a gift card">
          <form method="post" action="/admin/gift-cards" className="space-y-3" aria-label="Issue a gift card">
            <FormToken />
            <Currency id="issue-currency" value={v('issue')?.currency} error={e('issue')?.currency} />
            <Input id="issue-amount" name="amount" label="Amount" inputMode="decimal" required defaultValue={v('issue')?.amount ?? ''} error={e('issue')?.amount} />
            <Input id="issue-name" name="recipient_name" label="Recipient's name" defaultValue={v('issue')?.recipient_name ?? ''} error={e('issue')?.recipient_name} />
            <Input id="issue-email" name="recipient_email" type="email" label="Recipient's email" defaultValue={v('issue')?.recipient_email ?? ''} error={e('issue')?.recipient_email} />
            <Select id="issue-locale" name="locale" label="Language of the email (the code and amount are emailed when an email is given)" defaultValue={v('issue')?.locale ?? ''} error={e('issue')?.locale}>
              <option value="">The customer’s language (English if not known)</option>
              <option value="en">English</option>
              <option value="de">Deutsch</option>
            </Select>
            <Button type="submit">Issue the card</Button>
          </form>
        </Panel>
        <Panel title="Grant store credit">
          <form method="post" action="/admin/store-credit" className="space-y-3" aria-label="Grant store credit">
            <FormToken />
            <Input id="credit-email" name="email" type="email" label="Customer's email" required defaultValue={v('credit')?.email ?? ''} error={e('credit')?.email} />
            <Currency id="credit-currency" value={v('credit')?.currency} error={e('credit')?.currency} />
            <Input id="credit-amount" name="amount" label="Amount" inputMode="decimal" required defaultValue={v('credit')?.amount ?? ''} error={e('credit')?.amount} />
            <Input id="credit-reason" name="reason" label="Reason" required defaultValue={v('credit')?.reason ?? ''} error={e('credit')?.reason} />
            <Input id="credit-password" name="password" type="password" label="Your password, to confirm" autoComplete="current-password" required error={e('credit')?.password} />
            <Button type="submit">Grant</Button>
          </form>
        </Panel>
      </div>
      <form method="get" action="/admin/gift-cards" className="mb-4 flex flex-wrap items-end gap-3" aria-label="Find a gift card">
        <Input id="q" name="q" label="Code, its last four characters, or the recipient's email" defaultValue={props.q} frameClassName="w-full max-w-md" />
        <Button type="submit" variant="secondary">
          Find
        </Button>
      </form>
      <Table caption="Gift cards" head={['Card', 'Balance', 'Issued', 'Recipient']}>
        {props.cards.map((card) => (
          <tr key={card.id}>
            <td className={cell}>
              <TextLink href={`/admin/gift-cards/${card.id}`}>{maskedCode(card.code)}</TextLink>
            </td>
            <td className={`${cell} tabular-nums`}>{`${money(card.balance_cents, card.currency)} of ${money(card.original_cents, card.currency)}`}</td>
            <td className={cell}>{when(card.created_at)}</td>
            <td className={cell}>{card.recipient_email ?? '–'}</td>
          </tr>
        ))}
      </Table>
    </>
  )
}

export function GiftCardPage(props: { card: GiftCardItem; notice?: string; error?: string; errors?: FieldErrors; values?: FormValues; already?: AlreadySent }) {
  const { card } = props
  return (
    <>
      <PageHeader title={`Gift card ${maskedCode(card.code)}`}>
        <TextLink href="/admin/gift-cards">All gift cards</TextLink>
      </PageHeader>
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      <AlreadySentNotice already={props.already} />
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <ErrorSummary errors={props.errors} />
      <p className="mb-4">{`Balance ${money(card.balance_cents, card.currency)} of ${money(card.original_cents, card.currency)}, issued ${when(card.created_at)}${card.recipient_email ? ` to ${card.recipient_email}` : ''}.`}</p>
      <Panel title="Adjust the balance">
        <form method="post" action={`/admin/gift-cards/${card.id}/adjust`} className="grid gap-3 sm:grid-cols-2" aria-label="Adjust the balance">
          <FormToken />
          <Input id="amount" name="amount" label={`Change (${card.currency}), e.g. 10.00 or -5.00`} inputMode="decimal" required defaultValue={props.values?.amount ?? ''} error={props.errors?.amount} />
          <Input id="reason" name="reason" label="Reason" required defaultValue={props.values?.reason ?? ''} error={props.errors?.reason} />
          <Input id="password" name="password" type="password" label="Your password, to confirm" autoComplete="current-password" required error={props.errors?.password} />
          <div className="flex items-end">
            <Button type="submit">Adjust</Button>
          </div>
        </form>
      </Panel>
    </>
  )
}
