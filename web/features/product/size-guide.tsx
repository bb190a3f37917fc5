import { lazy, Suspense, useState } from 'react'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { browserOnly } from '../../lib/browser-only.ts'
import type { SizeGuideContent } from './size-guide-dialog.tsx'

const loadDialog = () => (import.meta.env.SSR ? browserOnly() : import('./size-guide-dialog.tsx'))
const SizeGuideDialog = lazy(() => loadDialog().then((m) => ({ default: m.SizeGuideDialog })))

/**
 * The size guide of the product's category: a link to its page (what a browser without JavaScript follows), which
 * with JavaScript opens the guide in a dialog over the product instead of leaving it. The dialog and the table are
 * not part of the product page's first JavaScript: they load when the shopper points at the link (or focuses it) and
 * show when it is opened.
 */
export function SizeGuide({ product }: { product: string }) {
  const { t } = useT()
  const api = useApi()
  const [open, setOpen] = useState(false)
  const [guide, setGuide] = useState<SizeGuideContent>('loading')
  const show = () => {
    setOpen(true)
    if (guide === 'loading' || guide === 'failed') {
      setGuide('loading')
      api.getSizeGuide(product).then(setGuide, () => setGuide('failed'))
    }
  }
  return (
    <>
      <LocalLink
        to={`/products/${product}/size-guide`}
        onClick={(event) => {
          event.preventDefault()
          show()
        }}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className="text-sm font-semibold underline underline-offset-2 hover:text-primary-700"
        data-testid="size-guide-link"
      >
        {t('product.sizeGuide')}
      </LocalLink>
      {open || guide !== 'loading' ? (
        <Suspense fallback={null}>
          <SizeGuideDialog open={open} onClose={() => setOpen(false)} guide={guide} />
        </Suspense>
      ) : null}
    </>
  )
}
