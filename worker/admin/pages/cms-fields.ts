/**
 * The typed fields of each CMS section type of spec §3, one list for the console's form (worker/admin/pages/section-editor.tsx)
 * and its zod schema (worker/admin/cms-draft.ts). `shared` fields are the section's structure, the same in both
 * languages (its link, pictures, the category of a carousel); `text` fields are written in English and German.
 */

export const SECTION_TYPES = ['hero_image', 'featured_article', 'product_carousel', 'image_gallery', 'side_by_side_images', 'rich_text_content'] as const
export type SectionType = (typeof SECTION_TYPES)[number]

export const SECTION_LABELS: Record<SectionType, string> = {
  hero_image: 'Hero image',
  featured_article: 'Featured article',
  product_carousel: 'Product carousel',
  image_gallery: 'Image gallery',
  side_by_side_images: 'Side-by-side images',
  rich_text_content: 'Rich text',
}

export type SharedKey = 'link' | 'image_one' | 'image_two' | 'image_three' | 'taxon'
export type TextKey = 'name' | 'title' | 'subtitle' | 'button_text' | 'rte_content' | 'title_one' | 'title_two' | 'title_three' | 'alt_one' | 'alt_two' | 'alt_three'

export interface FieldSpec<K> {
  key: K
  label: string
  required?: boolean
  /** Several lines. */
  long?: boolean
  /** Rich text written in Markdown (a live preview beside it when the console's script runs). */
  markdown?: boolean
  hint?: string
}

const name: FieldSpec<TextKey> = { key: 'name', label: 'Name in the console', required: true }
const link: FieldSpec<SharedKey> = { key: 'link', label: 'Link', hint: 'A store path like /t/new-in, or https://…' }
const image = (key: 'image_one' | 'image_two' | 'image_three', label: string, required: boolean): FieldSpec<SharedKey> => ({ key, label, required, hint: 'One of the pictures uploaded under ‘Pictures for pages’ (the store shows it at the size each screen needs).' })
const alt = (key: 'alt_one' | 'alt_two' | 'alt_three', label: string): FieldSpec<TextKey> => ({ key, label, hint: 'What the picture shows, for screen readers. Empty: the uploaded picture’s own description.' })
/** How the operator writes rich text (kernel/markdown.ts); shown under every Markdown field. */
export const MARKDOWN_HINT = 'Markdown: a blank line starts a paragraph; ## Heading, **bold**, *italic*, - list item, 1. numbered item, > quote, [words](/t/women). Text written in HTML before stays HTML.'
const rte: FieldSpec<TextKey> = { key: 'rte_content', label: 'Text', long: true, required: true, markdown: true, hint: MARKDOWN_HINT }

export const SECTION_FIELDS: Record<SectionType, { shared: FieldSpec<SharedKey>[]; text: FieldSpec<TextKey>[] }> = {
  hero_image: {
    shared: [image('image_one', 'Picture', true), link],
    text: [name, { key: 'title', label: 'Heading', required: true }, { key: 'subtitle', label: 'Subheading' }, { key: 'button_text', label: 'Button text' }, alt('alt_one', 'Picture description')],
  },
  featured_article: {
    shared: [link],
    text: [name, { key: 'title', label: 'Heading', required: true }, { key: 'subtitle', label: 'Subheading' }, rte, { key: 'button_text', label: 'Button text' }],
  },
  product_carousel: {
    shared: [{ key: 'taxon', label: 'Products of the category', required: true }, link],
    text: [name, { key: 'title', label: 'Heading', required: true }],
  },
  image_gallery: {
    shared: [image('image_one', 'First picture', true), image('image_two', 'Second picture', false), image('image_three', 'Third picture', false), link],
    text: [name, { key: 'title', label: 'Heading' }, { key: 'title_one', label: 'First caption' }, alt('alt_one', 'First picture description'), { key: 'title_two', label: 'Second caption' }, alt('alt_two', 'Second picture description'), { key: 'title_three', label: 'Third caption' }, alt('alt_three', 'Third picture description')],
  },
  side_by_side_images: {
    shared: [image('image_one', 'Left picture', true), image('image_two', 'Right picture', true), link],
    text: [name, { key: 'title', label: 'Heading' }, { key: 'title_one', label: 'Left caption' }, alt('alt_one', 'Left picture description'), { key: 'title_two', label: 'Right caption' }, alt('alt_two', 'Right picture description')],
  },
  rich_text_content: {
    shared: [],
    text: [name, { key: 'title', label: 'Heading' }, rte],
  },
}

export const LANGUAGES = [
  { locale: 'en', label: 'English' },
  { locale: 'de', label: 'German' },
] as const

/** A page as the editor holds it: both languages' words and the sections, every value a string as the form posts it. */
export interface CmsDraft {
  en: PageText
  de: PageText
  sections: SectionDraft[]
}
export interface PageText {
  title: string
  content: string
  meta_title: string
  meta_description: string
}
export interface SectionDraft {
  type: SectionType
  /** The English row's id this section was loaded from ('' for a new one): its settings are kept on save. */
  key: string
  shared: Partial<Record<SharedKey, string>>
  en: Partial<Record<TextKey, string>>
  de: Partial<Record<TextKey, string>>
}
