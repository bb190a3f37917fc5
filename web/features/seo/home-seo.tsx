import { useT } from '../../i18n/index.tsx'
import { SeoHead } from './seo-head.tsx'
import { useOrigin } from './page-seo.tsx'
import { organizationJsonLd, websiteJsonLd } from './store-json-ld.ts'

/** The home page: the store itself, and its search (sitelinks search box). */
export function HomeSeo() {
  const { locale } = useT()
  const origin = useOrigin()
  return <SeoHead path="/" jsonLd={[organizationJsonLd(origin), websiteJsonLd(origin, locale)]} />
}
