import { useLocation, useMatches, useRouteLoaderData } from 'react-router'
import type { RequestInfo } from '../../app-context.ts'
import { shopName } from '#kernel/store-settings.ts'
import { useStoreSettings } from '../../state/session/request-info.ts'
import { useT } from '../../i18n/index.tsx'
import { absoluteAsset, absoluteUrl, alternates, canonicalPath } from './urls.ts'
import { jsonLdScript, plainText, type JsonLd } from './json-ld.ts'

export interface SeoProps {
  /** The page's own title; the store name is added. Without one: the store's default title. */
  title?: string | null
  description?: string | null
  /** The locale-free canonical path (`/products/jacket`); by default the current path without query noise. */
  path?: string
  /** The image shared on social networks (a product's first image). */
  image?: string | null
  type?: 'website' | 'product' | 'article'
  jsonLd?: JsonLd[]
  /** Pages search engines should not list (search results, forms); account and checkout never are. */
  noindex?: boolean
}

const OG_LOCALE = { en: 'en_AU', de: 'de_DE' } as const

/**
 * Everything a search engine or a link preview reads about a page. React hoists the title, meta and link tags
 * into <head>; JSON-LD stays where it is rendered (search engines read it anywhere in the document).
 */
export function SeoHead({ title, description, path, image, type = 'website', jsonLd = [], noindex = false }: SeoProps) {
  const { t, locale } = useT()
  // The root's data is missing only when the root itself failed; the error page still gets a title then.
  const origin = (useRouteLoaderData('root') as RequestInfo | undefined)?.origin ?? ''
  const location = useLocation()
  const matches = useMatches()
  const hidden = noindex || matches.some((match) => {
    const handle = match.handle as { personal?: boolean; noindex?: boolean } | undefined
    return Boolean(handle?.personal || handle?.noindex)
  })
  const name = shopName(useStoreSettings())
  const fullTitle = title ? `${title} | ${name}` : t('meta.title', { brand: name })
  const text = plainText(description ?? '', 300) || t('meta.description')
  const canonical = path ?? canonicalPath(location)
  const url = absoluteUrl(origin, locale, canonical)
  const imageUrl = image ? absoluteAsset(origin, image) : null
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      {hidden ? <meta name="robots" content="noindex, follow" /> : <link rel="canonical" href={url} />}
      {hidden ? null : alternates(origin, canonical).map((alt) => <link key={alt.hrefLang} rel="alternate" hrefLang={alt.hrefLang} href={alt.href} />)}
      <meta property="og:site_name" content={name} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title ?? fullTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={OG_LOCALE[locale]} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title ?? fullTitle} />
      <meta name="twitter:description" content={text} />
      {imageUrl ? <meta name="twitter:image" content={imageUrl} /> : null}
      {jsonLd.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />
      ))}
    </>
  )
}
