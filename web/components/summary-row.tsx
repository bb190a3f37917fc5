/** One label/amount line of a totals list (`<dl>`): cart, checkout summary, order details. */
export function SummaryRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-3" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
