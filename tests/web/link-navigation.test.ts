import { describe, expect, it } from 'vitest'
import { inAppDestination, type LinkClick } from '#web/boot/link-navigation.ts'

// The app's one click listener decides, for a click on a store link, whether the app opens it or the browser does
// (web/boot/link-navigation.ts). It must decide as React Router's Link did, which it replaced.
const here = { origin: 'https://shop.example' }
const plain: LinkClick = { defaultPrevented: false, button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false }
const link = (href: string, attributes: Record<string, string> = {}) => ({
  href,
  getAttribute: (name: string) => attributes[name] ?? null,
  hasAttribute: (name: string) => name in attributes,
})

describe('a click on a store link', () => {
  it('opens an address of the store in the app, with its query and fragment', () => {
    expect(inAppDestination(plain, link('https://shop.example/t/men'), here)).toBe('/t/men')
    expect(inAppDestination(plain, link('https://shop.example/de/t/men?page=2#products'), here)).toBe('/de/t/men?page=2#products')
    expect(inAppDestination(plain, link('https://shop.example/products/caf%C3%A9'), here)).toBe('/products/caf%C3%A9')
    expect(inAppDestination(plain, link('https://shop.example/t/men', { target: '_self' }), here)).toBe('/t/men')
  })

  it('leaves a new tab or window, a download and a click another handler took to the browser', () => {
    for (const key of ['metaKey', 'ctrlKey', 'shiftKey', 'altKey'] as const) {
      expect(inAppDestination({ ...plain, [key]: true }, link('https://shop.example/t/men'), here), key).toBeNull()
    }
    expect(inAppDestination({ ...plain, button: 1 }, link('https://shop.example/t/men'), here), 'middle button').toBeNull()
    expect(inAppDestination({ ...plain, defaultPrevented: true }, link('https://shop.example/t/men'), here)).toBeNull()
    expect(inAppDestination(plain, link('https://shop.example/t/men', { target: '_blank' }), here)).toBeNull()
    expect(inAppDestination(plain, link('https://shop.example/invoice.pdf', { download: '' }), here)).toBeNull()
  })

  it('leaves another site, and an address that is not one, to the browser', () => {
    expect(inAppDestination(plain, link('https://elsewhere.example/t/men'), here)).toBeNull()
    expect(inAppDestination(plain, link('http://shop.example/t/men'), here), 'another scheme is another origin').toBeNull()
    expect(inAppDestination(plain, link('mailto:hello@shop.example'), here)).toBeNull()
    expect(inAppDestination(plain, link(''), here)).toBeNull()
  })
})
