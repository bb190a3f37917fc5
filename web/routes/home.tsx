import type { CmsPage, ProductCard } from '../api/models.ts'
import type { StorefrontApi } from '../api/storefront-api.ts'
import { useApi } from '../api/use-api.ts'
import { LAST_CHANCE_DEALS_SLUG } from '../config.ts'
import { useT } from '../i18n/index.tsx'
import { HomeSeo } from '../features/seo/page-seo.tsx'
import { CmsSections } from '../components/cms-sections.tsx'
import { Deferred } from '../components/deferred.tsx'
import { NewsletterForm } from '../features/newsletter/newsletter-form.tsx'
import { newsletterAction } from '../features/newsletter/newsletter-action.ts'
import { ProductCarousel } from '../features/catalogue/product-carousel.tsx'
import { CategoryTiles, type CategoryTile } from '../features/home/category-tiles.tsx'
import { UspBar } from '../features/home/usp-bar.tsx'

const CAROUSEL_SIZE = 12
const MAX_TILES = 8

/** The newsletter form posts here when there is no JavaScript. */
export const action = newsletterAction

interface HomeContent {
  page: CmsPage | null
  tiles: CategoryTile[]
  lastChance: ProductCard[]
}

/** Everything the landing page shows below the chrome, read in parallel; any part that fails is simply left out. */
async function loadHome(api: StorefrontApi): Promise<HomeContent> {
  const [page, tree] = await Promise.all([api.getCMSPage('home').catch(() => null), api.getCategoryTree().catch(() => [])])
  const tops = tree.filter((c) => !c.hide_from_nav)
  const [tiles, lastChance] = await Promise.all([
    Promise.all(
      tops.map(async (c) => ({
        category: { id: c.id, name: c.name, permalink: c.permalink },
        image: (await api.getCategoryBanners(c.permalink).catch(() => []))[0]?.image ?? null,
      })),
    ),
    // Spec §4: 'last-chance-deals' is a hidden category of its own; its products get a carousel here.
    (async () => {
      const category = tree.find((c) => c.permalink === LAST_CHANCE_DEALS_SLUG) ?? (await api.getCategory(LAST_CHANCE_DEALS_SLUG).catch(() => null))
      if (!category) return []
      const list = await api.getProducts({ categoryId: category.id, itemsPerPage: CAROUSEL_SIZE, facets: false }).catch(() => null)
      return list?.data ?? []
    })(),
  ])
  return { page, tiles: tiles.filter((tile) => tile.image).slice(0, MAX_TILES), lastChance }
}

function HomePlaceholder() {
  return (
    <div className="space-y-10" data-testid="home-placeholder" aria-busy="true">
      <div className="h-72 animate-pulse rounded-lg bg-neutral-200 lg:h-[28rem]" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-[3/4] animate-pulse rounded bg-neutral-200" />
        ))}
      </div>
    </div>
  )
}

function HomeSections({ content }: { content: HomeContent }) {
  const { t } = useT()
  const sections = content.page?.cmsSections ?? []
  const only = (types: string[]) => (content.page ? { ...content.page, content: '', cmsSections: sections.filter((s) => types.includes(s.type)) } : null)
  const hero = only(['hero_image'])
  const editorial = only(['featured_article', 'image_gallery', 'side_by_side_images', 'rich_text_content'])
  const carousels = sections.filter((s) => s.type === 'product_carousel')
  return (
    <>
      {hero && hero.cmsSections.length > 0 ? <CmsSections page={hero} /> : <p className="py-10 text-lg text-neutral-700">{t('pages.homeIntro')}</p>}
      <UspBar />
      <CategoryTiles tiles={content.tiles} />
      {carousels.map((section, i) => (
        // The CMS section, drawn as the shared product carousel (marked like every CMS section).
        <div key={`${section.name}-${i}`} data-section="product_carousel">
          <ProductCarousel
            title={typeof section.content.title === 'string' ? section.content.title : section.name}
            products={section.products ?? []}
            link={section.link ? { to: section.link, label: t('landing.viewAll') } : undefined}
            testId={`carousel-${i}`}
          />
        </div>
      ))}
      <ProductCarousel title={t('landing.lastChance')} products={content.lastChance} link={{ to: `/t/${LAST_CHANCE_DEALS_SLUG}`, label: t('landing.viewAll') }} testId="carousel-last-chance" />
      {editorial && editorial.cmsSections.length > 0 ? (
        <div data-testid="editorial">
          <CmsSections page={editorial} />
        </div>
      ) : null}
    </>
  )
}

/**
 * The landing page: the CMS page 'home' (hero, new-in and sale carousels, a featured article), the USP bar, category
 * tiles and the 'Last chance deals' carousel. None of it decides the status, so it is deferred: the header and this
 * page's frame stream first, the sections follow in the same response.
 */
export function Component() {
  const { t, locale } = useT()
  const api = useApi()
  return (
    <div className="space-y-12">
      <HomeSeo />
      <h1 className="sr-only">{t('pages.home')}</h1>
      <Deferred id={`home:${locale}`} load={() => loadHome(api)} fallback={<HomePlaceholder />}>
        {(content) => <HomeSections content={content} />}
      </Deferred>
      <NewsletterForm />
    </div>
  )
}
