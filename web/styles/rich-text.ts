/**
 * How CMS rich text (sanitised HTML, see worker/commerce/sanitize-html.ts) looks: the editor's tags get the theme's
 * type scale and colours. Markup from the CMS carries no classes, so these rules style it by element under
 * `.rich-text`; they are part of the build-time CSS (twind preflight), not a one-off stylesheet.
 */
export const richTextPreflight = {
  '.rich-text': { '@apply': 'text-base leading-relaxed text-neutral-700 break-words' },
  '.rich-text > * + *': { '@apply': 'mt-4' },
  '.rich-text h2': { '@apply': 'mt-8 text-2xl font-bold text-neutral-900' },
  '.rich-text h3': { '@apply': 'mt-6 text-xl font-semibold text-neutral-900' },
  '.rich-text h4, .rich-text h5, .rich-text h6': { '@apply': 'mt-6 text-lg font-semibold text-neutral-900' },
  '.rich-text :first-child': { '@apply': 'mt-0' },
  '.rich-text a': { '@apply': 'font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800' },
  '.rich-text ul': { '@apply': 'list-disc pl-6 space-y-1' },
  '.rich-text ol': { '@apply': 'list-decimal pl-6 space-y-1' },
  '.rich-text blockquote': { '@apply': 'border-l-4 border-primary-500 pl-4 italic' },
  '.rich-text img': { '@apply': 'h-auto max-w-full rounded' },
  '.rich-text table': { '@apply': 'w-full border-collapse text-left text-sm' },
  '.rich-text th': { '@apply': 'border-b-2 border-neutral-300 px-3 py-2 font-semibold text-neutral-900' },
  '.rich-text td': { '@apply': 'border-b border-neutral-200 px-3 py-2' },
  '.rich-text hr': { '@apply': 'border-neutral-200' },
}
