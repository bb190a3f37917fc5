import { useSetAtom } from 'jotai'
import { useT } from '../../i18n/index.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { newsletterModalOpenAtom } from '../../state/ui.ts'
import { NewsletterForm } from './newsletter-form.tsx'
import { rememberPromptAnswer } from './prompt-memory.ts'

/** The prompt itself: the subscribe form and a way out; either answer is remembered so it never comes back. */
export default function NewsletterModal() {
  const { t } = useT()
  const setOpen = useSetAtom(newsletterModalOpenAtom)
  const dismiss = () => {
    rememberPromptAnswer('dismissed')
    setOpen(false)
  }
  return (
    <Dialog open onClose={dismiss} title={t('landing.newsletterModalTitle')} closeLabel={t('auth.close')} testId="newsletter-modal">
      <p className="text-neutral-700">{t('landing.newsletterModalText')}</p>
      <NewsletterForm idPrefix="newsletter-modal" compact onSubscribed={() => setOpen(false)} />
      <button type="button" onClick={dismiss} className="mt-4 text-sm font-semibold underline underline-offset-2" data-testid="newsletter-dismiss">
        {t('landing.noThanks')}
      </button>
    </Dialog>
  )
}
