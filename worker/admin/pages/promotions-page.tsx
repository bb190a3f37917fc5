import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { storeDayOf, storeDayStart } from '#kernel/store-clock.ts'
import type { PromotionRow } from '#worker/backend/commerce/promotions.ts'
import { ErrorSummary, Notice, PageHeader, Pager, Panel, Table, TextLink, cell, money, when, type FieldErrors, type FormValues } from './parts.tsx'

/** A promotion as the console lists it: the backend's row (its terms, id and how often orders used it). */
export type PromotionItem = PromotionRow

/** The store's day (Australia/Melbourne) a stored start or end falls on. */
const day = (iso: string | null) => (iso ? storeDayOf(new Date(iso)) : '')
/** A start or end for the list: the day, or the day and time when it is not the store's midnight (coupons saved when dates were UTC days). */
const dayOrTime = (iso: string) => (storeDayStart(day(iso)).getTime() === new Date(iso).getTime() ? day(iso) : when(iso))
const amountText = (p: PromotionItem) => (p.kind === 'percent' ? `${p.amount}% off` : p.kind === 'fixed' ? `${(p.amount / 100).toFixed(2)} off in the cart's currency` : 'Free shipping')

/** What a promotion's form starts with: the saved values, or what was typed when the form was refused. */
export function promotionValues(p: PromotionItem | null): FormValues {
  if (!p) return { kind: 'percent' }
  return {
    name: p.name,
    code: p.code,
    kind: p.kind,
    amount: p.kind === 'fixed' ? (p.amount / 100).toFixed(2) : p.kind === 'percent' ? String(p.amount) : '',
    min_total: p.min_item_total_cents === null ? '' : (p.min_item_total_cents / 100).toFixed(2),
    starts_on: day(p.starts_at),
    expires_on: day(p.expires_at),
    usage_limit: p.usage_limit === null ? '' : String(p.usage_limit),
    per_customer_limit: p.per_customer_limit === null ? '' : String(p.per_customer_limit),
  }
}

export function PromotionForm({ action, values, errors, submit }: { action: string; values: FormValues; errors?: FieldErrors; submit: string }) {
  return (
    <form method="post" action={action} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={submit}>
      <Input id="name" name="name" label="Name" required defaultValue={values.name ?? ''} error={errors?.name} />
      <Input id="code" name="code" label="Coupon code" required defaultValue={values.code ?? ''} error={errors?.code} hint="Shoppers type it at checkout; not case-sensitive." />
      <Select id="kind" name="kind" label="Discount" defaultValue={values.kind ?? 'percent'} error={errors?.kind}>
        <option value="percent">Percent off the items</option>
        <option value="fixed">Amount off the items</option>
        <option value="free_shipping">Free shipping</option>
      </Select>
      <Input id="amount" name="amount" label="Percent or amount" inputMode="decimal" defaultValue={values.amount ?? ''} error={errors?.amount} hint="15 for 15 %; 20.00 for 20.00 off in the cart's currency (AUD 20.00 or USD 20.00); empty for free shipping." />
      <Input id="min_total" name="min_total" label="Minimum order (items, in the cart's currency)" inputMode="decimal" defaultValue={values.min_total ?? ''} error={errors?.min_total} />
      <Input id="starts_on" name="starts_on" type="date" label="Starts" hint="From 00:00 Melbourne time that day; empty: now." defaultValue={values.starts_on ?? ''} error={errors?.starts_on} />
      <Input id="expires_on" name="expires_on" type="date" label="Ends before" hint="Usable up to 23:59 Melbourne time the day before; empty: no end." defaultValue={values.expires_on ?? ''} error={errors?.expires_on} />
      <Input id="usage_limit" name="usage_limit" label="Uses in all" inputMode="numeric" defaultValue={values.usage_limit ?? ''} error={errors?.usage_limit} hint="Empty: no limit." />
      <Input id="per_customer_limit" name="per_customer_limit" label="Uses per customer" inputMode="numeric" defaultValue={values.per_customer_limit ?? ''} error={errors?.per_customer_limit} hint="Empty: no limit." />
      <div className="flex items-end">
        <Button type="submit">{submit}</Button>
      </div>
    </form>
  )
}

export function PromotionsPage(props: { promotions: PromotionItem[]; total: number; page: number; pageSize: number; notice?: string; error?: string; errors?: FieldErrors; values?: FormValues }) {
  return (
    <>
      <PageHeader title="Promotions" />
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <ErrorSummary errors={props.errors} />
      <Panel title="New coupon">
        <PromotionForm action="/admin/promotions" values={props.values ?? promotionValues(null)} errors={props.errors} submit="Start the coupon" />
      </Panel>
      <Table caption="Promotions" head={['Code', 'Name', 'Discount', 'Minimum', 'Dates', 'Used']}>
        {props.promotions.map((p) => (
          <tr key={p.id}>
            <td className={cell}>
              <TextLink href={`/admin/promotions/${p.id}`}>{p.code}</TextLink>
            </td>
            <td className={cell}>{p.name}</td>
            <td className={cell}>{amountText(p)}</td>
            <td className={cell}>{p.min_item_total_cents === null ? '–' : money(p.min_item_total_cents, 'AUD').replace('AUD ', '')}</td>
            <td className={cell}>
              <span className="block whitespace-nowrap">{p.starts_at ? `from ${dayOrTime(p.starts_at)}` : 'from now'}</span>
              <span className="block whitespace-nowrap">{p.expires_at ? `ends before ${dayOrTime(p.expires_at)}` : 'no end'}</span>
            </td>
            <td className={cell}>{`${p.used_count}${p.usage_limit === null ? '' : ` of ${p.usage_limit}`}`}</td>
          </tr>
        ))}
      </Table>
      <Pager page={props.page} total={props.total} pageSize={props.pageSize} href={(p) => `/admin/promotions?page=${p}`} />
    </>
  )
}

export function PromotionPage(props: { promotion: PromotionItem; notice?: string; error?: string; errors?: FieldErrors; values?: FormValues }) {
  return (
    <>
      <PageHeader title={`Coupon ${props.promotion.code}`}>
        <TextLink href="/admin/promotions">All promotions</TextLink>
      </PageHeader>
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <ErrorSummary errors={props.errors} />
      <p className="mb-4 text-sm">{`Used ${props.promotion.used_count} times.`}</p>
      {[props.promotion.starts_at, props.promotion.expires_at].some((iso) => iso && dayOrTime(iso) !== day(iso)) ? (
        <p className="mb-4 text-sm">{`Saved when dates were UTC days: ${[props.promotion.starts_at ? `starts ${dayOrTime(props.promotion.starts_at)}` : '', props.promotion.expires_at ? `ends before ${dayOrTime(props.promotion.expires_at)}` : ''].filter(Boolean).join(', ')} (Melbourne time). Saving keeps these times until you pick another day.`}</p>
      ) : null}
      <Panel>
        <PromotionForm action={`/admin/promotions/${props.promotion.id}`} values={props.values ?? promotionValues(props.promotion)} errors={props.errors} submit="Save the coupon" />
      </Panel>
    </>
  )
}
