import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import type { SizeGuideRecord } from '#worker/admin/size-guides-data.ts'
import { ErrorSummary, FormToken, Notice, PageHeader, Panel, TextArea, TextLink, type FieldErrors, type FormValues } from './parts.tsx'

type Guide = SizeGuideRecord & { id: number }

export interface SizeGuidesPageProps {
  guides: Guide[]
  /** The guide being edited; null: the form adds one. */
  guide: Guide | null
  categories: Array<{ id: number; permalink: string }>
  values?: FormValues
  errors?: FieldErrors
  error?: string
  notice?: string
}

/** The guides with their categories, and one form: the guide's, or a new one's. Names, table and how-to side by side. */
export function SizeGuidesPage({ guides, guide, categories, values, errors, error, notice }: SizeGuidesPageProps) {
  const v = (name: keyof SizeGuideRecord, fallback = '') => values?.[name] ?? (guide ? String(guide[name]) : fallback)
  const cells = (name: 'columns_en' | 'columns_de', fallback: string) => values?.[name] ?? guide?.[name].join(' | ') ?? fallback
  const usedBy = new Map(guides.flatMap((g) => g.categories.map((id) => [id, g.slug] as const)))
  const text = (name: keyof SizeGuideRecord, label: string) => <TextArea id={`guide-${name}`} name={name} label={label} rows={6} defaultValue={v(name)} error={errors?.[name]} />
  const input = (name: keyof SizeGuideRecord, label: string, value: string) => <Input id={`guide-${name}`} name={name} label={label} required defaultValue={value} error={errors?.[name]} />
  return (
    <>
      <PageHeader title={guide ? `Size guide: ${guide.name_en}` : 'Size guides'}>
        {guide ? <TextLink href="/admin/content/size-guides">Add a size guide</TextLink> : null}
      </PageHeader>
      {notice ? <Notice>{notice}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      <ErrorSummary errors={errors} />
      <Panel title="Guides">
        <p className="mb-3 text-sm">A product shows the guide of its category, or of the nearest category above it (Men covers Men › Jackets unless that has its own).</p>
        <ul className="space-y-1 text-sm">
          {guides.map((g) => (
            <li key={g.id}>
              <TextLink href={`/admin/content/size-guides/${g.id}`}>{g.name_en}</TextLink> ({g.name_de}, {g.rows.length} sizes):{' '}
              {categories
                .filter((c) => g.categories.includes(c.id))
                .map((c) => c.permalink)
                .join(', ') || 'no category'}
            </li>
          ))}
        </ul>
      </Panel>
      <form method="post" action={`/admin/content/size-guides${guide ? `/${guide.id}` : ''}`} aria-label={guide ? 'Edit the size guide' : 'New size guide'} noValidate>
        <FormToken />
        <Panel title={guide ? 'Name' : 'New size guide'}>
          <div className="grid gap-3 lg:grid-cols-3">
            {guide ? null : input('slug', 'Key (like mens-apparel; it stays)', v('slug'))}
            {input('name_en', 'English name', v('name_en'))}
            {input('name_de', 'German name', v('name_de'))}
          </div>
        </Panel>
        <Panel title="Table: body measurements in cm, the size first, cells split by | (or a spreadsheet's tabs)">
          <div className="grid gap-3 lg:grid-cols-2">
            {input('columns_en', 'English column headings', cells('columns_en', 'Size | Chest (cm) | Waist (cm)'))}
            {input('columns_de', 'German column headings', cells('columns_de', 'Größe | Brust (cm) | Taille (cm)'))}
          </div>
          <TextArea id="guide-rows" name="rows" label="Sizes, one a line (S | 91–96 | 76–81), the same in both languages" rows={8} defaultValue={values?.rows ?? guide?.rows.map((row) => row.join(' | ')).join('\n') ?? ''} error={errors?.rows} />
        </Panel>
        <Panel title="How to measure: one step a line; 'Chest: measure around …' shows 'Chest' in bold">
          <div className="grid gap-3 lg:grid-cols-2">
            {text('how_to_en', 'English')}
            {text('how_to_de', 'German')}
          </div>
        </Panel>
        <Panel title="Categories: their products and those of the categories under them show this guide">
          <div className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((c) => {
              const other = usedBy.get(c.id)
              const label = other && other !== guide?.slug ? `${c.permalink} (now: ${other})` : c.permalink
              return <Checkbox key={c.id} id={`taxon-${c.id}`} name={`taxon.${c.id}`} label={label} defaultChecked={values ? values[`taxon.${c.id}`] === 'on' : Boolean(guide?.categories.includes(c.id))} />
            })}
          </div>
        </Panel>
        <Button type="submit">{guide ? 'Save the size guide' : 'Add the size guide'}</Button>
      </form>
    </>
  )
}
