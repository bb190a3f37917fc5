import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { CmsArticle } from '../components/cms-sections.tsx'
import { notFound } from './route-helpers.ts'
import { cmsPagePath } from './static-pages.ts'

const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

/** A CMS page by slug: /Content/{slug}, the catch-all /{slug}, and /CMSPage (no slug: an empty page). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const slug = params.slug
  if (!slug) return { page: null }
  if (!SLUG_PATTERN.test(slug)) notFound('router')
  const page = await loaderApi(context).getCMSPage(slug.toLowerCase())
  if (!page) notFound('page')
  return { page }
}

export function Component() {
  const { page } = useLoaderData<typeof loader>()
  const { t } = useT()
  return <CmsArticle page={page} path={page ? cmsPagePath(page.slug) : undefined} fallbackTitle={t('pages.content')} />
}
