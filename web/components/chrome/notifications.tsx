import { useEffect } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'
import { useT } from '../../i18n/index.tsx'
import { dismissNotificationAtom, notificationsAtom, type Notification } from '../../features/notifications/atoms.ts'
import { Icon } from '../icons.tsx'

function Toast({ notification }: { notification: Notification }) {
  const { t } = useT()
  const dismiss = useSetAtom(dismissNotificationAtom)
  useEffect(() => {
    if (notification.persist) return
    const timer = setTimeout(() => dismiss(notification.id), notification.timeout)
    return () => clearTimeout(timer)
  }, [notification, dismiss])
  const tone = notification.type === 'error' ? 'bg-red-700' : notification.type === 'success' ? 'bg-green-700' : 'bg-gray-800'
  return (
    <li className={`flex items-start gap-3 rounded px-4 py-3 text-white shadow-lg ${tone}`} role={notification.type === 'error' ? 'alert' : 'status'}>
      <span className="flex-1">{notification.message}</span>
      <button type="button" onClick={() => dismiss(notification.id)} aria-label={t('notifications.dismiss')} className="rounded p-0.5 hover:bg-white/20">
        <Icon name="close" className="h-4 w-4" />
      </button>
    </li>
  )
}

/** At most three at a time (the atom keeps that rule); each leaves after its timeout unless persistent. */
export function Notifications() {
  const { t } = useT()
  const notifications = useAtomValue(notificationsAtom)
  return (
    <ol aria-label={t('notifications.region')} className="fixed bottom-20 left-1/2 z-50 w-full max-w-sm -translate-x-1/2 space-y-2 px-4 lg:bottom-6" data-testid="notifications">
      {notifications.map((notification) => (
        <Toast key={notification.id} notification={notification} />
      ))}
    </ol>
  )
}
