// docs/architecture.md 'A request' lists what a request passes through, in order: a list that drifts from
// worker/index.ts misleads every newcomer (issue 43 point 7), so it is checked here.
import { describe, expect, it } from 'vitest'
import entry from '/worker/index.ts?raw'
import doc from '/docs/architecture.md?raw'

/** The name each `app.use/route/<method>/all/onError` line of the entry hands to Hono, in order (a path's repeats once). */
function stagesInEntry(source: string): string[] {
  const names: string[] = []
  for (const line of source.split('\n')) {
    const call = /^app\.(use|route|get|post|put|patch|delete|all|on|onError)\((.*)\)\s*$/.exec(line.trim())
    if (!call) continue
    const args = call[2]!.split(',').map((arg) => arg.trim())
    const handler = call[1] === 'use' || call[1] === 'onError' ? args[0]! : args[args.length - 1]!
    const name = /^([A-Za-z]\w*)/.exec(handler)?.[1]
    if (!name) throw new Error(`worker/index.ts: cannot name the handler of '${line.trim()}'`)
    if (names[names.length - 1] !== name) names.push(name)
  }
  return names
}

/** The first `code` of each numbered item of the section 'A request'. */
function stagesInDoc(markdown: string): string[] {
  const section = markdown.split(/^## A request$/m)[1]!.split(/^## /m)[0]!
  return [...section.matchAll(/^\d+\. `(\w+)`/gm)].map((item) => item[1]!)
}

describe('docs/architecture.md', () => {
  it("lists every stage of worker/index.ts in the order a request meets them", () => {
    const entryStages = stagesInEntry(entry)
    expect(entryStages.length).toBeGreaterThan(15)
    expect(stagesInDoc(doc)).toEqual(entryStages)
  })
})
