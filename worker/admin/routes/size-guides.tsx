import { Hono } from '#worker/lib/hono.ts'
import { SizeGuideFormPage, SizeGuidesPage, type SizeGuideFormProps } from '#worker/admin/pages/size-guides-page.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { formValues, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { carouselTaxons } from '../content-data.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent, formAlreadySent, formTokenOf, once } from '../form-tokens.ts'
import { storefrontChanged } from '../freshness.ts'
import { renderPage, seeOther } from '../render.tsx'
import { listSizeGuides, loadSizeGuide, saveSizeGuide, say, SizeGuideFormSchema, SlugSchema, tickedTaxons, type SizeGuideRecord } from '../size-guides-data.ts'

/** Content › Size guides (issue 44 point 5; docs/console.md 'Size guides'): add and edit guides, without a script. */
export const sizeGuides = new Hono<AdminEnv>()

const DONE = { done: 'the size guide was saved as it asked.', label: 'See the size guides' }

async function categoriesAndUse(c: AdminContext) {
  const [categories, guides] = await Promise.all([carouselTaxons(c.env.DB), listSizeGuides(c.env.DB)])
  const usedBy = new Map(guides.flatMap((g) => g.taxonIds.map((id) => [id, g.slug] as const)))
  return { categories, guides, usedBy }
}

async function showForm(c: AdminContext, guide: SizeGuideRecord | null, extra: Partial<SizeGuideFormProps> = {}, status = 200) {
  const { categories, usedBy } = await categoriesAndUse(c)
  const title = guide ? `Size guide: ${guide.nameEn}` : 'New size guide'
  return renderPage(c, title, <SizeGuideFormPage guide={guide} categories={categories} usedBy={usedBy} notice={noticeText(c.req.query('notice'))} {...extra} />, status)
}

sizeGuides.get('/content/size-guides', async (c) => {
  const { categories, guides } = await categoriesAndUse(c)
  return renderPage(c, 'Size guides', <SizeGuidesPage guides={guides} categories={categories} notice={noticeText(c.req.query('notice'))} />)
})

sizeGuides.get('/content/size-guides/new', (c) => showForm(c, null))

const guideOf = async (c: AdminContext) => loadSizeGuide(c.env.DB, Number(c.req.param('id')))

sizeGuides.get('/content/size-guides/:id{[0-9]{1,12}}', async (c) => {
  const guide = await guideOf(c)
  return guide ? showForm(c, guide) : c.notFound()
})

/**
 * Both forms: checked, then written with the form's one-time token in one batch (a form sent twice is done once and
 * told so), audited, and the store's pages made fresh. Every refusal shows the form again as it was sent.
 */
async function save(c: AdminContext, guide: SizeGuideRecord | null) {
  const form = await parseForm(c, SizeGuideFormSchema)
  const values = form.values
  const refuse = (extra: Partial<SizeGuideFormProps>, status: number) => showForm(c, guide, { values, ...extra }, status)
  const slug = guide ? null : SlugSchema.safeParse(values)
  const errors: Record<string, string | undefined> = { ...(form.ok ? {} : form.errors), ...(slug && !slug.success ? { slug: slug.error.issues[0]!.message } : {}) }
  const known = new Set((await carouselTaxons(c.env.DB)).map((t) => t.id))
  const taxonIds = tickedTaxons(values)
  if (taxonIds.some((id) => !known.has(id)))
    errors.categories = say(
      'One of the ticked categories no longer exists: reload the page and tick them again.',
      'Eine der gewählten Kategorien gibt es nicht mehr: Seite neu laden und erneut wählen.',
    )
  if (!form.ok || Object.keys(errors).length) return refuse({ errors }, 422)
  const address = guide?.slug ?? slug!.data!.slug
  const token = formTokenOf(values)
  if (!token) return refuse({ error: FORM_TOKEN_MISSING }, 422)
  const sent = await formAlreadySent(c.env.DB, token, DONE)
  if (sent) return refuse({ error: sent.message }, 409)
  if (!guide && (await c.env.DB.prepare('SELECT 1 FROM size_guides WHERE slug = ?').bind(address).first())) {
    return refuse({ errors: { slug: say(`Another size guide has the address ${address}: choose another.`, `Die Adresse ${address} hat schon eine andere Größentabelle.`) } }, 409)
  }
  try {
    await once(c.env.DB, token, DONE, () => saveSizeGuide(c.env.DB, c.var.operator, token, guide, address, form.data, taxonIds))
  } catch (error) {
    if (error instanceof FormAlreadySent) return refuse({ error: error.message }, 409)
    throw error
  }
  // the guide pages and product pages are in the edge page cache
  await storefrontChanged(c.env, {})
  const saved = guide ?? (await listSizeGuides(c.env.DB)).find((g) => g.slug === address)!
  return seeOther(c, `/admin/content/size-guides/${saved.id}`, 'saved')
}

sizeGuides.post('/content/size-guides/new', (c) => save(c, null))

sizeGuides.post('/content/size-guides/:id{[0-9]{1,12}}', async (c) => {
  const guide = await guideOf(c)
  if (!guide) {
    await formValues(c)
    return c.notFound()
  }
  return save(c, guide)
})
