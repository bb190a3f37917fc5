import { SAFE_LINK_RULE, safeLink } from '#kernel/safe-link.ts'
import * as z from 'zod/mini'
import { LANGUAGES, SECTION_FIELDS, SECTION_TYPES, type CmsDraft, type PageText, type SectionDraft, type SectionType, type SharedKey, type TextKey } from '#worker/admin/pages/cms-fields.ts'
import type { FormValues } from '#worker/admin/pages/parts.tsx'

/**
 * A CMS page as the console edits it: both languages side by side, sections typed (spec §3). The form posts flat
 * names (`en.title`, `sections.0.shared.link`, `sections.0.de.title`); they are read back into a CmsDraft, changed by
 * the editor's buttons (add, remove, move) and checked with zod; field messages come back under the same names.
 */

export const MAX_SECTIONS = 30
const TEXT_KEYS: TextKey[] = ['name', 'title', 'subtitle', 'button_text', 'rte_content', 'title_one', 'title_two', 'title_three', 'alt_one', 'alt_two', 'alt_three']
const SHARED_KEYS: SharedKey[] = ['link', 'image_one', 'image_two', 'image_three', 'taxon']
const isType = (v: unknown): v is SectionType => (SECTION_TYPES as readonly unknown[]).includes(v)

export const emptySection = (type: SectionType): SectionDraft => ({ type, key: '', shared: {}, en: {}, de: {} })

export const UNKNOWN_TYPE = 'Choose a section type from the list.'

/** The section types the form names that the store does not have (a form the editor did not make). */
export const unknownTypes = (values: FormValues) => Object.entries(values).some(([k, v]) => /^sections\.\d+\.type$/.test(k) && !isType(v))

/** The draft the form posted (unknown names are ignored; at most MAX_SECTIONS sections are read). */
export function draftFromForm(values: FormValues): CmsDraft {
  const text = (prefix: string): PageText => ({ title: values[`${prefix}.title`] ?? '', content: values[`${prefix}.content`] ?? '', meta_title: values[`${prefix}.meta_title`] ?? '', meta_description: values[`${prefix}.meta_description`] ?? '' })
  const sections: SectionDraft[] = []
  for (let i = 0; i < MAX_SECTIONS; i++) {
    const type = values[`sections.${i}.type`]
    if (type === undefined) break
    if (!isType(type)) continue
    const pick = <K extends string>(keys: K[], prefix: string) => Object.fromEntries(keys.filter((k) => values[`${prefix}.${k}`] !== undefined).map((k) => [k, values[`${prefix}.${k}`]])) as Partial<Record<K, string>>
    sections.push({ type, key: values[`sections.${i}.key`] ?? '', shared: pick(SHARED_KEYS, `sections.${i}.shared`), en: pick(TEXT_KEYS, `sections.${i}.en`), de: pick(TEXT_KEYS, `sections.${i}.de`) })
  }
  return { en: text('en'), de: text('de'), sections }
}

/** What an editor button does to the draft before it is shown again: `add`, `up.2`, `down.0`, `remove.1`. */
export function applyIntent(draft: CmsDraft, intent: string, addType: string | undefined): { draft: CmsDraft; error?: string } {
  const sections = [...draft.sections]
  if (intent === 'add') {
    if (!isType(addType)) return { draft, error: 'Choose the kind of section to add.' }
    if (sections.length >= MAX_SECTIONS) return { draft, error: `A page has at most ${MAX_SECTIONS} sections.` }
    return { draft: { ...draft, sections: [...sections, emptySection(addType)] } }
  }
  return { draft: { ...draft, sections: reorder(sections, intent) } }
}

/** `up.2`, `down.0` or `remove.1` applied to a list the console edits as rows (sections, menu items). */
export function reorder<T>(list: T[], intent: string): T[] {
  const out = [...list]
  const [op, at] = intent.split('.')
  const i = Number(at)
  if (!Number.isInteger(i) || i < 0 || i >= out.length) return out
  if (op === 'remove') out.splice(i, 1)
  const j = op === 'up' ? i - 1 : op === 'down' ? i + 1 : -1
  if (j >= 0 && j < out.length) [out[i], out[j]] = [out[j]!, out[i]!]
  return out
}

