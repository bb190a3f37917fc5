import { useT } from '../../i18n/index.tsx'
import { useStoreSettings } from '../../state/session/request-info.ts'
import { SeoHead } from './seo-head.tsx'
import { useOrigin } from './page-seo.tsx'
import { organizationJsonLd, websiteJsonLd } from './store-json-ld.ts'

/** The home page: the store itself, and its search (sitelinks search box). */
export function HomeSeo() {
  const { locale } = useT()
  const origin = useOrigin()
  const store = useStoreSettings()
  return <SeoHead path="/" description={store.description[locale] || null} jsonLd={[organizationJsonLd(origin, store, locale), websiteJsonLd(origin, locale, store)]} />
}
