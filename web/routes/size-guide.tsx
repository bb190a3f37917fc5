import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { SeoHead } from '../features/seo/seo-head.tsx'
import { LocalLink } from '../components/local-link.tsx'
import { SizeGuideView } from '../features/product/size-guide-table.tsx'

/**
 * A product's size guide as a page (issue 44 point 5): /products/{slug}/size-guide, where the product page's 'Size
 * guide' leads a browser without JavaScript: the guide of that product's category, or a sentence that it has none.
 * The same table is on many products' pages, so none is indexed.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return { guide: await loaderApi(context).getSizeGuide(params.slug!) }
}

export function Component() {
  const { guide } = useLoaderData<typeof loader>()
  const { t } = useT()
  const title = guide?.name ?? t('product.sizeGuide')
  return (
    <article className="mx-auto max-w-3xl" data-testid="size-guide-page">
      <SeoHead title={title} noindex />
      <h1 className="mb-6 text-3xl font-bold">{title}</h1>
      {guide ? <SizeGuideView guide={guide} /> : <p>{t('product.noSizeGuide')}</p>}
      <p className="mt-8">
        <LocalLink to="/SizingGuides" className="font-semibold underline">
          {t('footer.sizingGuides')}
        </LocalLink>
      </p>
    </article>
  )
}
