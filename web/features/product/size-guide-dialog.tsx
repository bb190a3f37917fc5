import type { CmsPage } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { CmsSections } from '../../components/cms-sections.tsx'

export type SizeGuideContent = CmsPage | null | 'loading' | 'failed'

/** The sizing-guides CMS page in a dialog: its own chunk, loaded the first time a shopper opens the size guide. */
export function SizeGuideDialog({ open, onClose, page }: { open: boolean; onClose: () => void; page: SizeGuideContent }) {
  const { t } = useT()
  return (
    <Dialog open={open} onClose={onClose} title={t('product.sizeGuide')} closeLabel={t('auth.close')} testId="size-guide">
      <div className="max-h-[70vh] overflow-y-auto">
        {page === 'loading' ? <p aria-busy="true">…</p> : page === 'failed' || page === null ? <p>{t('pages.contentEmpty')}</p> : <CmsSections page={page} />}
      </div>
    </Dialog>
  )
}
