import { Hono } from 'hono'
import * as z from 'zod'
import { CategoriesPage } from '#worker/admin/pages/categories-page.tsx'
import type { FieldErrors, FormValues } from '#worker/admin/pages/parts.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { field, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { createCategory, listCategories, moveCategory, saveCategory } from '../taxon-actions.ts'
import { ActionRefused } from '../action-refused.ts'
import { slugOf } from '../catalogue-actions.ts'
import { storefrontChanged } from '../freshness.ts'
import { renderPage, seeOther } from '../render.tsx'

/** Categories (taxons): rename in en/de, hide from the menus, order, add (docs/operations.md). */
export const categories = new Hono<AdminEnv>()

const CategorySchema = z.object({ name: field.text('The English name', 100), name_de: field.optionalText(100), hide_from_nav: field.checkbox })
const CreateSchema = CategorySchema.extend({
  parent: z.string().regex(/^\d*$/, 'Choose where the category goes.'),
  slug: z.string().trim().toLowerCase().regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Use lower-case letters, digits and single dashes.').max(60, 'At most 60 characters.'),
})

async function show(c: AdminContext, extra: { error?: string; form?: string; errors?: FieldErrors; values?: FormValues } = {}, status = 200) {
  return renderPage(c, 'Categories', <CategoriesPage categories={await listCategories(c.env.DB)} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

async function changed(c: AdminContext) {
  // menus, the category tree and every page showing them
  await storefrontChanged(c.env, { taxons: true, menus: true })
  return seeOther(c, '/admin/categories', 'saved')
}

categories.get('/categories', (c) => show(c))

categories.post('/categories', async (c) => {
  const form = await parseForm(c, CreateSchema)
  if (!form.ok) return show(c, { form: 'create', errors: form.errors, values: form.values }, 422)
  const all = await listCategories(c.env.DB)
  const parent = form.data.parent ? all.find((t) => t.id === Number(form.data.parent)) : null
  if (parent === undefined) return show(c, { form: 'create', errors: { parent: 'Choose where the category goes from the list.' }, values: form.values }, 422)
  const slug = form.data.slug || slugOf(form.data.name)
  if (!slug) return show(c, { form: 'create', errors: { slug: 'Give the category an address of letters or digits.' }, values: form.values }, 422)
  try {
    await createCategory(c.env.DB, c.var.operator, parent, slug, { name: form.data.name, nameDe: form.data.name_de, hideFromNav: form.data.hide_from_nav })
  } catch (error) {
    if (error instanceof ActionRefused) return show(c, { form: 'create', errors: { slug: error.message }, values: form.values }, 409)
    throw error
  }
  return changed(c)
})

categories.post('/categories/:id{[0-9]+}', async (c) => {
  const category = (await listCategories(c.env.DB)).find((t) => t.id === Number(c.req.param('id')))
  if (!category) return c.notFound()
  const form = await parseForm(c, CategorySchema)
  if (!form.ok) return show(c, { form: `category-${category.id}`, errors: form.errors, values: form.values }, 422)
  await saveCategory(c.env.DB, c.var.operator, category, { name: form.data.name, nameDe: form.data.name_de, hideFromNav: form.data.hide_from_nav })
  return changed(c)
})

categories.post('/categories/:id{[0-9]+}/:direction{up|down}', async (c) => {
  const all = await listCategories(c.env.DB)
  const category = all.find((t) => t.id === Number(c.req.param('id')))
  if (!category) return c.notFound()
  try {
    await moveCategory(c.env.DB, c.var.operator, all, category, c.req.param('direction') as 'up' | 'down')
  } catch (error) {
    if (error instanceof ActionRefused) return show(c, { error: error.message }, 409)
    throw error
  }
  return changed(c)
})
