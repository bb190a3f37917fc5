import { afterEach, describe, expect, it, vi } from 'vitest'
import { installPrefetcher, prefetch } from '#web/state/session/prefetch.ts'
import { keepGets } from '#web/api/browser/prefetched.ts'
import { apiRequest } from '#web/api/browser/request.ts'
import { dictionaryOf, loadDictionary } from '#web/i18n/dictionaries.client.ts'

const connection = (value: { saveData?: boolean; effectiveType?: string }) => vi.stubGlobal('navigator', { connection: value })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('prefetch of likely next pages', () => {
  it('runs on a normal connection, once per page within its time, and never with save-data or on slow-2g', () => {
    const asked: string[] = []
    installPrefetcher((href, withData) => asked.push(`${href} ${withData ? 'data' : 'code'}`))
    connection({ effectiveType: '4g' })
    prefetch('/p/1/a', true)
    prefetch('/p/1/a', true)
    prefetch('/p/1/a', false)
    connection({ effectiveType: '4g', saveData: true })
    prefetch('/p/2/b', true)
    connection({ effectiveType: 'slow-2g' })
    prefetch('/p/3/c', true)
    expect(asked).toEqual(['/p/1/a data', '/p/1/a code'])
  })

  it('hands a prefetched GET to the navigation that asks for it, once', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify({ id: 7 }), { headers: { 'content-type': 'application/json' } }))
    keepGets(() => void apiRequest('GET', '/api/products/by-id/7'))
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(await apiRequest('GET', '/api/products/by-id/7')).toEqual({ id: 7 })
    expect(fetch).toHaveBeenCalledTimes(1)
    await apiRequest('GET', '/api/products/by-id/7')
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('asks again when the prefetch failed, so the shopper sees the real answer', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(new Response('{"id":8}'))
    keepGets(() => void apiRequest('GET', '/api/products/by-id/8').catch(() => {}))
    expect(await apiRequest('GET', '/api/products/by-id/8')).toEqual({ id: 8 })
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})

describe('dictionaries in the browser', () => {
  it('loads a language only when asked, so a German page does not carry English', async () => {
    expect(dictionaryOf('de')).toBeUndefined()
    await loadDictionary('de')
    expect(dictionaryOf('de')?.header.login).toBe('Anmelden')
    expect(dictionaryOf('en')).toBeUndefined()
  })

  it('a catalogue page loads the browse texts; checkout texts arrive later into the same object a translator holds', async () => {
    await loadDictionary('de')
    const texts = dictionaryOf('de')!
    expect(texts.header.login).toBe('Anmelden')
    expect(texts.checkout).toBeUndefined()
    await loadDictionary('de', 'all')
    expect(dictionaryOf('de')).toBe(texts)
    expect(texts.checkout.title).toBe('Kasse')
  })
})
