import { Hono } from '#worker/lib/hono.ts'
import type { AdminContext, AdminEnv } from '../context.ts'
import { productOf, showProduct } from './products.tsx'
import { STATUSES, type Status } from '../product-input.ts'
import { deleteProduct, deleteVariant, setStatus, setVariantArchived } from '../product-lifecycle.ts'
import { ProductRefused } from '../product-refusals.ts'
import { refreshFacetCounts } from '#worker/backend/catalogue/facet-counts.ts'
import { storefrontChanged } from '../freshness.ts'
import { seeOther } from '../render.tsx'

/** Status, archive and delete of products and variants (worker/admin/product-lifecycle.ts). */
export const productLifecycle = new Hono<AdminEnv>()

/** What every change here is followed by: the listings' counts and every cached page. */
async function fresh(c: AdminContext) {
  await refreshFacetCounts(c.env.DB)
  await storefrontChanged(c.env, { taxons: true })
}

productLifecycle.post('/products/:id{[0-9]+}/status', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
  const status = body.status as Status
  if (!STATUSES.includes(status)) return showProduct(c, detail, { error: 'Choose draft, active or archived.' }, 422)
  if (await setStatus(c.env.DB, c.var.operator, detail, status)) await fresh(c)
  return seeOther(c, `/admin/products/${detail.product.id}`, 'saved')
})

productLifecycle.post('/products/:id{[0-9]+}/delete', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  try {
    await deleteProduct(c.env.DB, c.var.operator, detail)
  } catch (error) {
    if (error instanceof ProductRefused) return showProduct(c, detail, { error: error.message }, 409)
    throw error
  }
  await fresh(c)
  return seeOther(c, '/admin/products', 'product-deleted')
})

productLifecycle.post('/products/:id{[0-9]+}/variants/:variant{[0-9]+}/:action{archive|restore|delete}', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const variantId = Number(c.req.param('variant'))
  const action = c.req.param('action')
  try {
    const done = action === 'delete' ? await deleteVariant(c.env.DB, c.var.operator, detail, variantId) : await setVariantArchived(c.env.DB, c.var.operator, detail, variantId, action === 'archive')
    if (!done) return showProduct(c, detail, { error: 'That variant is not part of this product.' }, 404)
  } catch (error) {
    if (error instanceof ProductRefused) return showProduct(c, detail, { error: error.message }, 409)
    throw error
  }
  await fresh(c)
  return seeOther(c, `/admin/products/${detail.product.id}`, 'saved')
})
