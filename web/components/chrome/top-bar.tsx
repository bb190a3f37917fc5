import { useSetAtom } from 'jotai'
import { useAtomValue } from '../../state/use-atom.ts'
import { useT } from '../../i18n/index.tsx'
import { isAuthenticatedAtom } from '../../state/session/atoms.ts'
import { PERSONAL } from '../../state/session/personal-state.ts'
import { openPanelAtom } from '../../state/ui.ts'
import { usePanelTrigger } from '../layouts/lazy-panels.tsx'

/** For logged-out visitors only (spec §2). The server renders it for everyone; the worker removes it for members. */
export function TopBar() {
  const { t } = useT()
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const openPanel = useSetAtom(openPanelAtom)
  const trigger = usePanelTrigger('login')
  if (isAuthenticated) return null
  return (
    <div className="bg-club-800 text-center text-sm text-white" data-testid="top-bar" data-personal={PERSONAL.guestOnly}>
      <button
        type="button"
        {...trigger}
        onClick={() => openPanel('login')}
        className="min-h-11 w-full px-4 py-2 font-semibold underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-white lg:min-h-9"
      >
        {t('topBar.join')}
      </button>
    </div>
  )
}
