import * as z from 'zod/mini'
import { STATIC_PAGE_SLUGS } from '#web/routes/static-pages.ts'
import type { Operator } from './context.ts'
import { auditStatement } from './audit.ts'
import { ActionRefused, unlessTaken } from './action-refused.ts'
import { newPageStatement } from '#worker/backend/catalogue/content-write.ts'

/**
 * A new CMS page (docs/console.md 'Content'): its address (slug) and its titles in English and German. The store
 * shows a page at `/{slug}` and `/Content/{slug}` (German under /de), so a slug may not be a path the store already
 * answers: React Router matches paths without regard to case, so neither may 'Cart' as 'cart'. It starts hidden,
 * with an empty draft: the operator writes it, previews it and publishes it.
 */

/** First path segments the storefront or the worker answers themselves (web/routes.tsx, worker/index.ts), lower case. */
const TAKEN = new Set([
  'admin', 'api', 'media', 'images', 'assets', 'flags', 'fonts', 'dev', 'back', 'de', 'en', 'sitemaps',
  't', 'c', 'p', 'products', 'content', 'cmspage', 'category', 'home', 'latestversion', 'login', 'logout', 'myaccount', 'my-account',
  'cart', 'checkouttype', 'checkout', 'billing', 'shipping', 'payment', 'thankyou', 'thank-you', 'wishlist', 'resetpassword', 'reset-password',
  'newsletter', 'offline', 'search',
  ...Object.keys(STATIC_PAGE_SLUGS).map((name) => name.toLowerCase()),
])

export const SLUG_RULE = 'The address is 2 to 80 small letters (a–z), digits and single hyphens, like summer-sale. (Die Adresse besteht aus 2 bis 80 Kleinbuchstaben, Ziffern und einzelnen Bindestrichen.)'
export const slugTakenByStore = (slug: string) => `The store already uses /${slug} for one of its own pages: choose another address. (Diese Adresse gehört schon zum Shop.)`
export const slugTakenByPage = (slug: string) => `A page already has the address /${slug}: choose another, or edit that page. (Eine Seite mit dieser Adresse gibt es schon.)`

const title = (language: string) => z.string().check(z.trim(), z.minLength(1, `The ${language} title is required.`), z.maxLength(200, 'At most 200 characters.'))

export const NewPageSchema = z.object({
  slug: z
    .string().check(z.trim(), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, SLUG_RULE), z.minLength(2, SLUG_RULE), z.maxLength(80, SLUG_RULE), z.superRefine((v, ctx) => void (TAKEN.has(v.toLowerCase()) && ctx.addIssue({ code: 'custom', message: slugTakenByStore(v) })))),
  type: z.enum(['standard', 'feature'], { message: 'Choose the kind of page.' }),
  title_en: title('English'),
  title_de: title('German'),
})
export type NewPage = z.infer<typeof NewPageSchema>

/** Both languages' rows, hidden, in one batch with the audit line; the id of the English row. */
export async function createCmsPage(db: D1Database, operator: Operator, page: NewPage): Promise<number> {
  if (await db.prepare('SELECT 1 FROM cms_pages WHERE slug = ? LIMIT 1').bind(page.slug).first()) throw new ActionRefused(slugTakenByPage(page.slug))
  const insert = (locale: 'en' | 'de', title: string) =>
    newPageStatement(db, page.slug, locale, title, page.type)
  const [en] = await unlessTaken(
    db.batch<{ id: number }>([insert('en', page.title_en), insert('de', page.title_de), auditStatement(db, operator, 'cms_page.create', { type: 'cms_page', id: page.slug }, null, page)]),
    slugTakenByPage(page.slug),
  )
  return en!.results[0]!.id
}
