import type { ReactNode } from 'react'
import { Input } from '#web/components/ui/input.tsx'
import { Select } from '#web/components/ui/select.tsx'
import { LANGUAGES, SECTION_FIELDS, SECTION_LABELS, type FieldSpec, type SectionDraft, type SharedKey, type TextKey } from './cms-fields.ts'
import { thumbnailOf, type CmsImage } from '../cms-images.ts'
import { Panel, RowButtons, TextArea, TextLink, type FieldErrors } from './parts.tsx'

export interface TaxonOption {
  id: number
  name: string
  permalink: string
}

const idOf = (name: string) => name.replace(/\./g, '-')
/** The visible label, and the language for screen readers (and for tests finding the field). */
const labelled = (label: string, language?: string): ReactNode => (language ? <>{label}<span className="sr-only">{` (${language})`}</span></> : label)

/** One text field of a section in one language: a line, or several lines for rich text. */
export function TextField({ name, spec, value, error, language }: { name: string; spec: FieldSpec<TextKey> | { key: string; label: string; long?: boolean; markdown?: boolean; required?: boolean; hint?: string }; value: string; error?: string; language?: string }) {
  const id = idOf(name)
  // Markdown: the console's script adds a live preview after the field (web/admin/client/markdown-preview.ts)
  if (spec.long && spec.markdown)
    return (
      <div data-markdown-field="" data-language={language}>
        <TextArea id={id} name={name} label={labelled(spec.label, language)} rows={8} defaultValue={value} error={error} hint={spec.hint} />
      </div>
    )
  if (spec.long) return <TextArea id={id} name={name} label={labelled(spec.label, language)} rows={6} defaultValue={value} error={error} hint={spec.hint} />
  return <Input id={id} name={name} label={labelled(spec.label, language)} required={spec.required} defaultValue={value} error={error} hint={spec.hint} />
}

/**
 * A section of spec §3 as real fields: its structure once (link, pictures, category), its words in English and German
 * side by side, and buttons that move or remove it (they change the draft; nothing is stored until 'Save').
 */
export function SectionEditor({ index, count, section, errors, taxons, pictures }: { index: number; count: number; section: SectionDraft; errors?: FieldErrors; taxons: TaxonOption[]; pictures: CmsImage[] }) {
  const spec = SECTION_FIELDS[section.type]
  const at = `sections.${index}`
  const e = (name: string) => errors?.[name]
  const title = `${index + 1}. ${SECTION_LABELS[section.type]}${section.en.name ? `: ${section.en.name}` : ''}`
  return (
    <Panel title={title}>
      <input type="hidden" name={`${at}.type`} value={section.type} />
      <input type="hidden" name={`${at}.key`} value={section.key} />
      {e(`${at}.type`) ? <p role="alert" className="mb-3 text-sm text-danger-700">{e(`${at}.type`)}</p> : null}
      {spec.shared.length ? (
        <div className="mb-4 grid gap-4 lg:grid-cols-2">
          {spec.shared.map((f) => {
            const name = `${at}.shared.${f.key}`
            if (f.key === 'taxon')
              return (
                <Select key={f.key} id={idOf(name)} name={name} label={f.label} required defaultValue={section.shared.taxon ?? ''} error={e(name)}>
                  <option value="">Choose a category</option>
                  {taxons.map((t) => (
                    <option key={t.id} value={String(t.id)}>{`${t.name} (/t/${t.permalink})`}</option>
                  ))}
                </Select>
              )
            if (f.key !== 'link') return <PictureField key={f.key} name={name} spec={f} value={section.shared[f.key] ?? ''} error={e(name)} pictures={pictures} />
            return <Input key={f.key} id={idOf(name)} name={name} label={f.label} required={f.required} defaultValue={section.shared[f.key] ?? ''} error={e(name)} hint={f.hint} />
          })}
        </div>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {LANGUAGES.map(({ locale, label }) => (
          <fieldset key={locale} className="min-w-0 space-y-4 rounded border border-neutral-200 p-3">
            <legend className="px-1 text-sm font-bold">{label}</legend>
            {spec.text.map((f) => {
              const name = `${at}.${locale}.${f.key}`
              return <TextField key={f.key} name={name} spec={f} value={section[locale][f.key] ?? ''} error={e(name)} language={label} />
            })}
          </fieldset>
        ))}
      </div>
      <RowButtons index={index} count={count} title={title} className="mt-4" />
    </Panel>
  )
}

/**
 * A section's picture: one of the pictures uploaded for pages (described in English and German there), or the seeded
 * picture the section already shows (typed /images/cms/… paths stay accepted). The current one is shown small.
 */
function PictureField({ name, spec, value, error, pictures }: { name: string; spec: FieldSpec<SharedKey>; value: string; error?: string; pictures: CmsImage[] }) {
  const known = pictures.some((p) => p.path === value)
  return (
    <div className="flex min-w-0 gap-3">
      {value ? <img src={thumbnailOf(value)} alt="" width={96} height={48} className="mt-7 h-12 w-24 shrink-0 rounded bg-neutral-100 object-cover" /> : null}
      <div className="min-w-0 flex-1">
        <Select id={idOf(name)} name={name} label={spec.label} required={spec.required} defaultValue={value} error={error} hint={spec.hint}>
          <option value="">{spec.required ? 'Choose a picture' : 'No picture'}</option>
          {value && !known ? <option value={value}>{`${value} (as it is now)`}</option> : null}
          {pictures.map((p) => (
            <option key={p.id} value={p.path}>
              {p.alt_en}
            </option>
          ))}
        </Select>
        <TextLink href="/admin/content/pictures" className="mt-1 inline-block text-sm">
          Upload a picture (the draft stays here: save it first)
        </TextLink>
      </div>
    </div>
  )
}
