import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT, type MessageKey } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { CmsSections } from '../components/cms-sections.tsx'

/** Which CMS page each static route of spec §2 shows (documented in docs/routes.md). */
export const STATIC_PAGE_SLUGS: Record<string, string> = {
  AboutUs: 'about-us',
  ContactUs: 'contact-us',
  FAQs: 'faqs',
  GiftCards: 'gift-cards',
  GreatVicBikeRide2023: 'great-vic-bike-ride-2023',
  GuideJamboree2023: 'guide-jamboree-2023',
  PrivacyPolicy: 'privacy-policy',
  ProductReturns: 'product-returns',
  SizingGuides: 'sizing-guides',
  TermsAndConditions: 'terms-and-conditions',
}

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
  const heading = page?.title ?? t(`pages.static.${name}` as MessageKey)
  return (
    <article className="mx-auto max-w-3xl">
      <PageTitle title={heading} />
      <h1 className="mb-6 text-3xl font-bold">{heading}</h1>
      {page ? <CmsSections page={page} /> : <p className="text-gray-600" data-testid="empty-state">{t('pages.contentEmpty')}</p>}
    </article>
  )
}
