import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { SeoHead } from '../features/seo/seo-head.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { SizeGuideView } from '../features/product/size-guide-table.tsx'
import { notFound } from './route-helpers.ts'

/**
 * A size guide as a page (issue 44 point 5): /SizingGuides/{guide}, and /products/{slug}/size-guide, where the
 * product page's 'Size guide' leads a browser without JavaScript: the guide of that product's category. A guide that
 * does not exist is a 404; a product whose categories have none says so and points at the sizing guides page.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  if (params.guide !== undefined) {
    const guide = await api.getSizeGuide({ slug: params.guide })
    if (!guide) notFound('page')
    return { guide }
  }
  return { guide: await api.getSizeGuide({ product: params.slug! }) }
}

export function Component() {
  const { guide } = useLoaderData<typeof loader>()
  const { t } = useT()
  return (
    <article className="mx-auto max-w-3xl" data-testid="size-guide-page">
      {guide ? <SeoHead title={guide.name} path={`/SizingGuides/${guide.slug}`} /> : <SeoHead title={t('product.sizeGuide')} noindex />}
      <h1 className="mb-6 text-3xl font-bold">{guide?.name ?? t('product.sizeGuide')}</h1>
      {guide ? <SizeGuideView guide={guide} /> : <p>{t('product.noSizeGuide')}</p>}
      <p className="mt-8">
        <LocalLink to="/SizingGuides" className="font-semibold underline">
          {t('footer.sizingGuides')}
        </LocalLink>
      </p>
    </article>
  )
}