const optional = (max: number) => z.pipe(z.optional(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters.`))), z.transform((v) => v || ''))
const required = (label: string, max: number) => z.string({ message: `${label} is required.` }).check(z.trim(), z.minLength(1, `${label} is required.`), z.maxLength(max, `At most ${max} characters.`))
/** A seeded picture's path (typed paths stay accepted) or a picture uploaded under 'Pictures for pages'. */
const IMAGE = /^(\/images\/[A-Za-z0-9/_-]+|\/media\/cms\/[0-9a-f-]{36})$/

const PageTextSchema = z.object({ title: required('The title', 200), content: optional(100_000), meta_title: optional(200), meta_description: optional(400) })

function sectionSchema(type: SectionType) {
  const spec = SECTION_FIELDS[type]
  const shared: Record<string, z.ZodMiniType> = {}
  for (const f of spec.shared) {
    const base = f.key === 'link' ? optional(500).check(z.refine((v) => !v || safeLink(v, { https: true }) !== null, SAFE_LINK_RULE)) : f.key === 'taxon' ? optional(12).check(z.refine((v) => !v || /^\d+$/.test(v), 'Choose a category from the list.')) : optional(300).check(z.refine((v) => !v || IMAGE.test(v), 'Choose one of the uploaded pictures from the list.'))
    shared[f.key] = f.required ? base.check(z.refine((v) => v !== '', `${f.key === 'taxon' ? 'A category' : f.label} is required.`)) : base
  }
  const text: Record<string, z.ZodMiniType> = {}
  for (const f of spec.text) text[f.key] = f.required ? required(f.label, f.long ? 50_000 : 300) : optional(f.long ? 50_000 : 300)
  const words = z.object(text)
  return z
    .object({ type: z.literal(type), key: z.pipe(z.optional(z.string().check(z.regex(/^(\d{1,12})?$/))), z.transform((v) => v || '')), shared: z.object(shared), en: words, de: words }).check(z.superRefine((s, ctx) => {
      // a picture needs its description in both languages (the store's images always carry alt text)
      const shown = s.shared as Record<string, string>
      for (const locale of ['en', 'de'] as const)
        for (const [image, alt] of [['image_one', 'alt_one'], ['image_two', 'alt_two'], ['image_three', 'alt_three']] as const)
          if (alt in text && shown[image] && !(s[locale] as Record<string, string>)[alt]) ctx.addIssue({ code: 'custom', path: [locale, alt], message: 'Describe the picture for screen readers.' })
    }))
}

const SectionSchema = z.discriminatedUnion(
  'type',
  SECTION_TYPES.map((t) => sectionSchema(t)) as unknown as [ReturnType<typeof sectionSchema>, ...ReturnType<typeof sectionSchema>[]],
  { message: UNKNOWN_TYPE },
)
export const DraftSchema = z.object({ en: PageTextSchema, de: PageTextSchema, sections: z.array(SectionSchema).check(z.maxLength(MAX_SECTIONS, `A page has at most ${MAX_SECTIONS} sections.`)) })

/** A draft checked: the draft, or a message per field under the form's names ('sections.1.en.title'). */
export function checkDraft(draft: CmsDraft): { ok: true; data: CmsDraft } | { ok: false; errors: Record<string, string> } {
  const result = DraftSchema.safeParse(draft)
  if (result.success) return { ok: true, data: result.data as CmsDraft }
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[issue.path.length ? issue.path.map(String).join('.') : 'form'] ??= issue.message
  return { ok: false, errors }
}

/** The editor's form as posted (flat names) read into a draft and checked: what `parseForm` takes for Save and Preview. */
export const CmsFormSchema = z.pipe(z.pipe(z.transform((values): unknown => draftFromForm(values as FormValues)), DraftSchema), z.transform((draft) => draft as CmsDraft))

export { LANGUAGES }
