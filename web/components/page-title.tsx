import { useT } from '../i18n/index.tsx'

/** The document title of a screen; React hoists it into <head>. */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useT()
  return <title>{title ? `${title} | Storefront` : t('meta.title')}</title>
}
