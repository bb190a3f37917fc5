import type { SizeGuide } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { SizeGuideView } from './size-guide-table.tsx'

export type SizeGuideContent = SizeGuide | null | 'loading' | 'failed'

/** The product's size guide in a dialog: its own chunk, loaded the first time a shopper opens the size guide. */
export function SizeGuideDialog({ open, onClose, guide }: { open: boolean; onClose: () => void; guide: SizeGuideContent }) {
  const { t } = useT()
  return (
    <Dialog open={open} onClose={onClose} title={t('product.sizeGuide')} closeLabel={t('auth.close')} testId="size-guide" size="lg">
      <div className="max-h-[70vh] overflow-y-auto">
        {guide === 'loading' ? (
          <p aria-busy="true">…</p>
        ) : guide === 'failed' || guide === null ? (
          <p>
            {t('product.noSizeGuide')}{' '}
            <LocalLink to="/SizingGuides" className="font-semibold underline">
              {t('footer.sizingGuides')}
            </LocalLink>
          </p>
        ) : (
          <SizeGuideView guide={guide} />
        )}
      </div>
    </Dialog>
  )
}
