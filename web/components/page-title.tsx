import { SeoHead, type SeoProps } from '../features/seo/seo-head.tsx'

/**
 * The head of a screen: its title (React hoists it into <head>), description, canonical URL, hreflang and sharing
 * tags. Screens with more to say (products, categories, CMS pages) pass it; see web/features/seo/.
 */
export function PageTitle(props: SeoProps) {
  return <SeoHead {...props} />
}
