import { atom } from 'jotai'
import { NOTIFICATIONS_MAX } from '#kernel/config.ts'

export interface Notification {
  id: number
  message: string
  type: 'success' | 'error' | 'info'
  /** Persistent notifications stay until dismissed. */
  persist?: boolean
  /** How long it shows, in ms (spec §9: 3000 for notifications, 5000 for cart toasts). */
  timeout: number
}

export const notificationsAtom = atom<Notification[]>([])

let nextId = 1

/** Adds a notification; a fourth drops the oldest (spec §4: at most 3 kept). Returns its id. */
export const notifyAtom = atom(null, (get, set, input: Omit<Notification, 'id' | 'timeout' | 'type'> & Partial<Pick<Notification, 'timeout' | 'type'>>) => {
  const notification: Notification = { type: 'info', timeout: 3000, ...input, id: nextId++ }
  set(notificationsAtom, [...get(notificationsAtom), notification].slice(-NOTIFICATIONS_MAX))
  return notification.id
})

export const dismissNotificationAtom = atom(null, (get, set, id: number) => {
  set(
    notificationsAtom,
    get(notificationsAtom).filter((n) => n.id !== id),
  )
})
