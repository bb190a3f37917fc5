import { Hono } from '#worker/lib/hono.ts'
import * as z from 'zod/mini'
import { ProductsPage } from '#worker/admin/pages/products-page.tsx'
import { ProductPage } from '#worker/admin/pages/product-page.tsx'
import type { FieldErrors, FormValues } from '#worker/admin/pages/parts.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { FIELD_MISSING, field, formValues, pageOf, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { PRODUCTS_PAGE_SIZE, listProducts, loadProduct, type ProductDetail } from '../catalogue-data.ts'
import { saveDetails, savePrices, saveProperties, saveTaxons, saveVariant, type PropertyInput } from '../catalogue-actions.ts'
import { ActionRefused } from '../action-refused.ts'
import { priceRuleBreaks, stockAllowed } from '../catalogue-rules.ts'
import { storefrontChanged } from '../freshness.ts'
import { refreshFacetCounts } from '#worker/backend/catalogue/facet-counts.ts'
import { reconcileDeal } from '#worker/backend/commerce/deal-stock.ts'
import { dealStatement } from '#worker/backend/catalogue/product-write.ts'
import { auditStatement } from '../audit.ts'
import { renderPage, seeOther } from '../render.tsx'
import { FORM_TOKEN_MISSING, FormAlreadySent, formTokenOf } from '../form-tokens.ts'
import { SizeInputRefused, addSize, type SizeChoice } from '../size-add.ts'
import type { AlreadySent } from '#worker/admin/pages/parts.tsx'

export const products = new Hono<AdminEnv>()

products.get('/products', async (c) => {
  const q = (c.req.query('q') ?? '').trim().slice(0, 100)
  const page = pageOf(c)
  const { products: rows, total } = await listProducts(c.env.DB, q || undefined, page)
  return renderPage(c, 'Products', <ProductsPage products={rows} total={total} page={page} pageSize={PRODUCTS_PAGE_SIZE} q={q} notice={noticeText(c.req.query('notice'))} />)
})

export async function productOf(c: AdminContext): Promise<ProductDetail | null> {
  const id = Number(c.req.param('id'))
  return Number.isInteger(id) && id > 0 ? loadProduct(c.env.DB, id) : null
}

export async function showProduct(c: AdminContext, detail: ProductDetail, extra: { error?: string; form?: string; errors?: FieldErrors; values?: FormValues; already?: AlreadySent } = {}, status = 200) {
  // the console script resizes pictures for the upload form
  return renderPage(c, detail.product.name, <ProductPage view={detail} notice={noticeText(c.req.query('notice'))} {...extra} />, status, true)
}
const show = showProduct

products.get('/products/:id{[0-9]+}', async (c) => {
  const detail = await productOf(c)
  return detail ? show(c, detail) : c.notFound()
})

const DetailsSchema = z
  .object({
    name: field.text('The English name', 200),
    name_de: field.optionalText(200),
    description: field.optionalText(20_000),
    description_de: field.optionalText(20_000),
    available_on: field.optionalDate('On sale from'),
    discontinue_on: field.optionalDate('Discontinued from'),
  }).check(z.refine((v) => !v.available_on || !v.discontinue_on || v.available_on < v.discontinue_on, { path: ['discontinue_on'], message: 'Discontinue after the day it goes on sale.' }))

const currencyPrices = (currency: 'AUD' | 'USD') => ({
  [`${currency}_amount`]: field.money(`${currency} price`, currency),
  [`${currency}_rrp`]: field.optionalMoney(`${currency} RRP`, currency),
  [`${currency}_member`]: field.optionalMoney(`${currency} Club Price`, currency),
})
/** The price rules (catalogue-rules.ts) of both currencies' fields, each break said beside its field. */
function priceRuleIssues(v: Record<string, unknown>, ctx: z.core.$RefinementCtx) {
  for (const currency of ['AUD', 'USD'] as const) {
    const breaks = priceRuleBreaks(v[`${currency}_amount`] as number, v[`${currency}_rrp`] as number | null, v[`${currency}_member`] as number | null)
    if (breaks.includes('price')) ctx.issues.push({ code: 'custom', input: v, path: [`${currency}_amount`], message: `The ${currency} price must be more than 0.` })
    if (breaks.includes('rrp')) ctx.issues.push({ code: 'custom', input: v, path: [`${currency}_rrp`], message: `The ${currency} RRP cannot be below the price (a sale is a price below the RRP).` })
    if (breaks.includes('club')) ctx.issues.push({ code: 'custom', input: v, path: [`${currency}_member`], message: `The ${currency} Club Price must be below the price.` })
  }
}
const PricesSchema = z.object({ ...currencyPrices('AUD'), ...currencyPrices('USD') }).check(z.superRefine(priceRuleIssues))
const STALE_FORM = 'This form is out of date: reload the page and save again.'
const VariantSchema = z
  .object({
    sku: field.text('The SKU', 64).check(z.regex(/^[A-Za-z0-9._-]+$/, 'Use letters, digits, dots, dashes and underscores only.')),
    stock: field.wholeNumber('Stock', -100_000, 1_000_000),
    // the count the page showed (a hidden field): the save is refused if the stock moved since
    stock_seen: z.pipe(z.string({ error: STALE_FORM }).check(z.trim(), z.regex(/^-?\d{1,9}$/, STALE_FORM)), z.transform(Number)),
    backorderable: field.checkbox,
  }).check(z.refine((v) => stockAllowed(v.stock, v.backorderable), { path: ['stock'], message: 'Stock can only go below 0 for a backorderable variant.' }))

