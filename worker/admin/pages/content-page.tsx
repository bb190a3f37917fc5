import { Button } from '#web/components/ui/button.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { Input } from '#web/components/ui/input.tsx'
import type { CmsImage } from '../cms-images.ts'
import { LANGUAGES, MARKDOWN_HINT, SECTION_LABELS, SECTION_TYPES, type CmsDraft } from './cms-fields.ts'
import { SectionEditor, TextField, type TaxonOption } from './section-editor.tsx'
import { ErrorSummary, Notice, PageHeader, Panel, Table, TextLink, cell, when, type FieldErrors, type FormValues } from './parts.tsx'

export interface CmsPageItem {
  id: number
  slug: string
  locale: string
  title: string
  content?: string | null
  type: string
  meta_title?: string | null
  meta_description?: string | null
  visible: number
  updated_at: string
}

/** Where the page lives in the store, in its language. */
export const livePath = (p: { slug: string; locale: string; type: string }) => `${p.locale === 'de' ? '/de' : ''}${p.type === 'homepage' ? '/' : `/${p.slug}`}`

/** The CMS pages, one line per page (its English and German rows together), and the button that purges every cache. */
export function ContentPage({ pages, notice }: { pages: CmsPageItem[]; notice?: string }) {
  const bySlug = new Map<string, CmsPageItem[]>()
  for (const p of pages) bySlug.set(p.slug, [...(bySlug.get(p.slug) ?? []), p])
  return (
    <>
      <PageHeader title="Content">
        <TextLink href="/admin/content/new">New page</TextLink>
        <TextLink href="/admin/content/pictures">Pictures for pages</TextLink>
        <TextLink href="/admin/content/size-guides">Size guides</TextLink>
        <TextLink href="/admin/menus">Header and footer menus</TextLink>
        <form method="post" action="/admin/content/purge">
          <Button type="submit" variant="secondary" size="sm">
            Purge everything
          </Button>
        </form>
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      <p className="mb-4 text-sm">'Purge everything' drops every cached copy of the store's pages, menus and categories: each is built afresh on its next visit.</p>
      <Table caption="CMS pages" head={['Page', 'Languages', 'Kind', 'State', 'Changed']}>
        {[...bySlug.values()].map((rows) => {
          const main = rows.find((p) => p.locale === 'en') ?? rows[0]!
          return (
            <tr key={main.slug}>
              <td className={cell}>
                <TextLink href={`/admin/content/${main.id}`}>{main.title}</TextLink>
                <span className="block text-neutral-700">{livePath(main)}</span>
              </td>
              <td className={cell}>{rows.map((p) => (p.locale === 'de' ? 'German' : 'English')).join(', ')}</td>
              <td className={cell}>{main.type}</td>
              <td className={cell}>{rows.some((p) => p.visible) ? <Badge tone="club">Published</Badge> : <Badge tone="soldOut">Hidden</Badge>}</td>
              <td className={cell}>{when(rows.map((p) => p.updated_at).sort().at(-1))}</td>
            </tr>
          )
        })}
      </Table>
    </>
  )
}

const PAGE_FIELDS = [
  { key: 'title', label: 'Title', required: true },
  { key: 'content', label: 'Text above the sections', long: true, markdown: true, hint: MARKDOWN_HINT },
  { key: 'meta_title', label: 'Title for search engines' },
  { key: 'meta_description', label: 'Description for search engines' },
] as const

export interface CmsEditorProps {
  id: number
  slug: string
  type: string
  visible: boolean
  draft: CmsDraft
  taxons: TaxonOption[]
  /** The pictures uploaded for pages, offered in every picture field. */
  pictures: CmsImage[]
  /** When the stored draft (kept apart from the live page) was saved; null: the editor shows the live page. */
  draftSavedAt?: string | null
  /** The draft differs from what is stored (after add, move or remove). */
  unsaved?: boolean
  notice?: string
  error?: string
  errors?: FieldErrors
}

function Actions({ id }: { id: number }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" name="intent" value="save">
        Save draft
      </Button>
      <Button type="submit" name="intent" value="publish" variant="secondary">
        Save and publish
      </Button>
      <Button type="submit" variant="secondary" formAction={`/admin/content/${id}/preview`} formTarget="_blank">
        Preview in English <span className="sr-only">(opens a new tab)</span>
      </Button>
      <Button type="submit" variant="secondary" formAction={`/admin/content/${id}/preview?locale=de`} formTarget="_blank">
        Preview in German <span className="sr-only">(opens a new tab)</span>
      </Button>
    </div>
  )
}

/**
 * One page in English and German: its words, then its sections as typed forms. One form holds the whole draft; the
 * first button is Save, so Enter in a field saves. Preview posts the same draft to the storefront's rendering.
 */
