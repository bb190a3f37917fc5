import { lazy, Suspense } from 'react'
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import type { CmsPage, CmsSection } from '#kernel/models.ts'
import type { StorefrontApi } from '../api/storefront-api.ts'
import { useApi } from '../api/use-api.ts'
import { loaderApi } from '../api/loader-api.ts'
import { requestInfoContext } from '../app-context.ts'
import { LAST_CHANCE_DEALS_SLUG, splitLocalePath } from '#kernel/config.ts'
import { useT } from '../i18n/index.tsx'
import { HomeSeo } from '../features/seo/home-seo.tsx'
import { CmsSections } from '../components/cms-sections.tsx'
import { Deferred } from '../components/deferred.tsx'
import { ProductCarousel } from '../components/product-carousel.tsx'
import { listedCard, type ListedCard } from '../components/product-card.tsx'
import { CategoryTiles, type CategoryTile } from '../features/home/category-tiles.tsx'
import { UspBar } from '../features/home/usp-bar.tsx'
import { OpeningSoon } from '../features/home/opening-soon.tsx'

/**
 * The newsletter form at the foot of the page is drawn by the server and posts without JavaScript, so its code (and
 * the email check's) is not part of the first visit: it hydrates when it arrives. A client navigation to home starts
 * loading it with the loader, so the form is there when the page is.
 */
const loadNewsletterForm = () => import('../features/newsletter/newsletter-form.tsx')
const NewsletterForm = lazy(() => loadNewsletterForm().then((m) => ({ default: m.NewsletterForm })))

/** The newsletter form in its own boundary: until its code arrives the server's form stays, and works. */
function Newsletter() {
  return (
    <Suspense fallback={null}>
      <NewsletterForm />
    </Suspense>
  )
}

const CAROUSEL_SIZE = 12
const MAX_TILES = 8

/** The newsletter form posts here when there is no JavaScript; its code loads with the post, not with the page. */
export async function action(args: ActionFunctionArgs) {
  const { newsletterAction } = await import('../features/newsletter/newsletter-action.ts')
  return newsletterAction(args)
}

/**
 * The CMS page 'home' (cached in KV) is read before the first byte: its hero image is the page's largest paint, so it
 * is in the shell and preloaded from the head (web/components/cms-sections.tsx) instead of arriving with the
 * deferred part. A CMS that fails only leaves the sections out, as before.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const api = loaderApi(context)
  const { origin, store } = context.get(requestInfoContext)
  const { locale } = splitLocalePath(new URL(request.url).pathname)
  void loadNewsletterForm()
  // One card is enough to know the shop sells something; a failed count never closes the shop (it is not 'empty').
  const [page, listed, jsonLd] = await Promise.all([
    api.getCMSPage('home').catch(() => null),
    api.getProducts({ itemsPerPage: 1, facets: false }).catch(() => null),
    import('../features/seo/store-json-ld.ts').then((m) => m.homeJsonLd(origin, store, locale)),
  ])
  return { page: listedSections(page), openingSoon: listed?.meta.totalCount === 0, jsonLd }
}

type HomeSection = Omit<CmsSection, 'products'> & { products?: ListedCard[] }
type HomePage = Omit<CmsPage, 'cmsSections'> & { cmsSections: HomeSection[] }

/** The page with its carousels' products cut to what a card reads: the loader's answer is written into the page. */
function listedSections(page: CmsPage | null): HomePage | null {
  return page ? { ...page, cmsSections: page.cmsSections.map(({ products, ...section }) => (products ? { ...section, products: products.map(listedCard) } : section)) } : null
}

interface HomeContent {
  tiles: CategoryTile[]
  lastChance: ListedCard[]
}

/** What the landing page shows below the hero, read in parallel; any part that fails is simply left out. */
async function loadHome(api: StorefrontApi): Promise<HomeContent> {
  const tree = await api.getCategoryTree().catch(() => [])
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
      return (list?.data ?? []).map(listedCard)
    })(),
  ])
  return { tiles: tiles.filter((tile) => tile.image).slice(0, MAX_TILES), lastChance }
}