products.post('/products/:id{[0-9]+}/details', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const form = await parseForm(c, DetailsSchema)
  if (!form.ok) return show(c, detail, { form: 'details', errors: form.errors, values: form.values }, 422)
  const d = form.data
  await saveDetails(c.env.DB, c.var.operator, detail, { name: d.name, nameDe: d.name_de, description: d.description, descriptionDe: d.description_de, availableOn: d.available_on, discontinueOn: d.discontinue_on })
  // an operator's saved change is live at once, not after the page cache's 60 s bound
  await storefrontChanged(c.env, {})
  return seeOther(c, `/admin/products/${detail.product.id}`, 'saved')
})

// Every size at once (/prices) or one size (/variants/:variant/prices): the same fields and the same rules.
async function postPrices(c: AdminContext, variantId?: number) {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const name = variantId === undefined ? 'prices' : `variant-prices-${variantId}`
  const form = await parseForm(c, PricesSchema)
  if (!form.ok) return show(c, detail, { form: name, errors: form.errors, values: form.values }, 422)
  const d = form.data as Record<string, number | null>
  const of = (currency: 'AUD' | 'USD') => ({ amount: d[`${currency}_amount`]!, rrp: d[`${currency}_rrp`] ?? null, member: d[`${currency}_member`] ?? null })
  try {
    await savePrices(c.env.DB, c.var.operator, detail, { AUD: of('AUD'), USD: of('USD') }, variantId)
  } catch (error) {
    if (error instanceof ActionRefused) return show(c, detail, { form: name, error: error.message, values: form.values }, 404)
    throw error
  }
  // the precomputed facet counts (price buckets, categories) follow the change
  await refreshFacetCounts(c.env.DB)
  await storefrontChanged(c.env, {})
  return seeOther(c, `/admin/products/${detail.product.id}`, 'saved')
}
products.post('/products/:id{[0-9]+}/prices', (c) => postPrices(c))
products.post('/products/:id{[0-9]+}/variants/:variant{[0-9]+}/prices', (c) => postPrices(c, Number(c.req.param('variant'))))

products.post('/products/:id{[0-9]+}/variants/:variant{[0-9]+}', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const name = `variant-${c.req.param('variant')}`
  const form = await parseForm(c, VariantSchema)
  // the hidden count has no field to show its message beside: it is said at the top
  if (!form.ok) return show(c, detail, { form: name, errors: form.errors, values: form.values, ...(form.errors.stock_seen ? { error: STALE_FORM } : {}) }, 422)
  try {
    const d = form.data
    await saveVariant(c.env.DB, c.var.operator, detail, Number(c.req.param('variant')), { sku: d.sku, stock: d.stock, stockSeen: d.stock_seen, backorderable: d.backorderable })
    // a deal's object takes the new count at once
    if (detail.variants.find((v) => v.id === Number(c.req.param('variant')))?.deal) await reconcileDeal(c.env, Number(c.req.param('variant')))
    await refreshFacetCounts(c.env.DB)
    await storefrontChanged(c.env, {})
  } catch (error) {
    if (error instanceof ActionRefused) {
      // the page shown again holds the count as it is now (what was typed over the old one is dropped)
      const { stock: _typed, stock_seen: _seen, ...values } = form.values
      return show(c, await productOf(c) ?? detail, { form: name, error: error.message, values }, 409)
    }
    throw error
  }
  return seeOther(c, `/admin/products/${detail.product.id}`, 'saved')
})

