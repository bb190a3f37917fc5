/** Which CMS page each static route of spec §2 shows (documented in docs/routes.md). */
export const STATIC_PAGE_SLUGS: Record<string, string> = {
  AboutUs: 'about-us',
  ContactUs: 'contact-us',
  FAQs: 'faqs',
  GiftCards: 'gift-cards',
  GreatVicBikeRide2023: 'great-vic-bike-ride-2023',
  GuideJamboree2023: 'guide-jamboree-2023',
  PrivacyPolicy: 'privacy-policy',
  ProductReturns: 'product-returns',
  SizingGuides: 'sizing-guides',
  TermsAndConditions: 'terms-and-conditions',
}

/** The one path search engines know a CMS page by: its static route (`/AboutUs`) if it has one, else `/{slug}`. */
export function cmsPagePath(slug: string): string {
  const name = Object.keys(STATIC_PAGE_SLUGS).find((key) => STATIC_PAGE_SLUGS[key] === slug)
  return `/${name ?? slug}`
}