export function CmsPageEditor(props: CmsEditorProps) {
  const { id, draft, errors } = props
  const title = draft.en.title || draft.de.title || props.slug
  return (
    <>
      <PageHeader title={title}>
        {props.visible ? <TextLink href={livePath({ slug: props.slug, locale: 'en', type: props.type })}>See the live page</TextLink> : null}
        <form method="post" action={`/admin/content/${id}/${props.visible ? 'unpublish' : 'publish'}`}>
          <Button type="submit" variant={props.visible ? 'danger' : 'primary'} size="sm">
            {props.visible ? 'Unpublish' : 'Publish'}
          </Button>
        </form>
      </PageHeader>
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <p className="mb-4 text-sm">
        {`${props.type} page at ${livePath({ slug: props.slug, locale: 'en', type: props.type })} and ${livePath({ slug: props.slug, locale: 'de', type: props.type })}, ${props.visible ? 'published' : 'hidden from the store'}. 'Save draft' keeps your changes apart from the live page; 'Save and publish' or 'Publish' puts them in the store at once.`}
        {props.unsaved ? <strong> Not saved yet: save the draft to keep these changes.</strong> : null}
      </p>
      {props.draftSavedAt ? (
        <form method="post" action={`/admin/content/${id}`} className="mb-4 flex flex-wrap items-center gap-3 rounded border border-neutral-300 bg-neutral-50 p-3 text-sm">
          <span>{`This is the draft saved ${when(props.draftSavedAt)}; the live page is unchanged until you publish.`}</span>
          <Button type="submit" name="intent" value="discard" variant="ghost" size="sm">
            Discard the draft
          </Button>
        </form>
      ) : null}
      <form method="post" action={`/admin/content/${id}`} aria-label="Page and sections" noValidate>
        <div className="mb-6">
          <Actions id={id} />
        </div>
        <Panel title="Page">
          <div className="grid gap-4 lg:grid-cols-2">
            {LANGUAGES.map(({ locale, label }) => (
              <fieldset key={locale} className="min-w-0 space-y-4 rounded border border-neutral-200 p-3">
                <legend className="px-1 text-sm font-bold">{label}</legend>
                {PAGE_FIELDS.map((f) => (
                  <TextField key={f.key} name={`${locale}.${f.key}`} spec={f} value={draft[locale][f.key]} error={errors?.[`${locale}.${f.key}`]} language={label} />
                ))}
              </fieldset>
            ))}
          </div>
        </Panel>
        <h2 className="mb-3 text-xl font-bold">{`Sections (${draft.sections.length})`}</h2>
        {draft.sections.map((section, index) => (
          <SectionEditor key={`${index}-${section.key}-${section.type}`} index={index} count={draft.sections.length} section={section} errors={errors} taxons={props.taxons} pictures={props.pictures} />
        ))}
        <Panel title="Add a section">
          <div className="flex flex-wrap items-end gap-3">
            <Select id="add_type" name="add_type" label="Kind of section" defaultValue="" frameClassName="w-full max-w-xs">
              <option value="">Choose a kind</option>
              {SECTION_TYPES.map((t) => (
                <option key={t} value={t}>
                  {SECTION_LABELS[t]}
                </option>
              ))}
            </Select>
            <Button type="submit" name="intent" value="add" variant="secondary">
              Add the section
            </Button>
          </div>
        </Panel>
        <Actions id={id} />
      </form>
    </>
  )
}

/** A new page's address and titles: it starts hidden, and its editor opens. */
export function NewPagePage({ values, errors }: { values?: FormValues; errors?: FieldErrors }) {
  return (
    <>
      <PageHeader title="New page">
        <TextLink href="/admin/content">Back to the pages</TextLink>
      </PageHeader>
      <ErrorSummary errors={errors} />
      <Panel>
        <form method="post" action="/admin/content/new" aria-label="New page" className="space-y-4" noValidate>
          <Input id="slug" name="slug" label="Address" required defaultValue={values?.slug ?? ''} error={errors?.slug} hint="Small letters, digits and hyphens, like summer-sale: the page opens at /summer-sale, /Content/summer-sale and /de/summer-sale." />
          <div className="grid gap-4 lg:grid-cols-2">
            <Input id="title_en" name="title_en" label="Title (English)" required defaultValue={values?.title_en ?? ''} error={errors?.title_en} />
            <Input id="title_de" name="title_de" label="Title (German)" required defaultValue={values?.title_de ?? ''} error={errors?.title_de} />
          </div>
          <Select id="type" name="type" label="Kind of page" defaultValue={values?.type ?? 'standard'} error={errors?.type} frameClassName="max-w-xs">
            <option value="standard">Standard page</option>
            <option value="feature">Feature page</option>
          </Select>
          <Button type="submit">Create the page</Button>
        </form>
      </Panel>
    </>
  )
}
