import { Hono } from '#worker/lib/hono.ts'
import { addDays, storeToday } from '#kernel/store-clock.ts'
import { GstPage } from '#worker/admin/pages/gst-page.tsx'
import { ReportsPage, type PeriodLink } from '#worker/admin/pages/reports-page.tsx'
import type { FieldErrors } from '#worker/admin/pages/parts.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { ReportPeriodSchema, gstSummary, salesByCategory, salesByPeriod, salesByProduct, type ReportPeriod } from '../reports-data.ts'
import { renderPage } from '../render.tsx'

export const reports = new Hono<AdminEnv>()

const monthStart = (day: string, monthsBack = 0) => {
  const [y, m] = day.split('-').map(Number)
  return new Date(Date.UTC(y!, m! - 1 - monthsBack, 1)).toISOString().slice(0, 10)
}

/** This month, the last one, the last quarter and the financial years (1 July to 30 June), on the store's calendar. */
export function periodPresets(today: string): PeriodLink[] {
  const month = Number(today.slice(5, 7))
  const quarterStart = monthStart(today, (month - 1) % 3)
  const fyStart = monthStart(today, (month + 5) % 12)
  return [
    { label: 'This month', from: monthStart(today), to: today },
    { label: 'Last month', from: monthStart(today, 1), to: addDays(monthStart(today), -1) },
    { label: 'Last quarter', from: monthStart(quarterStart, 3), to: addDays(quarterStart, -1) },
    { label: 'This financial year', from: fyStart, to: today },
    { label: 'Last financial year', from: monthStart(fyStart, 12), to: addDays(fyStart, -1) },
  ]
}

/** The period asked for (this month so far when none is), or the form's messages. */
function periodOf(c: AdminContext) {
  const today = storeToday()
  const raw = { from: c.req.query('from') || monthStart(today), to: c.req.query('to') || today, grain: c.req.query('grain') || 'day' }
  const parsed = ReportPeriodSchema.safeParse(raw)
  const errors: FieldErrors = {}
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message
  return { raw, period: parsed.success ? parsed.data : null, errors: parsed.success ? undefined : errors, presets: periodPresets(today) }
}

reports.get('/reports', async (c) => {
  const { raw, period, errors, presets } = periodOf(c)
  const [sales, products, categories] = period ? await Promise.all([salesByPeriod(c.env.DB, period), salesByProduct(c.env.DB, period), salesByCategory(c.env.DB, period)]) : [[], [], []]
  const items = <T extends { name: string; currency: string; units: number; sales_cents: number }>(rows: T[], key: (r: T) => unknown) => rows.map((r) => ({ ...r, key: String(key(r)) }))
  return renderPage(
    c,
    'Sales report',
    <ReportsPage
      values={raw}
      errors={errors}
      presets={presets}
      grain={(period as ReportPeriod | null)?.grain ?? 'day'}
      sales={sales}
      products={items(products, (r) => r.product_id)}
      categories={items(categories, (r) => r.taxon_id)}
    />,
    errors ? 400 : 200,
  )
})

reports.get('/reports/gst', async (c) => {
  const { raw, period, errors, presets } = periodOf(c)
  const figures = period ? await gstSummary(c.env.DB, period) : []
  return renderPage(c, 'GST summary', <GstPage values={raw} errors={errors} presets={presets} figures={figures} />, errors ? 400 : 200)
})
