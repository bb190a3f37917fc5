// Transfer sizes: the JavaScript a first visit loads, and the worker bundle as `wrangler deploy` would upload it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { wrangler } from './store.mjs'

export const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length

const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'))?.slice(1).find((v) => v !== undefined)

/**
 * Script URLs a page's HTML makes the browser load: <script src>, <link rel=modulepreload|preload as=script>, and the
 * list the inline bootstrap adds after the load event (`window.__clientModules=[…]`, worker/ssr/render.tsx).
 */
export function scriptUrlsOf(html, pageUrl) {
  const urls = new Set()
  const started = html.match(/window\.__clientModules=(\[[^\]]*\])/)?.[1]
  if (started) for (const href of JSON.parse(started)) urls.add(new URL(href, pageUrl).href)
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src')
    if (src) urls.add(new URL(src, pageUrl).href)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/)
    const as = (attribute(tag, 'as') ?? '').toLowerCase()
    const href = attribute(tag, 'href')
    if (href && (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script'))) urls.add(new URL(href, pageUrl).href)
  }
  return [...urls]
}

/** Inline <script> bodies (hydration data, bootstrap) in the HTML. */
export const inlineScriptsOf = (html) => [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]).filter((s) => s.trim())

/** Static imports of an ES module (`import … from "./x.js"`, `import "./x.js"`, `export … from`); not dynamic import(). */
export const staticImportsOf = (code, moduleUrl) =>
  [...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.m?js)["']/g)].map((m) => new URL(m[1], moduleUrl).href)

/**
 * Fetches the page, every script it references and (to be complete) their static imports, and sums raw and gzip
 * sizes. `extra` lists files reached only through static imports (they load, but without a preload hint).
 */
export async function firstVisitJs(pageUrl) {
  const response = await fetch(pageUrl, { headers: { 'accept-encoding': 'identity' } })
  const html = await response.text()
  const listed = scriptUrlsOf(html, pageUrl)
  const seen = new Map()
  const queue = [...listed]
  while (queue.length) {
    const url = queue.shift()
    if (seen.has(url) || new URL(url).origin !== new URL(pageUrl).origin) continue
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer())
    seen.set(url, body)
    queue.push(...staticImportsOf(body.toString('utf8'), url))
  }
  const files = [...seen].map(([url, body]) => ({ path: new URL(url).pathname, raw: body.length, gzip: gzipSize(body) })).sort((a, b) => b.gzip - a.gzip)
  const inline = Buffer.from(inlineScriptsOf(html).join('\n'))
  return {
    status: response.status,
    files,
    extra: files.filter((f) => !listed.some((u) => new URL(u).pathname === f.path)).map((f) => f.path),
    raw: files.reduce((n, f) => n + f.raw, 0),
    gzip: files.reduce((n, f) => n + f.gzip, 0),
    inlineRaw: inline.length,
    inlineGzip: inline.length ? gzipSize(inline) : 0,
    htmlRaw: Buffer.byteLength(html),
    htmlGzip: gzipSize(Buffer.from(html)),
  }
}

/** `wrangler deploy --dry-run --outdir`: raw and gzip size of the module(s) it would upload (source maps excluded). */
export function workerBundle() {
  const outdir = mkdtempSync(join(tmpdir(), 'storefront-bundle-'))
  try {
    const output = wrangler('wrangler deploy --dry-run', ['deploy', '--dry-run', '--outdir', outdir])
    const files = readdirSync(outdir, { recursive: true })
      .map(String)
      .filter((f) => /\.(m?js|cjs|wasm|bin|txt|html|sql)$/.test(f) && statSync(join(outdir, f)).isFile())
      .map((f) => {
        const body = readFileSync(join(outdir, f))
        return { path: f, raw: body.length, gzip: gzipSize(body) }
      })
    const reported = output.match(/Total Upload:\s*([^\n]+)/)?.[1]?.trim()
    return { files, raw: files.reduce((n, f) => n + f.raw, 0), gzip: files.reduce((n, f) => n + f.gzip, 0), reported }
  } finally {
    rmSync(outdir, { recursive: true, force: true })
  }
}
