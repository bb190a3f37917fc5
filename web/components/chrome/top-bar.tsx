import { useAtomValue } from '../../state/use-atom.ts'
import { useT } from '../../i18n/index.tsx'
import { isAuthenticatedAtom } from '../../state/session/atoms.ts'
import { PERSONAL } from '../../state/session/personal-state.ts'
import { usePanelLink } from '../layouts/lazy-panels.tsx'
import { LocalLink } from '../local-link.tsx'

/** For logged-out visitors only (spec §2). The server renders it for everyone; the worker removes it for members. */
export function TopBar() {
  const { t } = useT()
  const isAuthenticated = useAtomValue(isAuthenticatedAtom)
  const opensLogin = usePanelLink('login')
  if (isAuthenticated) return null
  return (
    <div className="bg-club-800 text-center text-sm text-white" data-testid="top-bar" data-personal={PERSONAL.guestOnly}>
      {/* the login page (log in or join, without JavaScript); with JavaScript the login modal */}
      <LocalLink
        to="/Login"
        {...opensLogin}
        className="top-bar-link"
      >
        {t('topBar.join')}
      </LocalLink>
    </div>
  )
}
