import { useT } from '../../i18n/index.tsx'
import { cx, focusRing } from '../ui/cx.ts'

/**
 * The page's first focusable element: hidden until a keyboard reaches it, then shown over the top bar; it jumps past
 * the header and the category menu (some 50 links on a desktop) to the page's `<main id="main">`. A plain link: it
 * works before the client has started and without JavaScript.
 */
export function SkipLink() {
  const { t } = useT()
  return (
    <a href="#main" className={cx('sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-neutral-900 focus:shadow-lg', focusRing)} data-testid="skip-link">
      {t('nav.skipToContent')}
    </a>
  )
}
