import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { CategoriesPage } from '#worker/admin/pages/categories-page.tsx'
import type { FieldErrors, FormValues } from '#worker/admin/pages/parts.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { field, formValues, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { createCategory, listCategories, moveCategory, saveCategory } from '../taxon-actions.ts'
import { deleteCategory, moveCategoryTo } from '../category-moves.ts'
import { FORM_TOKEN_MISSING, formAlreadySent, formTokenOf } from '../form-tokens.ts'
import { ActionRefused } from '../action-refused.ts'
import { slugOf } from '../catalogue-actions.ts'
import { storefrontChanged } from '../freshness.ts'
import { renderPage, seeOther } from '../render.tsx'

/** Categories (taxons): rename in en/de, hide from the menus, order, move, add, delete (docs/console.md 'Categories'). */
export const categories = new Hono<AdminEnv>()

const CategorySchema = z.object({ name: field.text('The English name', 100), name_de: field.optionalText(100), hide_from_nav: field.checkbox })
const CreateSchema = z.extend(CategorySchema, {
  parent: z.string().check(z.regex(/^\d*$/, 'Choose where the category goes.')),
  slug: z.string().check(z.trim(), z.toLowerCase(), z.regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Use lower-case letters, digits and single dashes.'), z.maxLength(60, 'At most 60 characters.')),
})
const MoveSchema = z.object({
  category: z.pipe(z.string().check(z.regex(/^\d{1,12}$/, 'Choose the category to move from the list.')), z.transform(Number)),
  parent: z.string().check(z.regex(/^\d*$/, 'Choose where the category goes.')),
  position: z.pipe(z.string().check(z.trim(), z.regex(/^\d{1,4}$/, 'Give the position as a whole number, 1 for the first.')), z.transform(Number)),
})
const CATEGORY_DONE = { done: 'the categories were changed as it asked.', label: 'See the categories' }

/** The form's one-time token, or the refusal to show when it is missing or was used before. */
async function tokenOr(c: AdminContext, values: FormValues): Promise<{ token: string } | { refusal: string; status: 409 | 422 }> {
  const token = formTokenOf(values)
  if (!token) return { refusal: FORM_TOKEN_MISSING, status: 422 }
  const sent = await formAlreadySent(c.env.DB, token, CATEGORY_DONE)
  return sent ? { refusal: sent.message, status: 409 } : { token }
}

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
  const once = await tokenOr(c, form.values)
  if ('refusal' in once) return show(c, { error: once.refusal }, once.status)
  try {
    await createCategory(c.env.DB, c.var.operator, parent, slug, { name: form.data.name, nameDe: form.data.name_de, hideFromNav: form.data.hide_from_nav }, once.token)
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

categories.post('/categories/move', async (c) => {
  const all = await listCategories(c.env.DB)
  const form = await parseForm(c, MoveSchema)
  if (!form.ok) return show(c, { form: 'move', errors: form.errors, values: form.values }, 422)
  const category = all.find((t) => t.id === form.data.category)
  if (!category) return show(c, { form: 'move', errors: { category: 'Choose the category to move from the list.' }, values: form.values }, 422)
  const once = await tokenOr(c, form.values)
  if ('refusal' in once) return show(c, { error: once.refusal }, once.status)
  try {
    await moveCategoryTo(c.env.DB, c.var.operator, all, category, { parentId: form.data.parent ? Number(form.data.parent) : null, position: form.data.position }, once.token)
  } catch (error) {
    if (error instanceof ActionRefused) return show(c, { form: 'move', error: error.message, values: form.values }, 422)
    throw error
  }
  return changed(c)
})

categories.post('/categories/:id{[0-9]+}/delete', async (c) => {
  const all = await listCategories(c.env.DB)
  const category = all.find((t) => t.id === Number(c.req.param('id')))
  if (!category) return c.notFound()
  const once = await tokenOr(c, await formValues(c))
  if ('refusal' in once) return show(c, { error: once.refusal }, once.status)
  try {
    await deleteCategory(c.env.DB, c.var.operator, all, category, once.token)
  } catch (error) {
    if (error instanceof ActionRefused) return show(c, { error: error.message }, 409)
    throw error
  }
  return changed(c)
})
