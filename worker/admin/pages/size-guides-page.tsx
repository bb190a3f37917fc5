import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import type { SizeGuideRecord } from '#worker/admin/size-guides-data.ts'
import { tableText } from '#worker/admin/size-guides-data.ts'
import { cell, ErrorSummary, FormToken, Notice, PageHeader, Panel, Table, TextArea, TextLink, type FieldErrors, type FormValues } from './parts.tsx'

export interface GuideCategory {
  id: number
  name: string
  permalink: string
}

/** The guides, each with the categories that use it, and a link to add one. */
export function SizeGuidesPage({ guides, categories, notice }: { guides: SizeGuideRecord[]; categories: GuideCategory[]; notice?: string }) {
  const named = (ids: number[]) => categories.filter((c) => ids.includes(c.id)).map((c) => c.permalink)
  return (
    <>
      <PageHeader title="Size guides">
        <TextLink href="/admin/content/size-guides/new">Add a size guide</TextLink>
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      <p className="mb-4 text-sm">
        The product page's 'Size guide' shows the guide of the product's category, or of the nearest category above it (a guide for Men covers Men › Jackets unless that category has its own).
      </p>
      <Table caption="Size guides" head={['Guide', 'German name', 'Sizes', 'Categories']}>
        {guides.map((g) => (
          <tr key={g.id}>
            <td className={cell}>
              <TextLink href={`/admin/content/size-guides/${g.id}`}>{g.nameEn}</TextLink>
            </td>
            <td className={cell}>{g.nameDe}</td>
            <td className={cell}>{g.rows.length}</td>
            <td className={cell}>{named(g.taxonIds).join(', ') || 'none: no product shows it'}</td>
          </tr>
        ))}
      </Table>
    </>
  )
}

export interface SizeGuideFormProps {
  guide: SizeGuideRecord | null
  categories: GuideCategory[]
  /** Another guide's categories, to say which one a ticked category leaves. */
  usedBy: Map<number, string>
  values?: FormValues
  errors?: FieldErrors
  error?: string
  notice?: string
}

/** One guide's form: names, table and how-to in English and German side by side, and its categories. */
export function SizeGuideFormPage({ guide, categories, usedBy, values, errors, error, notice }: SizeGuideFormProps) {
  const v = (name: string, fallback: string) => values?.[name] ?? fallback
  const ticked = (id: number) => (values ? values[`taxon.${id}`] === 'on' : Boolean(guide?.taxonIds.includes(id)))
  const action = guide ? `/admin/content/size-guides/${guide.id}` : '/admin/content/size-guides/new'
  return (
    <>
      <PageHeader title={guide ? `Size guide: ${guide.nameEn}` : 'New size guide'}>
        <TextLink href="/admin/content/size-guides">All size guides</TextLink>
        {guide ? <TextLink href={`/SizingGuides/${guide.slug}`}>See it in the store</TextLink> : null}
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <form method="post" action={action} aria-label={guide ? 'Edit the size guide' : 'New size guide'} noValidate>
        <FormToken />
        <Panel title="Name">
          <div className="grid gap-3 lg:grid-cols-3">
            {guide ? (
              <p className="text-sm">
                Address: <strong>/SizingGuides/{guide.slug}</strong>
              </p>
            ) : (
              <Input id="guide-slug" name="slug" label="Address" hint="Lower-case letters, digits and dashes: mens-apparel" required defaultValue={v('slug', '')} error={errors?.slug} />
            )}
            <Input id="guide-name-en" name="name_en" label="English name" required defaultValue={v('name_en', guide?.nameEn ?? '')} error={errors?.name_en} />
            <Input id="guide-name-de" name="name_de" label="German name" required defaultValue={v('name_de', guide?.nameDe ?? '')} error={errors?.name_de} />
          </div>
        </Panel>
        <Panel title="Table">
          <p className="mb-3 text-sm">Measurements of the body in cm. The size comes first; split the cells with | (a table pasted from a spreadsheet keeps its tabs, which work too).</p>
          <div className="grid gap-3 lg:grid-cols-2">
            <Input
              id="guide-columns-en"
              name="columns_en"
              label="English column headings"
              required
              defaultValue={v('columns_en', guide?.columnsEn.join(' | ') ?? 'Size | Chest (cm) | Waist (cm)')}
              error={errors?.columns_en}
            />
            <Input
              id="guide-columns-de"
              name="columns_de"
              label="German column headings"
              required
              defaultValue={v('columns_de', guide?.columnsDe.join(' | ') ?? 'Größe | Brust (cm) | Taille (cm)')}
              error={errors?.columns_de}
            />
          </div>
          <TextArea
            id="guide-rows"
            name="rows"
            label="Sizes, one a line"
            rows={8}
            hint="S | 91–96 | 76–81: the same cells in both languages."
            defaultValue={v('rows', guide ? tableText(guide.rows) : '')}
            error={errors?.rows}
          />
        </Panel>
        <Panel title="How to measure">
          <p className="mb-3 text-sm">One step a line; 'Chest: measure around …' shows 'Chest' in bold.</p>
          <div className="grid gap-3 lg:grid-cols-2">
            <TextArea id="guide-how-en" name="how_to_en" label="English" rows={6} defaultValue={v('how_to_en', guide?.howToEn ?? '')} error={errors?.how_to_en} />
            <TextArea id="guide-how-de" name="how_to_de" label="German" rows={6} defaultValue={v('how_to_de', guide?.howToDe ?? '')} error={errors?.how_to_de} />
          </div>
        </Panel>
        <Panel title="Categories">
          <fieldset>
            <legend className="mb-3 text-sm">
              The products of these categories and of the categories under them show this guide. A category uses one guide: ticking one another guide has moves it here.
            </legend>
            {errors?.categories ? <p className="mb-2 text-sm font-semibold text-danger-700">{errors.categories}</p> : null}
            <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
              {categories.map((c) => {
                const other = usedBy.get(c.id)
                return (
                  <Checkbox key={c.id} id={`taxon-${c.id}`} name={`taxon.${c.id}`} label={`${c.permalink}${other && other !== guide?.slug ? ` (now: ${other})` : ''}`} defaultChecked={ticked(c.id)} />
                )
              })}
            </div>
          </fieldset>
        </Panel>
        <Button type="submit">{guide ? 'Save the size guide' : 'Add the size guide'}</Button>
      </form>
    </>
  )
}
