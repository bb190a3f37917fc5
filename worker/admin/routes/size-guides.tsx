import { Hono } from '#worker/lib/hono.ts'
import { SizeGuidesPage, type SizeGuidesPageProps } from '#worker/admin/pages/size-guides-page.tsx'
import type { AdminContext, AdminEnv } from '../context.ts'
import { formValues, parseForm } from '../forms.ts'
import { noticeText } from '../notices.ts'
import { carouselTaxons } from '../content-data.ts'
import { FORM_TOKEN_MISSING, FormAlreadySent, formTokenOf, once } from '../form-tokens.ts'
import { storefrontChanged } from '../freshness.ts'
import { renderPage, seeOther } from '../render.tsx'
import { listSizeGuides, NewSizeGuideFormSchema, saveSizeGuide, SizeGuideFormSchema, type SizeGuideRecord } from '../size-guides-data.ts'

/** Content › Size guides (issue 44 point 5; docs/console.md 'Size guides'): add and edit guides, without a script. */
export const sizeGuides = new Hono<AdminEnv>()

type Guide = SizeGuidesPageProps['guide']
const DONE = { done: 'the size guide was saved as it asked.', label: 'See the size guides' }

async function show(c: AdminContext, guide: Guide, extra: Partial<SizeGuidesPageProps> = {}, status = 200) {
  const [categories, guides] = await Promise.all([carouselTaxons(c.env.DB), listSizeGuides(c.env.DB)])
  const page = <SizeGuidesPage guides={guides} guide={guide} categories={categories} notice={noticeText(c.req.query('notice'))} {...extra} />
  return renderPage(c, guide ? `Size guide: ${guide.name_en}` : 'Size guides', page, status)
}

const guideOf = async (c: AdminContext) => (await listSizeGuides(c.env.DB, Number(c.req.param('id'))))[0] ?? null

/**
 * Both forms: checked, then written with the form's one-time token in one batch (a form sent twice is done once and
 * told so), audited, and the store's pages made fresh. Every refusal shows the form again as it was sent.
 */
async function save(c: AdminContext, guide: Guide) {
  const form = await parseForm(c, guide ? SizeGuideFormSchema : NewSizeGuideFormSchema)
  const { values } = form
  const refuse = (extra: Partial<SizeGuidesPageProps>, status = 422) => show(c, guide, { values, ...extra }, status)
  if (!form.ok) return refuse({ errors: form.errors })
  const known = new Set((await carouselTaxons(c.env.DB)).map((t) => t.id))
  const categories = Object.keys(values).flatMap((key) => (/^taxon\.\d{1,12}$/.test(key) && values[key] === 'on' ? [Number(key.slice(6))] : []))
  if (!categories.every((id) => known.has(id))) return refuse({ error: 'One of the ticked categories no longer exists: reload the page and tick them again.' })
  const token = formTokenOf(values)
  if (!token) return refuse({ error: FORM_TOKEN_MISSING })
  const data: Omit<SizeGuideRecord, 'slug' | 'categories'> & { slug?: string } = form.data
  const slug = guide?.slug ?? data.slug ?? ''
  // the audit log keeps what the form edits: the guide without its row id
  const before = guide ? (({ id: _, ...rest }) => rest)(guide) : null
  try {
    await once(c.env.DB, token, DONE, () => saveSizeGuide(c.env.DB, c.var.operator, token, before, { ...data, slug, categories }))
  } catch (error) {
    if (error instanceof FormAlreadySent) return refuse({ error: error.message }, 409)
    // the batch (token included) was undone: the new guide's key is another's
    if (!guide && String(error).includes('UNIQUE')) return refuse({ errors: { slug: `Another size guide has the key ${slug}: choose another.` } }, 409)
    throw error
  }
  // the guide pages and product pages are in the edge page cache
  await storefrontChanged(c.env, {})
  const id = guide?.id ?? (await c.env.DB.prepare('SELECT id FROM size_guides WHERE slug = ?').bind(slug).first<number>('id'))
  return seeOther(c, `/admin/content/size-guides/${id}`, 'saved')
}

sizeGuides.get('/content/size-guides', (c) => show(c, null))
sizeGuides.post('/content/size-guides', (c) => save(c, null))

sizeGuides.get('/content/size-guides/:id{[0-9]{1,12}}', async (c) => {
  const guide = await guideOf(c)
  return guide ? show(c, guide) : c.notFound()
})

sizeGuides.post('/content/size-guides/:id{[0-9]{1,12}}', async (c) => {
  const guide = await guideOf(c)
  if (!guide) {
    await formValues(c)
    return c.notFound()
  }
  return save(c, guide)
})
