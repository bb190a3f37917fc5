import { Hono } from '#worker/lib/hono.ts'
import { RatePage, ShippingPage, ZonePage } from '#worker/admin/pages/shipping-page.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent, formTokenOf } from '../form-tokens.ts'
import { ActionRefused } from '../action-refused.ts'
import { RateSchema, ZoneSchema, listZones, loadRate, loadZone, retireRate, saveRate, saveZone } from '../shipping-data.ts'
import { renderPage, seeOther } from '../render.tsx'
import { DispatchSchema, loadDispatch, saveDispatch } from '../dispatch-data.ts'
import { storefrontChanged } from '../freshness.ts'

/**
 * Shipping zones, rates and the GST rule per destination (issue 40 point 4, docs/console.md 'Shipping and tax'). Every
 * refusal draws the page again with why (422 for what was typed, 409 for what the store's state refuses); nothing is
 * written then. The checkout reads the tables on each request: no cache to clear.
 */
export const shipping = new Hono<AdminEnv>()

type Extra = Partial<Parameters<typeof ZonePage>[0]>

const idOf = (c: AdminContext, name: string) => Number(c.req.param(name))

async function listPage(c: AdminContext, extra: Partial<Parameters<typeof ShippingPage>[0]> = {}, status = 200) {
  const [zones, dispatch] = await Promise.all([listZones(c.env.DB), loadDispatch(c.env.DB)])
  return renderPage(c, 'Shipping and tax', <ShippingPage zones={zones} dispatch={dispatch} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

async function zonePage(c: AdminContext, id: number, extra: Extra = {}, status = 200) {
  const found = await loadZone(c.env.DB, id)
  if (!found) return c.notFound()
  return renderPage(c, `Zone ${found.zone.name}`, <ZonePage zone={found.zone} rates={found.rates} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

/** The refusals every action shares: a form sent twice (409, with what the first did) and a refused change (409). */
function refusal(error: unknown): { extra: Extra; status: number } {
  if (error instanceof FormAlreadySent) return { extra: { already: error.already }, status: 409 }
  if (error instanceof ActionRefused) return { extra: { error: error.message }, status: 409 }
  throw error
}

shipping.get('/shipping', (c) => listPage(c))

shipping.post('/shipping/zones', async (c) => {
  const form = await parseForm(c, ZoneSchema)
  if (!form.ok) return listPage(c, { errors: form.errors, values: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return listPage(c, { error: FORM_TOKEN_MISSING, values: form.values }, 422)
  try {
    const id = await saveZone(c.env.DB, c.var.operator, null, form.data, token)
    return seeOther(c, `/admin/shipping/zones/${id}`, 'created')
  } catch (error) {
    const { extra, status } = refusal(error)
    return listPage(c, { ...extra, values: form.values }, status)
  }
})

// the cut-off and dispatch state: the storefront reads them with the store settings, and its cached pages carry them
shipping.post('/shipping/dispatch', async (c) => {
  const form = await parseForm(c, DispatchSchema)
  if (!form.ok) return listPage(c, { dispatchErrors: form.errors, dispatchValues: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return listPage(c, { error: FORM_TOKEN_MISSING, dispatchValues: form.values }, 422)
  try {
    await saveDispatch(c.env.DB, c.var.operator, await loadDispatch(c.env.DB), form.data, token)
  } catch (error) {
    const { extra, status } = refusal(error)
    return listPage(c, { ...extra, dispatchValues: form.values }, status)
  }
  await storefrontChanged(c.env, { settings: true })
  return seeOther(c, '/admin/shipping', 'saved')
})

shipping.get('/shipping/zones/:id{[0-9]+}', (c) => zonePage(c, idOf(c, 'id')))

shipping.post('/shipping/zones/:id{[0-9]+}', async (c) => {
  const found = await loadZone(c.env.DB, idOf(c, 'id'))
  if (!found) return c.notFound()
  const form = await parseForm(c, ZoneSchema)
  if (!form.ok) return zonePage(c, found.zone.id, { errors: form.errors, values: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return zonePage(c, found.zone.id, { error: FORM_TOKEN_MISSING, values: form.values }, 422)
  try {
    await saveZone(c.env.DB, c.var.operator, found.zone, form.data, token)
  } catch (error) {
    const { extra, status } = refusal(error)
    return zonePage(c, found.zone.id, { ...extra, values: form.values }, status)
  }
  return seeOther(c, `/admin/shipping/zones/${found.zone.id}`, 'saved')
})

shipping.post('/shipping/zones/:id{[0-9]+}/rates', async (c) => {
  const found = await loadZone(c.env.DB, idOf(c, 'id'))
  if (!found) return c.notFound()
  const form = await parseForm(c, RateSchema)
  if (!form.ok) return zonePage(c, found.zone.id, { rateErrors: form.errors, rateValues: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return zonePage(c, found.zone.id, { error: FORM_TOKEN_MISSING, rateValues: form.values }, 422)
  try {
    await saveRate(c.env.DB, c.var.operator, found.zone.id, null, form.data, token)
  } catch (error) {
    const { extra, status } = refusal(error)
    return zonePage(c, found.zone.id, { ...extra, rateValues: form.values }, status)
  }
  // the product page's delivery line counts with the standard rate's days (store settings, worker/lib/store-settings.ts)
  await storefrontChanged(c.env, { settings: true })
  return seeOther(c, `/admin/shipping/zones/${found.zone.id}`, 'created')
})

async function ratePage(c: AdminContext, id: number, extra: Partial<Parameters<typeof RatePage>[0]> = {}, status = 200) {
  const rate = await loadRate(c.env.DB, id)
  const found = rate?.zone_id ? await loadZone(c.env.DB, rate.zone_id) : null
  if (!rate || !found) return c.notFound()
  return renderPage(c, `Rate ${rate.name}`, <RatePage rate={rate} zone={found.zone} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

shipping.get('/shipping/rates/:id{[0-9]+}', (c) => ratePage(c, idOf(c, 'id')))

shipping.post('/shipping/rates/:id{[0-9]+}', async (c) => {
  const rate = await loadRate(c.env.DB, idOf(c, 'id'))
  if (!rate?.zone_id) return c.notFound()
  const form = await parseForm(c, RateSchema)
  if (!form.ok) return ratePage(c, rate.id, { errors: form.errors, values: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return ratePage(c, rate.id, { error: FORM_TOKEN_MISSING, values: form.values }, 422)
  try {
    await saveRate(c.env.DB, c.var.operator, rate.zone_id, rate, form.data, token)
  } catch (error) {
    const { extra, status } = refusal(error)
    return ratePage(c, rate.id, { ...extra, values: form.values }, status)
  }
  // the product page's delivery line counts with the standard rate's days (store settings, worker/lib/store-settings.ts)
  await storefrontChanged(c.env, { settings: true })
  return seeOther(c, `/admin/shipping/zones/${rate.zone_id}`, 'saved')
})

shipping.post('/shipping/rates/:id{[0-9]+}/retire', async (c) => {
  const rate = await loadRate(c.env.DB, idOf(c, 'id'))
  if (!rate?.zone_id) return c.notFound()
  const values = Object.fromEntries(Object.entries(await c.req.parseBody().catch(() => ({}))).filter(([, v]) => typeof v === 'string')) as Record<string, string>
  const token = formTokenOf(values)
  if (!token) return ratePage(c, rate.id, { error: FORM_TOKEN_MISSING }, 422)
  try {
    const outcome = await retireRate(c.env.DB, c.var.operator, rate, token)
    await storefrontChanged(c.env, { settings: true })
    return seeOther(c, `/admin/shipping/zones/${rate.zone_id}`, `rate-${outcome}`)
  } catch (error) {
    const { extra, status } = refusal(error)
    return ratePage(c, rate.id, extra, status)
  }
})
