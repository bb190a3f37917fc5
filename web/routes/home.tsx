import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { CmsSections } from '../components/cms-sections.tsx'
import { NewsletterForm } from '../features/newsletter/newsletter-form.tsx'

/** The home page is the CMS page 'home' (hero, new-in and sale carousels, a featured article). */
export async function loader({ context }: LoaderFunctionArgs) {
  const page = await loaderApi(context).getCMSPage('home')
  return { page }
}

export function Component() {
  const { page } = useLoaderData<typeof loader>()
  const { t } = useT()
  return (
    <div className="space-y-12">
      <PageTitle />
      <h1 className="sr-only">{page?.title ?? t('pages.home')}</h1>
      {page ? <CmsSections page={page} /> : <p className="py-10 text-lg text-gray-700">{t('pages.homeIntro')}</p>}
      <NewsletterForm />
    </div>
  )
}
