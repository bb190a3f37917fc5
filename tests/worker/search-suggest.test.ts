// The overlay's query completions (worker/backend/catalogue/search-suggest.ts, issue 39 point 7): a typo is corrected
// with search's tolerance, a started word completed, only to queries that find a product's name in that language;
// any text answers 200 (the same property as search-any-text.test.ts for the products endpoint), cacheable by anyone.
import { SELF } from 'cloudflare:test'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { MAX_ADDRESS_LENGTH } from '#worker/middleware/safe-path.ts'
import { ORIGIN } from './helpers.ts'

beforeAll(async () => {
  await seedCatalogue()
})

const suggest = (text: string, locale = 'en') => SELF.fetch(`${ORIGIN}/api/v2/storefront/search_suggestions?filter[name]=${encodeURIComponent(text)}&locale=${locale}`)
const queries = async (text: string, locale = 'en') => {
  const response = await suggest(text, locale)
  expect(response.status, text).toBe(200)
  return ((await response.json()) as { data: Array<{ attributes: { query: string } }> }).data.map((d) => d.attributes.query)
}

const pieces = fc.oneof(
  fc.constantFrom('neue', 'blaue', 'Rucksack', 'Rucksak', 'jakcet', 'blue', 'shoe', 'Jacke', 'AND', 'OR', 'NOT', 'NEAR', 'Müller', 'ß', 'rot'),
  fc.constantFrom('"', "'", '*', '(', ')', '-', '+', ':', '^', '{', '}', '[', ']', '&', '%', '#', '?', '/', '\\', ',', '.', ';', '~', '`'),
  fc.constantFrom('🧥', '👟🏽', '🇦🇺', '日本語', 'Ελληνικά', 'русский', 'العربية', 'e\u0301', '\u00a0', '\t'),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ maxLength: 12 }),
)
const typed = fc.array(pieces, { maxLength: 12 }).chain((parts) => fc.constantFrom(parts.join(' '), parts.join('')))
const fits = (text: string) => `/api/v2/storefront/search_suggestions?filter[name]=${encodeURIComponent(text)}&locale=de`.length < MAX_ADDRESS_LENGTH - 100

describe('search suggestions', () => {
  it('corrects a typo to what the catalogue names, in each language', async () => {
    expect(await queries('jakcet')).toContain('jacket')
    expect(await queries('Rucksak', 'de')).toContain('rucksack')
    expect(await queries('sleping ba')).toContain('sleeping bag')
  })

  it('completes a started word only with words product names hold in that language', async () => {
    const en = await queries('jac')
    expect(en).toContain('jacket')
    // 'jacke' is German; 'jackets' is in categories and descriptions, not in names
    expect(en).not.toContain('jacke')
    expect(en).not.toContain('jackets')
    expect(await queries('jac', 'de')).toContain('jacke')
  })

  it('offers nothing for what the shop does not sell, or an empty text', async () => {
    expect(await queries('kayak')).toEqual([])
    expect(await queries('   ')).toEqual([])
  })

  it('is cacheable by anyone: the answer is the same for every visitor', async () => {
    const response = await suggest('jakcet')
    await response.text()
    expect(response.headers.get('cache-control')).toBe('public, max-age=60')
  })

  it('a bad locale is a 400 with a sentence, not a 500', async () => {
    const response = await suggest('jacket', 'fr')
    expect(response.status).toBe(400)
    expect(await response.text()).toMatch(/locale must be en or de/)
  })

  it('random text (any script, operators, emoji) answers 200 in both languages', async () => {
    await fc.assert(
      fc.asyncProperty(typed.filter(fits), fc.constantFrom('en', 'de'), async (text, locale) => {
        const response = await suggest(text, locale)
        const body = await response.text()
        expect(response.status, `${JSON.stringify(text)}: ${body.slice(0, 200)}`).toBe(200)
      }),
      { numRuns: 150 },
    )
  })
})
