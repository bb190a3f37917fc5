import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT, type MessageKey } from '../i18n/index.tsx'
import { CmsArticle } from '../components/cms-sections.tsx'

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
  return <CmsArticle page={page} fallbackTitle={t(`pages.static.${name}` as MessageKey)} />
}