/** Static: it shows for a moment while the page loads, and a pulse there drew frames through all of that moment. */
function HomePlaceholder() {
  return (
    <div className="space-y-10" data-testid="home-placeholder" aria-busy="true">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-product rounded bg-neutral-200" />
        ))}
      </div>
    </div>
  )
}

/** The CMS page with only the sections of `types` (none of them a carousel), or null without a page. */
function sectionsOf(page: HomePage | null, types: Array<Exclude<CmsSection['type'], 'product_carousel'>>): CmsPage | null {
  return page ? { ...page, content: '', cmsSections: page.cmsSections.filter((s) => (types as string[]).includes(s.type)).map(({ products: _, ...s }) => s) } : null
}

function Hero({ page }: { page: HomePage | null }) {
  const { t } = useT()
  const hero = sectionsOf(page, ['hero_image'])
  return hero && hero.cmsSections.length > 0 ? <CmsSections page={hero} /> : <p className="py-10 text-lg text-neutral-700">{t('pages.homeIntro')}</p>
}

function HomeSections({ page, content }: { page: HomePage | null; content: HomeContent }) {
  const { t } = useT()
  const editorial = sectionsOf(page, ['featured_article', 'image_gallery', 'side_by_side_images', 'rich_text_content'])
  const carousels = (page?.cmsSections ?? []).filter((s) => s.type === 'product_carousel')
  return (
    <>
      <UspBar />
      <CategoryTiles tiles={content.tiles} />
      {carousels.map((section, i) => (
        // The CMS section, drawn as the shared product carousel (marked like every CMS section).
        <div key={`${section.name}-${i}`} className="cv-auto [--cv-height:380px] lg:[--cv-height:530px]" data-section="product_carousel">
          <ProductCarousel
            title={typeof section.content.title === 'string' ? section.content.title : section.name}
            products={section.products ?? []}
            link={section.link ? { to: section.link, label: t('landing.viewAll') } : undefined}
            testId={`carousel-${i}`}
          />
        </div>
      ))}
      <ProductCarousel title={t('landing.lastChance')} products={content.lastChance} link={{ to: `/t/${LAST_CHANCE_DEALS_SLUG}`, label: t('landing.viewAll') }} testId="carousel-last-chance" className="cv-auto [--cv-height:380px] lg:[--cv-height:530px]" />
      {editorial && editorial.cmsSections.length > 0 ? (
        <div className="cv-auto [--cv-height:270px] lg:[--cv-height:260px]" data-testid="editorial">
          <CmsSections page={editorial} />
        </div>
      ) : null}
    </>
  )
}

/**
 * The landing page: the CMS page 'home' (hero, new-in and sale carousels, a featured article), the USP bar, category
 * tiles and the 'Last chance deals' carousel. None of it decides the status: the header, the frame and the hero
 * stream first, the tiles and carousels (deferred) follow in the same response.
 */
export function Component() {
  const { t, locale } = useT()
  const api = useApi()
  const { page, openingSoon, jsonLd } = useLoaderData<typeof loader>()
  if (openingSoon) {
    return (
      <div className="space-y-12">
        <HomeSeo jsonLd={jsonLd} />
        <OpeningSoon />
        <Newsletter />
      </div>
    )
  }
  return (
    <div className="space-y-12">
      {/* One child of the stack, so the hero gets no stack gap above it from the invisible heading */}
      <div>
        <HomeSeo jsonLd={jsonLd} />
        <h1 className="sr-only">{t('pages.home')}</h1>
        <Hero page={page} />
      </div>
      <Deferred id={`home:${locale}`} load={() => loadHome(api)} fallback={<HomePlaceholder />}>
        {(content) => <HomeSections page={page} content={content} />}
      </Deferred>
      <Newsletter />
    </div>
  )
}
