import { useEffect } from 'react'
import { useSetAtom } from 'jotai'
import { useAtomValue } from '../../state/use-atom.ts'
import { useT } from '../../i18n/index.tsx'
import { dismissNotificationAtom, notificationsAtom, type Notification } from '../../state/notifications.ts'
import { Toast } from '../ui/toast.tsx'

function TimedToast({ notification }: { notification: Notification }) {
  const { t } = useT()
  const dismiss = useSetAtom(dismissNotificationAtom)
  useEffect(() => {
    if (notification.persist) return
    const timer = setTimeout(() => dismiss(notification.id), notification.timeout)
    return () => clearTimeout(timer)
  }, [notification, dismiss])
  const tone = notification.type === 'error' ? 'error' : notification.type === 'success' ? 'success' : 'info'
  return (
    <Toast tone={tone} onDismiss={() => dismiss(notification.id)} dismissLabel={t('notifications.dismiss')}>
      {notification.message}
    </Toast>
  )
}

/**
 * At most three at a time (the atom keeps that rule); each leaves after its timeout unless persistent. The list sits
 * in its own labelled region (a landmark), so screen-reader users can find it and no content lies outside landmarks.
 */
export function Notifications() {
  const { t } = useT()
  const notifications = useAtomValue(notificationsAtom)
  return (
    <section aria-label={t('notifications.region')} className="pointer-events-none fixed left-1/2 top-2 z-50 w-full max-w-sm -translate-x-1/2 px-4 lg:bottom-6 lg:top-auto">
      <ol className="pointer-events-auto space-y-2" data-testid="notifications">
        {notifications.map((notification) => (
          <TimedToast key={notification.id} notification={notification} />
        ))}
      </ol>
    </section>
  )
}
