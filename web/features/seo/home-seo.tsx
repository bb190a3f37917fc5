import { useT } from '../../i18n/index.tsx'
import { useStoreSettings } from '../../state/session/request-info.ts'
import { SeoHead } from './seo-head.tsx'
import type { JsonLd } from './json-ld.ts'

/** The home page: the store itself, and its search (sitelinks search box), as the loader built them (store-json-ld.ts). */
export function HomeSeo({ jsonLd }: { jsonLd: JsonLd[] }) {
  const { locale } = useT()
  const store = useStoreSettings()
  return <SeoHead path="/" description={store.description[locale] || null} jsonLd={jsonLd} />
}
