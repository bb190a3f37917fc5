import { describe, expect, it } from 'vitest'
import { createElement as h, Suspense, use, type ReactNode } from 'react'
import { renderToReadableStream } from '#worker/ssr/fizz.ts'
import { inlineBoundaries } from '#worker/ssr/inline-boundaries.ts'

// The page cache stores a streamed page whole: React's swaps done in the HTML (decision 0083) must give exactly what
// rendering it again with every part ready gives (worker/ssr/render.tsx `wholePage`), or the page is rendered again.

type Values = Map<string, Promise<string>>
const later = (value: string, ms: number) => new Promise<string>((done) => setTimeout(() => done(value), ms))

function Part({ values, id }: { values: Values; id: string }) {
  return h('p', { className: 'part' }, use(values.get(id)!))
}

/** A part whose own content holds a part that comes later still (as home's deferred section is one component). */
function Tiles({ values }: { values: Values }) {
  const tiles = use(values.get('tiles')!)
  return h('section', null, h('p', null, tiles), h(Suspense, { fallback: h('span', null, 'later still') }, h(Part, { values, id: 'slow' })))
}

function Broken(): ReactNode {
  throw new Error('part failed')
}

function Page({ values, fail = false, split = false }: { values: Values; fail?: boolean; split?: boolean }): ReactNode {
  const fallback = h('div', { 'aria-busy': 'true' }, 'loading ', h(Suspense, { fallback: h('i', null, '…') }, 'inner'))
  return h(
    'html',
    { lang: 'en' },
    h(
      'body',
      null,
      h('header', null, 'Shop & more'),
      h(Suspense, { fallback }, split ? h('section', null, h(Part, { values, id: 'tiles' }), h('hr')) : h(Tiles, { values })),
      h('main', null, h(Suspense, { fallback: h('b', null, 'wait') }, h(Part, { values, id: 'second' }), fail ? h(Broken) : null)),
      h('footer', null, 'end'),
    ),
  )
}

const html = async (stream: ReadableStream) => new Response(stream).text()
const options = { nonce: 'n0nce', bootstrapScriptContent: 'window.boot=1', progressiveChunkSize: Number.MAX_SAFE_INTEGER }

async function streamedAndWhole({ fail = false, split = false } = {}) {
  const streamedValues: Values = new Map([
    ['tiles', later('tiles', 5)],
    ['slow', later('slow <b>', 30)],
    ['second', later('second', 15)],
  ])
  const stream = await renderToReadableStream(h(Page, { values: streamedValues, fail, split }), { ...options, onError: () => {} })
  const streamed = await html(stream)
  const ready: Values = new Map([...streamedValues].map(([id, promise]) => [id, promise]))
  await Promise.all(ready.values())
  const again = await renderToReadableStream(h(Page, { values: ready, fail, split }), { ...options, onError: () => {} })
  await again.allReady
  return { streamed, whole: await html(again) }
}

describe('the stored copy of a streamed page', () => {
  it('is the streamed page with its swaps done, byte for byte what a render with every part ready writes', async () => {
    const { streamed, whole } = await streamedAndWhole()
    // the streamed page did have parts that came later, nested in one another
    expect(streamed).toContain('<!--$?--><template id="B:')
    expect(streamed).toContain('$RC(')
    expect(whole).not.toContain('$RC(')
    expect(inlineBoundaries(streamed)).toBe(whole)
  })

  it('is not made from the HTML where a part failed (the page is rendered again, or not stored)', async () => {
    const { streamed } = await streamedAndWhole({ fail: true })
    expect(inlineBoundaries(streamed)).toBeNull()
  })

  it("is not made from the HTML where a part came in pieces (React's $RS: the page is rendered again)", async () => {
    const { streamed } = await streamedAndWhole({ split: true })
    expect(streamed).toContain('$RS(')
    expect(inlineBoundaries(streamed)).toBeNull()
  })

  it('is not made from a page that had nothing to swap', () => {
    expect(inlineBoundaries('<!DOCTYPE html><html><body><p>done</p></body></html>')).toBeNull()
  })
})
