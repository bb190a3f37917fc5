import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT, type MessageKey } from '../i18n/index.tsx'
import { CmsArticle } from '../components/cms-sections.tsx'
import { STATIC_PAGE_SLUGS } from './static-pages.ts'

function pageName(request: Request) {
  const last = new URL(request.url).pathname.split('/').filter(Boolean).pop() ?? ''
  return Object.keys(STATIC_PAGE_SLUGS).find((name) => name.toLowerCase() === last.toLowerCase()) ?? 'AboutUs'
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const name = pageName(request)
  const page = await loaderApi(context).getCMSPage(STATIC_PAGE_SLUGS[name]!)
  return { name, page }
}

export function Component() {
  const { name, page } = useLoaderData<typeof loader>()
  const { t } = useT()
  return <CmsArticle page={page} path={`/${name}`} fallbackTitle={t(`pages.static.${name}` as MessageKey)} />
}
