import type { CmsPage, CmsSection } from '../api/models.ts'
import { LocalLink } from './local-link.tsx'
import { ProductGrid } from './product-card.tsx'
import { PageTitle } from './page-title.tsx'
import { useT } from '../i18n/index.tsx'

function text(value: unknown) {
  return typeof value === 'string' ? value : ''
}

function Section({ section }: { section: CmsSection }) {
  const image = section.images?.[0]
  switch (section.type) {
    case 'hero_image':
      return (
        <section className="relative overflow-hidden rounded-lg bg-gray-900 text-white" data-section="hero">
          {image ? <img src={image.styles.large.url} width={image.styles.large.width} height={image.styles.large.height} alt={image.alt} className="h-72 w-full object-cover opacity-70 lg:h-96" fetchPriority="high" /> : null}
          <div className="absolute inset-0 flex flex-col justify-end p-6 lg:p-12">
            <h2 className="text-3xl font-extrabold lg:text-5xl">{text(section.content.title) || section.name}</h2>
            {section.link ? (
              <LocalLink to={section.link} className="mt-4 inline-block w-max rounded bg-primary-600 px-5 py-2 font-semibold hover:bg-primary-700">
                {text(section.content.button_text) || section.name}
              </LocalLink>
            ) : null}
          </div>
        </section>
      )
    case 'product_carousel':
      return (
        <section data-section="carousel">
          <h2 className="mb-4 text-2xl font-bold">{text(section.content.title) || section.name}</h2>
          <ProductGrid products={(section.products ?? []).slice(0, 8)} />
        </section>
      )
    case 'featured_article':
    case 'rich_text_content':
      return (
        <section className="prose max-w-none" data-section="article">
          <h2 className="text-2xl font-bold">{text(section.content.title) || section.name}</h2>
          <div className="mt-2 whitespace-pre-line text-gray-700">{text(section.content.rte_content) || text(section.content.subtitle) || text(section.content.text)}</div>
        </section>
      )
    default:
      return (
        <section className="grid gap-4 lg:grid-cols-2" data-section="images">
          {(section.images ?? []).map((img) => (
            <img key={img.styles.desktop.url} src={img.styles.desktop.url} width={img.styles.desktop.width} height={img.styles.desktop.height} alt={img.alt} loading="lazy" className="w-full rounded" />
          ))}
        </section>
      )
  }
}

/** A CMS page's sections in order (spec §3: six section types). The page's own content comes first, as plain text. */
export function CmsSections({ page }: { page: CmsPage }) {
  return (
    <div className="space-y-10">
      {page.content ? <div className="whitespace-pre-line text-gray-700">{page.content}</div> : null}
      {page.cmsSections.map((section, index) => (
        <Section key={`${section.type}-${index}`} section={section} />
      ))}
    </div>
  )
}

/** A content page: its title as the heading, its sections, or an honest empty state when the CMS has no such page. */
export function CmsArticle({ page, fallbackTitle }: { page: CmsPage | null; fallbackTitle: string }) {
  const { t } = useT()
  const heading = page?.title ?? fallbackTitle
  return (
    <article className="mx-auto max-w-3xl">
      <PageTitle title={heading} />
      <h1 className="mb-6 text-3xl font-bold">{heading}</h1>
      {page ? <CmsSections page={page} /> : <p className="text-gray-600" data-testid="empty-state">{t('pages.contentEmpty')}</p>}
    </article>
  )
}
