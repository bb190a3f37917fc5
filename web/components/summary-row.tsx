import type { LineItem } from '#kernel/models.ts'
import { useT } from '../i18n/index.tsx'

/**
 * One label/amount line of a totals list (`<dl>`): cart, checkout summary, order details, tax invoice. `total` is the
 * list's last word: ruled off above and bold.
 */
export function SummaryRow({ label, value, testId, total = false }: { label: string; value: string; testId?: string; total?: boolean }) {
  return (
    <div className={total ? 'flex justify-between gap-3 border-t border-neutral-200 pt-2 text-lg font-bold text-neutral-900' : 'flex justify-between gap-3'} data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

/** The bought lines (name, colour · size · quantity, line total) above the totals: checkout summary, tax invoice. */
export function OrderLines({ items, className = '' }: { items: LineItem[]; className?: string }) {
  const { t } = useT()
  return (
    <ul className={`divide-y divide-neutral-100 text-sm ${className}`}>
      {items.map((item) => (
        <li key={item.id} className="flex justify-between gap-3 py-2">
          <span>
            {item.name}
            <span className="block text-neutral-600">{[item.options.colour, item.options.size, t('checkout.qty', { qty: item.qty })].filter(Boolean).join(' · ')}</span>
          </span>
          <span className="font-semibold">{item.displayTotal}</span>
        </li>
      ))}
    </ul>
  )
}