// A size made a deal (or not): its stock is then held by its Durable Object, which starts from D1's count (decision 0081).
products.post('/products/:id{[0-9]+}/variants/:variant{[0-9]+}/deal', async (c) => {
  const detail = await productOf(c)
  const variantId = Number(c.req.param('variant'))
  const variant = detail?.variants.find((v) => v.id === variantId)
  if (!detail || !variant) return c.notFound()
  const form = await parseForm(c, z.object({ deal: z.enum(['on', 'off'], 'Choose on or off.') }))
  if (!form.ok) return show(c, detail, { error: 'Choose on or off.' }, 422)
  const deal = form.data.deal === 'on' ? 1 : 0
  if ((variant.deal ?? 0) !== deal) {
    await c.env.DB.batch([
      dealStatement(c.env.DB, variantId, deal === 1),
      auditStatement(c.env.DB, c.var.operator, 'variant.deal', { type: 'variant', id: variantId }, { deal: variant.deal === 1 }, { deal: deal === 1 }),
    ])
    if (deal) await reconcileDeal(c.env, variantId)
  }
  return seeOther(c, `/admin/products/${detail.product.id}`, 'saved')
})

const TaxonsSchema = z.array(z.pipe(z.string().check(z.regex(/^[1-9]\d{0,11}$/, 'Choose categories from the list.')), z.transform(Number))).check(z.maxLength(500, 'Choose at most 500 categories.'))

/**
 * A product's property values in English and German (each may be empty: the property is then not shown). A property
 * whose two fields were not sent at all is left as it is; a save that sends none of the product's properties (only
 * fields the form does not have: a hand-made or broken request) is refused with the console's sentence for a field
 * left out, and changes nothing.
 */
const propertiesSchema = (detail: ProductDetail) => {
  // undefined (not sent) stays apart from '' (sent empty: the property is removed)
  const value = (label: string) => z.pipe(z.optional(z.string().check(z.trim(), z.maxLength(200, `${label}: at most 200 characters.`))), z.transform((v) => (v === undefined ? undefined : v || null)))
  const shape = Object.fromEntries(detail.properties.flatMap((p) => [[`property-${p.id}`, value(p.presentation)], [`property-${p.id}-de`, value(`${p.presentation} (German)`)]]))
  return z.pipe(z.object(shape), z.transform((v, ctx) => {
    const input: PropertyInput = {}
    for (const p of detail.properties) {
      const [en, de] = [v[`property-${p.id}`] as string | null | undefined, v[`property-${p.id}-de`] as string | null | undefined]
      if (en === undefined && de === undefined) continue
      if (de && !en) ctx.issues.push({ code: 'custom', input: v, path: [`property-${p.id}`], message: `${p.presentation}: give the English value too (German shoppers fall back to it).` })
      input[p.id] = { value: en ?? null, valueDe: de ?? null }
    }
    const first = detail.properties[0]
    if (first && Object.keys(input).length === 0) ctx.issues.push({ code: 'custom', input: v, path: [`property-${first.id}`], message: FIELD_MISSING })
    return input
  }))
}

products.post('/products/:id{[0-9]+}/taxons', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  // a body that is no form at all (a cut-off multipart upload) is refused like any other bad form, not a 500
  const body = await c.req.parseBody({ all: true }).catch(() => null)
  if (!body) return show(c, detail, { form: 'taxons', error: 'Choose categories from the list.' }, 422)
  // checkboxes of one name: none, one or several ids (parseForm reads one value per name); an id the list does not
  // have (a category deleted since the page was shown, a hand-made request) is refused, not dropped: dropping it would
  // save the other boxes and take the product out of categories nobody meant to clear
  const known = new Set(detail.taxons.map((t) => t.id))
  const ids = TaxonsSchema.check(z.refine((list) => list.every((id) => known.has(id)), 'Choose categories from the list.')).safeParse(body.taxon === undefined ? [] : [body.taxon].flat())
  if (!ids.success) return show(c, detail, { form: 'taxons', error: ids.error.issues[0]!.message }, 422)
  await saveTaxons(c.env.DB, c.var.operator, detail, ids.data)
  // the precomputed facet counts (price buckets, categories) follow the change
  await refreshFacetCounts(c.env.DB)
  await storefrontChanged(c.env, { taxons: true })
  return seeOther(c, `/admin/products/${detail.product.id}`, 'saved')
})

products.post('/products/:id{[0-9]+}/properties', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const form = await parseForm(c, propertiesSchema(detail))
  if (!form.ok) return show(c, detail, { form: 'properties', errors: form.errors, values: form.values }, 422)
  if (await saveProperties(c.env.DB, c.var.operator, detail, form.data)) {
    // property filters of the listings count products per value
    await refreshFacetCounts(c.env.DB)
    await storefrontChanged(c.env, {})
  }
  return seeOther(c, `/admin/products/${detail.product.id}`, 'saved')
})

/**
 * 'Add a size': one value of each of the product's option types (chosen from the list, or a new one typed under the
 * type), the SKU, the prices (the form starts from the product's) and the stock (size-add.ts).
 */
