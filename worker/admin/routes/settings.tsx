import { Hono } from '#worker/lib/hono.ts'
import { SettingsPage, type SettingsPageProps } from '#worker/admin/pages/settings-page.tsx'
import { readStoreSettings } from '#worker/lib/store-settings.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { storefrontChanged } from '../freshness.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent, formTokenOf } from '../form-tokens.ts'
import { ActionRefused } from '../action-refused.ts'
import { checkLogo } from '../image-checks.ts'
import { formValuesOf, saveLogo, saveSettings, settingsFormSchema } from '../settings-data.ts'
import { renderPage, seeOther } from '../render.tsx'

/** The shop's settings (issue 40 item 1, docs/console.md 'Settings'): every refusal shows the page again with why. */
export const settings = new Hono<AdminEnv>()

async function show(c: AdminContext, props: Partial<SettingsPageProps> = {}, status = 200) {
  const saved = await readStoreSettings(c.env.DB)
  const page = <SettingsPage values={formValuesOf(saved)} logoUrl={saved.logoUrl} envUrl={c.env.STORE_URL || undefined} {...props} />
  return renderPage(c, 'Settings', page, status)
}

settings.get('/settings', (c) => show(c, { notice: noticeText(c.req.query('notice')) }))

settings.post('/settings', async (c) => {
  const form = await parseForm(c, settingsFormSchema(c.env))
  if (!form.ok) return show(c, { errors: form.errors, values: form.values }, 422)
  const token = formTokenOf(form.values)
  if (!token) return show(c, { error: FORM_TOKEN_MISSING, values: form.values }, 422)
  try {
    const changed = await saveSettings(c.env.DB, c.var.operator, form.data, token)
    if (changed.length === 0) return seeOther(c, '/admin/settings', 'unchanged')
  } catch (error) {
    if (error instanceof FormAlreadySent) return show(c, { already: error.already }, 409)
    throw error
  }
  // the pages' KV copy goes and every cached page renders afresh: the storefront shows the change within 60 s
  await storefrontChanged(c.env, { settings: true })
  return seeOther(c, '/admin/settings', 'settings-saved')
})

settings.post('/settings/logo/:remove{remove}?', async (c) => {
  const body = await c.req.parseBody().catch(() => null)
  if (!body) return show(c, { logoError: 'The upload could not be read. Choose the picture again. (Die Datei konnte nicht gelesen werden.)' }, 400)
  const token = formTokenOf(Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>)
  if (!token) return show(c, { logoError: FORM_TOKEN_MISSING }, 422)
  const remove = Boolean(c.req.param('remove'))
  const checked = remove ? null : await checkLogo(body.logo)
  if (checked && !checked.ok) return show(c, { logoError: checked.message }, checked.status)
  try {
    await saveLogo(c.env, c.var.operator, checked, token)
  } catch (error) {
    if (error instanceof FormAlreadySent) return show(c, { already: error.already }, 409)
    if (error instanceof ActionRefused) return show(c, { logoError: error.message }, 409)
    throw error
  }
  await storefrontChanged(c.env, { settings: true })
  return seeOther(c, '/admin/settings', remove ? 'logo-removed' : 'logo-saved')
})
