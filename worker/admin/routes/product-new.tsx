import { Hono } from '#worker/lib/hono.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { ProductNewPage } from '#worker/admin/pages/product-new-page.tsx'
import type { AlreadySent, FieldErrors } from '#worker/admin/pages/parts.tsx'
import { GRID_COLUMNS, generateGrid, many, readProductForm, readStore, type Body, type GridColumn } from '../product-input.ts'
import { checkProduct, createProduct } from '../product-write.ts'
import { ProductRefused, sayProductRefusal, type ProductProblem } from '../product-refusals.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent } from '../form-tokens.ts'
import { refreshFacetCounts } from '#worker/backend/catalogue/facet-counts.ts'
import { storefrontChanged } from '../freshness.ts'
import { renderPage, seeOther } from '../render.tsx'

/** 'New product' (docs/console.md 'Creating a product'): the form, its grid redrawn, and the one Save. */
export const productNew = new Hono<AdminEnv>()

async function show(c: AdminContext, body: Body, extra: { problems?: ProductProblem[]; error?: string; already?: AlreadySent } = {}, status = 200) {
  const store = await readStore(c.env.DB, [])
  const input = readProductForm(body, store)
  const errors: FieldErrors = {}
  for (const p of extra.problems ?? []) errors[p.field] ??= sayProductRefusal(p.code, p.params, 'en')
  return renderPage(c, 'New product', <ProductNewPage store={store} body={body} input={input} errors={errors} error={extra.error} already={extra.already} />, status, true)
}

productNew.get('/products/new', async (c) => {
  const store = await readStore(c.env.DB, [])
  return show(c, generateGrid({ status: 'draft' }, readProductForm({}, store)))
})

/** The form's fields (files, of which it has none, are dropped); null when the body is no form. */
async function bodyOf(c: AdminContext): Promise<Body | null> {
  const raw = await c.req.parseBody({ all: true }).catch(() => null)
  if (!raw) return null
  const body: Body = {}
  for (const [name, value] of Object.entries(raw)) {
    const strings = [value].flat().filter((x): x is string => typeof x === 'string')
    if (strings.length) body[name] = strings.length === 1 ? strings[0]! : strings
  }
  return body
}

productNew.post('/products/new', async (c) => {
  const body = await bodyOf(c)
  if (!body) return show(c, {}, { error: FORM_TOKEN_MISSING }, 422)
  const intent = [body.intent ?? 'save'].flat()[0]!
  const skus = many(body, 'row').map((key) => [body[`sku__${key}`] ?? ''].flat()[0]!).filter(Boolean)
  const store = await readStore(c.env.DB, skus)
  const input = readProductForm(body, store)
  if (intent === 'generate' || intent.startsWith('bulk:')) {
    const column = intent.slice(5) as GridColumn
    const next = generateGrid(body, input, GRID_COLUMNS.includes(column) ? column : undefined)
    // what is wrong with the options is said now; the grid's own checks wait for Save. 'Generate variants' pressed
    // (no script) is refused with 422; the script's live redraw of a choice still being made is drawn with its hints
    const problems = checkProduct(readProductForm(next, store), store).filter((p) => p.code.startsWith('option') || p.code === 'too_many_variants')
    return show(c, next, { problems }, problems.length && body.redraw !== '1' ? 422 : 200)
  }
  const token = [body.form_token ?? ''].flat()[0]!
  if (!/^[A-Za-z0-9-]{20,64}$/.test(token)) return show(c, body, { error: FORM_TOKEN_MISSING }, 422)
  try {
    const { id } = await createProduct(c.env.DB, c.var.operator, input, store, token)
    // the listings' facet counts (categories, sizes, price buckets) and every cached page follow at once
    await refreshFacetCounts(c.env.DB)
    await storefrontChanged(c.env, { taxons: true })
    return seeOther(c, `/admin/products/${id}`, 'product-created')
  } catch (error) {
    if (error instanceof FormAlreadySent) return show(c, body, { already: error.already }, 409)
    if (error instanceof ProductRefused) return show(c, body, { problems: error.problems }, error.code === 'sku_taken' ? 409 : 422)
    throw error
  }
})