const addSizeSchema = (detail: ProductDetail) => {
  const optionFields = Object.fromEntries(
    detail.optionTypes.flatMap((t) => [
      [`option_${t.id}`, z.optional(z.string().check(z.trim(), z.maxLength(20, `Choose a ${t.presentation.toLowerCase()} from the list.`), z.regex(/^(\d{1,12})?$/, `Choose a ${t.presentation.toLowerCase()} from the list.`)))],
      [`new_option_${t.id}`, z.optional(z.string().check(z.trim(), z.maxLength(40, `A new ${t.presentation.toLowerCase()}: at most 40 characters.`)))],
      [`new_swatch_${t.id}`, z.pipe(z.optional(z.string().check(z.trim(), z.regex(/^(#[0-9a-fA-F]{6})?$/, 'The swatch: a colour like #556b2f, or leave it empty.'))), z.transform((v) => v || null))],
    ]),
  )
  return z
    .object({
      sku: field.text('The SKU', 64).check(z.regex(/^[A-Za-z0-9._-]+$/, 'The SKU: use letters, digits, dots, dashes and underscores only.')),
      stock: field.wholeNumber('Stock', 0, 1_000_000),
      ...currencyPrices('AUD'),
      ...currencyPrices('USD'),
      ...optionFields,
    }).check(z.superRefine((v, ctx) => {
      const values = v as Record<string, unknown>
      priceRuleIssues(values, ctx)
      for (const t of detail.optionTypes) {
        const [chosen, typed] = [values[`option_${t.id}`], values[`new_option_${t.id}`]]
        const name = t.presentation.toLowerCase()
        if (!chosen && !typed) ctx.issues.push({ code: 'custom', input: v, path: [`option_${t.id}`], message: `Choose a ${name}, or type a new one.` })
        if (chosen && typed) ctx.issues.push({ code: 'custom', input: v, path: [`new_option_${t.id}`], message: `Choose a ${name} from the list or type a new one, not both.` })
        if (values[`new_swatch_${t.id}`] && !typed) ctx.issues.push({ code: 'custom', input: v, path: [`new_swatch_${t.id}`], message: `A swatch is for a new ${name}: type its name too, or leave the swatch empty.` })
      }
    }))
}

products.post('/products/:id{[0-9]+}/variants', async (c) => {
  const detail = await productOf(c)
  if (!detail) return c.notFound()
  const name = 'add-size'
  const form = await parseForm(c, addSizeSchema(detail))
  if (!form.ok) return show(c, detail, { form: name, errors: form.errors, values: form.values }, 422)
  // a value of an option type the product does not have (a colour for a product sold in sizes only)
  const own = new Set(detail.optionTypes.map((t) => t.id))
  const foreign = Object.keys(form.values).map((key) => /^(?:new_)?(?:option|swatch)_(\d+)$/.exec(key)).find((m) => m && form.values[m[0]] && !own.has(Number(m[1])))
  if (foreign) {
    const type = await c.env.DB.prepare('SELECT presentation FROM option_types WHERE id = ?').bind(Number(foreign[1])).first<{ presentation: string }>()
    const kinds = detail.optionTypes.map((t) => t.presentation.toLowerCase()).join(' and ') || 'no options'
    const error = `${detail.product.name} has no ${type ? type.presentation.toLowerCase() : 'such option'}: a size of it is one value of each of its options (${kinds}). Nothing was added.`
    return show(c, detail, { form: name, error, values: form.values }, 409)
  }
  const token = formTokenOf(form.values)
  if (!token) return show(c, detail, { form: name, error: FORM_TOKEN_MISSING, values: form.values }, 422)
  const d = form.data as Record<string, unknown>
  const choices: SizeChoice[] = detail.optionTypes.map((t) =>
    d[`option_${t.id}`] ? { typeId: t.id, valueId: Number(d[`option_${t.id}`]), newName: null } : { typeId: t.id, valueId: null, newName: String(d[`new_option_${t.id}`]), swatch: (d[`new_swatch_${t.id}`] as string | null) ?? null },
  )
  const of = (currency: 'AUD' | 'USD') => ({ amount: d[`${currency}_amount`] as number, rrp: (d[`${currency}_rrp`] as number | null) ?? null, member: (d[`${currency}_member`] as number | null) ?? null })
  try {
    await addSize(c.env.DB, c.var.operator, detail, { token, choices, sku: d.sku as string, stock: d.stock as number, prices: { AUD: of('AUD'), USD: of('USD') } })
  } catch (error) {
    if (error instanceof FormAlreadySent) return show(c, (await productOf(c)) ?? detail, { already: error.already }, 409)
    if (error instanceof ActionRefused) return show(c, detail, { form: name, error: error.message, values: form.values }, error instanceof SizeInputRefused ? 422 : 409)
    throw error
  }
  // the size filter's counts and the price buckets follow the new size; pages are drawn afresh
  await refreshFacetCounts(c.env.DB)
  await storefrontChanged(c.env, {})
  return seeOther(c, `/admin/products/${detail.product.id}`, 'size-added')
})
