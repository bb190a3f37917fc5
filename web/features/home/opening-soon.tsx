import { useT } from '../../i18n/index.tsx'

/**
 * The home page of a store with no product on sale yet (issue 40 point 2): a tidy 'opening soon' instead of empty
 * carousels, with the newsletter form below it (the home page's own) so a visitor can ask to hear when it opens.
 */
export function OpeningSoon() {
  const { t } = useT()
  return (
    <section className="mx-auto max-w-2xl py-12 text-center sm:py-20" data-testid="opening-soon">
      <h1 className="text-3xl font-bold sm:text-4xl">{t('landing.openingSoon')}</h1>
      <p className="mt-4 text-lg text-neutral-700">{t('landing.openingSoonText')}</p>
    </section>
  )
}
