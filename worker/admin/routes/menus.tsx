import { Hono } from '#worker/lib/hono.ts'
import { MENU_TITLES, MenusPage, type MenuLocation } from '#worker/admin/pages/menus-page.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { storefrontChanged } from '../freshness.ts'
import { reorder } from '../cms-draft.ts'
import { loadMenu, MAX_MENU_ITEMS, menuFormSchema, menuFromForm, saveMenu } from '../menus-data.ts'
import { renderPage, seeOther } from '../render.tsx'

/** The header and footer menus (issue 14 item 7): rows in English and German, reordered without a script. */
export const menus = new Hono<AdminEnv>()

menus.get('/menus', (c) => seeOther(c, '/admin/menus/header'))

const locationOf = (c: AdminContext) => c.req.param('location') as MenuLocation

menus.get('/menus/:location{header|footer}', async (c) => {
  const location = locationOf(c)
  return renderPage(c, MENU_TITLES[location], <MenusPage location={location} items={await loadMenu(c.env.DB, location)} notice={noticeText(c.req.query('notice'))} />)
})

menus.post('/menus/:location{header|footer}', async (c) => {
  const location = locationOf(c)
  const form = await parseForm(c, menuFormSchema(location))
  const { values } = form
  const posted = menuFromForm(values)
  const intent = values.intent ?? 'save'
  const show = (props: Partial<Parameters<typeof MenusPage>[0]>, status: number) => renderPage(c, MENU_TITLES[location], <MenusPage location={location} items={posted} unsaved {...props} />, status)
  if (intent === 'add') {
    if (posted.length >= MAX_MENU_ITEMS) return show({ error: `A menu has at most ${MAX_MENU_ITEMS} items.` }, 422)
    return show({ items: [...posted, { level: posted.length ? '2' : '1', link: '', en: '', de: '' }] }, 200)
  }
  if (intent !== 'save') return show({ items: reorder(posted, intent) }, 200)
  if (!form.ok) return show({ errors: form.errors }, 422)
  await saveMenu(c.env.DB, c.var.operator, location, await loadMenu(c.env.DB, location), form.data.items)
  // the KV copies of both languages' menus go, and the edge page cache starts a new version
  await storefrontChanged(c.env, { menus: true })
  return seeOther(c, `/admin/menus/${location}`, 'saved')
})
