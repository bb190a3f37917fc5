import { Hono } from 'hono'
import { CollectLocationsPage } from '#worker/admin/pages/collect-locations-page.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent, formTokenOf } from '../form-tokens.ts'
import { ActionRefused } from '../action-refused.ts'
import { CollectLocationSchema, listCollectLocations, loadCollectLocation, saveCollectLocation, type CollectLocationRow } from '../collect-locations.ts'
import { renderPage, seeOther } from '../render.tsx'

/**
 * Click & Collect places (docs/console.md 'Shipping and tax'). A refusal draws the page again with why (422 for what
 * was typed, 409 for a form sent twice or a clash); nothing is written then.
 */
export const collectLocations = new Hono<AdminEnv>()

type Extra = Partial<Parameters<typeof CollectLocationsPage>[0]>

async function page(c: AdminContext, editing: CollectLocationRow | null, extra: Extra = {}, status = 200) {
  const locations = editing ? [] : await listCollectLocations(c.env.DB)
  return renderPage(c, editing ? `Place ${editing.name}` : 'Click & Collect places', <CollectLocationsPage locations={locations} editing={editing} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

async function save(c: AdminContext, before: CollectLocationRow | null) {
  const form = await parseForm(c, CollectLocationSchema)
  if (!form.ok) return page(c, before, { errors: form.errors, values: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return page(c, before, { error: FORM_TOKEN_MISSING, values: form.values }, 422)
  try {
    await saveCollectLocation(c.env.DB, c.var.operator, before, form.data, token)
  } catch (error) {
    if (error instanceof FormAlreadySent) return page(c, before, { already: error.already }, 409)
    if (error instanceof ActionRefused) return page(c, before, { error: error.message, values: form.values }, 409)
    throw error
  }
  return seeOther(c, '/admin/shipping/locations', before ? 'saved' : 'created')
}

collectLocations.get('/shipping/locations', (c) => page(c, null))
collectLocations.post('/shipping/locations', (c) => save(c, null))

collectLocations.get('/shipping/locations/:id{[0-9]+}', async (c) => {
  const found = await loadCollectLocation(c.env.DB, Number(c.req.param('id')))
  return found ? page(c, found) : c.notFound()
})
collectLocations.post('/shipping/locations/:id{[0-9]+}', async (c) => {
  const found = await loadCollectLocation(c.env.DB, Number(c.req.param('id')))
  return found ? save(c, found) : c.notFound()
})
