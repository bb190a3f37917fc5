import { useEffect, useState } from 'react'
import { useNavigation } from 'react-router'
import { PROGRESS_BAR_DURATION_MS, PROGRESS_BAR_THROTTLE_MS } from '#kernel/config.ts'
import { useT } from '../../i18n/index.tsx'

/** Appears only when a navigation takes longer than 200 ms, so fast pages never flash it (spec §4, §9). */
export function ProgressBar() {
  const { t } = useT()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    if (!busy) {
      setVisible(false)
      return
    }
    const timer = setTimeout(() => setVisible(true), PROGRESS_BAR_THROTTLE_MS)
    return () => clearTimeout(timer)
  }, [busy])
  if (!visible) return null
  return (
    <div className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary-100" role="progressbar" aria-label={t('progress.loading')} data-testid="progress-bar">
      <div className="h-full bg-primary-600" style={{ animation: `progress ${PROGRESS_BAR_DURATION_MS}ms ease-out forwards` }} />
    </div>
  )
}
