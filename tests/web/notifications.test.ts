import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import { dismissNotificationAtom, notificationsAtom, notifyAtom } from '#web/state/notifications.ts'
import { shouldReloadForChunkError } from '#web/state/session/chunk-reload.ts'

describe('notifications (spec §4, §9)', () => {
  it('keep at most three, dropping the oldest', () => {
    const store = createStore()
    for (const message of ['one', 'two', 'three', 'four']) store.set(notifyAtom, { message })
    expect(store.get(notificationsAtom).map((n) => n.message)).toEqual(['two', 'three', 'four'])
  })

  it('last 3000 ms unless told otherwise, and can be persistent', () => {
    const store = createStore()
    store.set(notifyAtom, { message: 'saved' })
    store.set(notifyAtom, { message: 'stays', persist: true })
    const [saved, stays] = store.get(notificationsAtom)
    expect(saved!.timeout).toBe(3000)
    expect(stays!.persist).toBe(true)
  })

  it('can be dismissed one by one', () => {
    const store = createStore()
    const id = store.set(notifyAtom, { message: 'a' })
    store.set(notifyAtom, { message: 'b' })
    store.set(dismissNotificationAtom, id)
    expect(store.get(notificationsAtom).map((n) => n.message)).toEqual(['b'])
  })
})

describe('chunk reload guard', () => {
  it('reloads on the first failed chunk, then not again within 60 s', () => {
    expect(shouldReloadForChunkError(1_000_000, null)).toBe(true)
    expect(shouldReloadForChunkError(1_000_000 + 59_000, 1_000_000)).toBe(false)
    expect(shouldReloadForChunkError(1_000_000 + 61_000, 1_000_000)).toBe(true)
  })
})
