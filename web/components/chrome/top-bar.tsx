import { useAtomValue, useSetAtom } from 'jotai'
import { useT } from '../../i18n/index.tsx'
import { isAuthenticatedAtom } from '../../features/session/atoms.ts'
import { openPanelAtom } from '../../features/ui/atoms.ts'

/** For logged-out visitors only (spec §2). The server renders it for everyone; it hides once a member is known. */
export function TopBar() {
  const { t } = useT()
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const openPanel = useSetAtom(openPanelAtom)
  if (isAuthenticated) return null
  return (
    <div className="bg-gray-900 text-center text-sm text-white" data-testid="top-bar">
      <button type="button" onClick={() => openPanel('login')} className="w-full px-4 py-2 hover:underline">
        {t('topBar.join')}
      </button>
    </div>
  )
}
