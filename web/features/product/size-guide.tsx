import { useState } from 'react'
import type { CmsPage } from '../../api/models.ts'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { CmsSections } from '../../components/cms-sections.tsx'
import { LocalLink } from '../../components/local-link.tsx'

/**
 * The size guide: a link to the sizing-guides page (what a browser without JavaScript follows), which with
 * JavaScript opens that CMS page's content in a dialog over the product instead of leaving it.
 */
export function SizeGuide() {
  const { t } = useT()
  const api = useApi()
  const [open, setOpen] = useState(false)
  const [page, setPage] = useState<CmsPage | null | 'loading' | 'failed'>('loading')
  const show = () => {
    setOpen(true)
    if (page === 'loading' || page === 'failed') {
      setPage('loading')
      api.getCMSPage('sizing-guides').then(setPage, () => setPage('failed'))
    }
  }
  return (
    <>
      <LocalLink
        to="/SizingGuides"
        onClick={(event) => {
          event.preventDefault()
          show()
        }}
        className="text-sm font-semibold underline underline-offset-2 hover:text-primary-700"
        data-testid="size-guide-link"
      >
        {t('product.sizeGuide')}
      </LocalLink>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('product.sizeGuide')} closeLabel={t('auth.close')} testId="size-guide">
        <div className="max-h-[70vh] overflow-y-auto">
          {page === 'loading' ? <p aria-busy="true">…</p> : page === 'failed' || page === null ? <p>{t('pages.contentEmpty')}</p> : <CmsSections page={page} />}
        </div>
      </Dialog>
    </>
  )
}
