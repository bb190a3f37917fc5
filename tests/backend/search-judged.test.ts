// Issue 39: the judged search queries (tests/fixtures/search-judgements.mjs, relevance decided from the sample
// catalogue's data) asked the way every client asks, against the whole sample catalogue. bench/search-bench.mjs
// prints the same figures over HTTP; this holds their floor.
import { describe, expect, it, beforeAll } from 'vitest'
import { judge, score } from '#tests/fixtures/search-judgements.mjs'
import { api, seedCatalogue, seedRows } from './catalogue-helpers.ts'

beforeAll(async () => {
  await seedCatalogue()
})

async function run() {
  const judged = judge(seedRows())
  const answers: number[][] = []
  for (const j of judged) {
    const res = await api(`/products?filter[name]=${encodeURIComponent(j.q)}&locale=${j.locale}&per_page=40&facets=false`)
    expect(res.status, j.q).toBe(200)
    answers.push(res.body.data.map((p: { id: string }) => Number(p.id)))
  }
  return score(judged, answers)
}

describe('judged search queries (en and de)', () => {
  it('find what shoppers mean: few empty answers, precise first results, most relevant products in the first 40, nothing for what the shop does not sell', async () => {
    const s = await run()
    const weak = s.perQuery.filter((q) => q.precision < 0.5 || q.recall < 0.5).map((q) => `${q.q} (${q.locale}) P=${q.precision.toFixed(2)} R=${q.recall.toFixed(2)}`)
    expect(s.queries).toBeGreaterThanOrEqual(150)
    expect(s.notSold.filter((n) => n.results > 0), 'not-sold queries answering products').toEqual([])
    expect(s.zeroResultRate, `zero-result rate; weak: ${weak.join(', ')}`).toBeLessThanOrEqual(0.03)
    expect(s.precisionAt10, `precision@10; weak: ${weak.join(', ')}`).toBeGreaterThanOrEqual(0.9)
    expect(s.recallAt40, `recall@40; weak: ${weak.join(', ')}`).toBeGreaterThanOrEqual(0.9)
  })
})
