import { Hono } from 'hono'
import { DashboardPage } from '#web/admin/dashboard-page.tsx'
import type { AdminEnv } from '../context.ts'
import { LOW_STOCK_THRESHOLD, loadDashboard } from '../dashboard-data.ts'
import { renderPage } from '../render.tsx'

export const dashboard = new Hono<AdminEnv>()

dashboard.get('/', async (c) => {
  const data = await loadDashboard(c.env.DB)
  return renderPage(c, 'Dashboard', <DashboardPage data={{ ...data, lowStockThreshold: LOW_STOCK_THRESHOLD }} />)
})
