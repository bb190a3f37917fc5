import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useT } from '../../i18n/index.tsx'
import { Icon } from '../../components/icons.tsx'
import { LocalLink } from '../../components/local-link.tsx'

const noSubscription = () => () => {}

/**
 * Spec §2: the product page knows whether the visitor arrived directly (no previous route in this tab's session of
 * the app). Arrived directly, 'Back' goes to the product's category from the breadcrumb; otherwise it returns to the
 * page they came from (a filtered listing, a search), keeping its state and scroll position.
 */
export function BackLink({ fallback }: { fallback: { text: string; link: string } }) {
  const { t } = useT()
  const location = useLocation()
  const navigate = useNavigate()
  // The router gives a document's first location the key 'default'; every in-app navigation gets a new key. Read it
  // when the page mounts: choosing a colour replaces the location (a new key) without arriving from anywhere. A reload
  // keeps the history entry's key, so the server (which cannot know) renders the direct version and the browser
  // switches after hydration instead of mismatching.
  const mountKey = useRef(location.key)
  const mountedOn = useRef(location.pathname)
  const [moved, setMoved] = useState(false)
  useEffect(() => {
    if (location.pathname !== mountedOn.current) setMoved(true)
  }, [location.pathname])
  const direct = useSyncExternalStore(noSubscription, () => mountKey.current === 'default' && !moved, () => true)
  const content = (
    <>
      <Icon name="chevron-left" className="h-4 w-4" />
      {direct ? t('product.backTo', { name: fallback.text }) : t('error.back')}
    </>
  )
  return direct ? (
    <LocalLink to={fallback.link} className="inline-flex items-center gap-1 font-semibold hover:underline lg:mr-4" data-testid="back-link" data-direct="true">
      {content}
    </LocalLink>
  ) : (
    <button type="button" onClick={() => navigate(-1)} className="inline-flex items-center gap-1 font-semibold hover:underline lg:mr-4" data-testid="back-link" data-direct="false">
      {content}
    </button>
  )
}
