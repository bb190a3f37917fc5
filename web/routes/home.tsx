import { useApi } from '../api/use-api.ts'
import { useT } from '../i18n/index.tsx'
import { HomeSeo } from '../features/seo/page-seo.tsx'
import { CmsSections } from '../components/cms-sections.tsx'
import { Deferred } from '../components/deferred.tsx'
import { NewsletterForm } from '../features/newsletter/newsletter-form.tsx'

function HomePlaceholder() {
  return (
    <div className="space-y-10" data-testid="home-placeholder" aria-busy="true">
      <div className="h-72 animate-pulse rounded-lg bg-gray-200 lg:h-96" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="aspect-[3/4] animate-pulse rounded bg-gray-200" />
        ))}
      </div>
    </div>
  )
}

/**
 * The home page is the CMS page 'home' (hero, new-in and sale carousels, a featured article). None of it decides the
 * status, so it is deferred: the header and this page's frame stream first, the sections follow in the same response.
 */
export function Component() {
  const { t, locale } = useT()
  const api = useApi()
  return (
    <div className="space-y-12">
      <HomeSeo />
      <h1 className="sr-only">{t('pages.home')}</h1>
      <Deferred
        id={`home:${locale}`}
        load={() => api.getCMSPage('home').catch(() => null)}
        fallback={<HomePlaceholder />}
      >
        {(page) => (page ? <CmsSections page={page} /> : <p className="py-10 text-lg text-gray-700">{t('pages.homeIntro')}</p>)}
      </Deferred>
      <NewsletterForm />
    </div>
  )
}
