import { useRouteLoaderData } from 'react-router'
import type { RequestInfo } from '../../app-context.ts'
import type { Category, CmsPage, Product } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { useStoreSettings } from '../../state/session/request-info.ts'
import { shopName } from '#kernel/store-settings.ts'
import { SeoHead } from './seo-head.tsx'
import { breadcrumbJsonLd, organizationJsonLd, productJsonLd, websiteJsonLd } from './json-ld.ts'

/**
 * The head of each kind of page, built from what its loader already has. Screens render one of these in place of
 * a bare title, so the catalogue screens can change freely around them.
 */
function useOrigin() {
  return (useRouteLoaderData('root') as RequestInfo | undefined)?.origin ?? ''
}

/** The home page: the store itself, and its search (sitelinks search box). */
export function HomeSeo() {
  const { locale } = useT()
  const origin = useOrigin()
  const store = useStoreSettings()
  return <SeoHead path="/" description={store.description[locale] || null} jsonLd={[organizationJsonLd(origin, store, locale), websiteJsonLd(origin, locale, store)]} />
}

export function ProductSeo({ product }: { product: Product }) {
  const { locale } = useT()
  const origin = useOrigin()
  const seller = shopName(useStoreSettings())
  const path = `/products/${product.slug}`
  return (
    <SeoHead
      title={product.metaTitle || product.name}
      description={product.metaDescription || product.description}
      path={path}
      image={product.images[0]?.styles.large.url}
      type="product"
      jsonLd={[productJsonLd(origin, locale, product, path, seller), breadcrumbJsonLd(origin, locale, product.breadcrumbs)]}
    />
  )
}

/** A category listing; `trail` is the breadcrumb without Home (the category's ancestors and itself). */
export function CategorySeo({ category, page = 1, trail }: { category: Pick<Category, 'name' | 'permalink' | 'description'>; page?: number; trail?: Array<{ text: string; link: string }> }) {
  const { t, locale } = useT()
  const origin = useOrigin()
  const path = `/t/${category.permalink}`
  const crumbs = [{ text: t('pages.home'), link: '/' }, ...(trail ?? [{ text: category.name, link: path }])]
  return (
    <SeoHead
      title={page > 1 ? `${category.name} (${page})` : category.name}
      description={category.description}
      path={page > 1 ? `${path}?page=${page}` : path}
      jsonLd={[breadcrumbJsonLd(origin, locale, crumbs)]}
    />
  )
}

/** A CMS page at its canonical path (`/AboutUs` for the static pages, else `/{slug}`). */
export function CmsPageSeo({ page, path, fallbackTitle }: { page: CmsPage | null; path?: string; fallbackTitle: string }) {
  const { t, locale } = useT()
  const origin = useOrigin()
  const title = page?.metaTitle || page?.title || fallbackTitle
  const image = page?.cmsSections.find((s) => s.images?.length)?.images?.[0]?.styles.large.url
  if (!page || !path) return <SeoHead title={title} noindex={!page} />
  return (
    <SeoHead
      title={title}
      description={page.metaDescription || page.content}
      path={path}
      image={image}
      type="article"
      jsonLd={[breadcrumbJsonLd(origin, locale, [{ text: t('pages.home'), link: '/' }, { text: page.title, link: path }])]}
    />
  )
}
