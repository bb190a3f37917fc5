import { Form } from 'react-router'
import type { Order } from '#kernel/models.ts'
import { RETURN_REASONS } from '#kernel/config.ts'
import { useT, type MessageKey } from '../../i18n/index.tsx'
import { formatDate, formatMoney } from '#kernel/format.ts'
import { controlBase, controlEdge, controlLook, cx } from '../../components/ui/cx.ts'
import { Field, FormStatus, SubmitButton, useFormResult } from './fields.tsx'
import { msgText } from './messages.ts'
import { LAND_HERE } from '../../components/ui/cx.ts'

/** How many units of each line may still be asked back (bought less what waits or was approved). */
export function returnableQuantities(order: Order): Map<string, number> {
  const left = new Map(order.lineItems.map((l) => [l.id, l.qty]))
  for (const r of order.returns ?? []) {
    if (r.state === 'declined') continue
    for (const item of r.items) left.set(item.lineItemId, (left.get(item.lineItemId) ?? 0) - item.quantity)
  }
  return left
}

/**
 * Ask to return items (a real form posted to the account page's action: works without JavaScript). Shown while the
 * order is inside its return window and no earlier request waits for an answer.
 */
export function ReturnForm({ order }: { order: Order }) {
  const { t } = useT()
  const result = useFormResult(['request-return'])
  const errors = result?.errors ?? {}
  const left = returnableQuantities(order)
  const lines = order.lineItems.filter((l) => (left.get(l.id) ?? 0) > 0 && !l.giftCard)
  const itemsError = msgText(t, errors.items)
  if (lines.length === 0) return null
  return (
    <Form method="post" noValidate className="max-w-2xl space-y-4 rounded-md border border-neutral-200 p-4" data-testid="return-form" aria-labelledby="return-title">
      <h2 id="return-title" className="text-xl font-semibold">
        {t('returns.title')}
      </h2>
      <p className="text-sm text-neutral-700">{t('returns.intro', { date: formatDate(order.returnableUntil!) })}</p>
      <input type="hidden" name="order" value={order.number} />
      <fieldset aria-describedby={itemsError ? 'return-items-error' : undefined}>
        <legend className="mb-2 text-sm font-semibold text-neutral-800">{t('returns.items')}</legend>
        <ul className="divide-y divide-neutral-200">
          {lines.map((line) => (
            <li key={line.id} className="flex items-center justify-between gap-4 py-2">
              <label htmlFor={`return-qty-${line.id}`} className="flex-1 text-sm">
                <span className="font-semibold">{line.name}</span>
                <span className="block text-neutral-600">{[...Object.values(line.options).filter(Boolean), t('returns.upTo', { count: left.get(line.id)! })].join(' · ')}</span>
              </label>
              <input
                id={`return-qty-${line.id}`}
                name={`qty-${line.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={left.get(line.id)}
                defaultValue={result?.values?.[`qty-${line.id}`] ?? '0'}
                className={cx(controlLook, controlEdge(Boolean(itemsError)), 'w-20 flex-none text-center')}
              />
            </li>
          ))}
        </ul>
        {itemsError ? (
          <p id="return-items-error" className="mt-1 text-sm text-danger-700" data-testid="field-error" {...LAND_HERE}>
            {itemsError}
          </p>
        ) : null}
      </fieldset>
      <Field form="return" name="reason" label={t('returns.reason')} error={errors.reason} defaultValue={result?.values?.reason ?? ''}>
        <option value="">{t('returns.chooseReason')}</option>
        {RETURN_REASONS.map((r) => (
          <option key={r} value={r}>
            {t(`returns.reasons.${r}` as MessageKey)}
          </option>
        ))}
      </Field>
      <div>
        <label htmlFor="return-comment" className="mb-1.5 block text-sm font-semibold text-neutral-800">
          {t('returns.comment')}
        </label>
        <textarea id="return-comment" name="comment" rows={3} maxLength={1000} defaultValue={result?.values?.comment ?? ''} className={cx(controlBase, controlEdge(false))} />
      </div>
      {result && !result.ok ? <FormStatus result={result} /> : null}
      <SubmitButton value="request-return">{t('returns.submit')}</SubmitButton>
    </Form>
  )
}

/** Each return request of the order and where it stands. */
export function ReturnStatus({ order }: { order: Order }) {
  const { t, locale } = useT()
  const result = useFormResult(['request-return'])
  const returns = order.returns ?? []
  if (returns.length === 0) return null
  const names = new Map(order.lineItems.map((l) => [l.id, l.name]))
  return (
    <section aria-labelledby="returns-title" data-testid="return-status">
      <h2 id="returns-title" className="mb-2 text-xl font-semibold">
        {t('returns.yourReturns')}
      </h2>
      {result?.ok ? <FormStatus result={result} /> : null}
      <ul className="space-y-2 text-sm">
        {returns.map((r) => (
          <li key={r.id} className="rounded-md bg-neutral-100 p-3">
            <p className="font-semibold">
              {t(`returns.state.${r.state}` as MessageKey)} · {formatDate(r.createdAt)}
            </p>
            <p>{r.items.map((i) => `${i.quantity} × ${names.get(i.lineItemId) ?? ''}`).join(', ')}</p>
            {r.state === 'approved' && r.returnAddress?.length ? (
              <div className="mt-2" data-testid="return-address">
                <p>{t('returns.sendTo', { reference: r.returnNumber ?? r.id })}</p>
                <address className="not-italic font-semibold">
                  {r.returnAddress.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </div>
            ) : null}
            {r.state === 'received' ? <p>{t('returns.receivedNote')}</p> : null}
            {r.state === 'refunded' && r.refundTotal ? <p>{t(`returns.refundedTo.${r.refundTo ?? 'original'}` as MessageKey, { amount: formatMoney(Number(r.refundTotal), order.currency, locale) })}</p> : null}
            {r.state === 'declined' && r.note ? <p>{t('returns.declinedNote', { note: r.note })}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
