/**
 * The whole page from its streamed HTML, without rendering it again (decision 0083). React streams a Suspense
 * boundary that was not ready when the shell went out as its fallback behind a marker, `<!--$?--><template
 * id="B:n"></template>…<!--/$-->`, and later, after the shell, its content in `<div hidden id="S:m">…</div>` with a
 * script `$RC("B:n","S:m")` that swaps it in. A render where every boundary is ready writes the content in place
 * instead, `<!--$-->…<!--/$-->`, with no hidden copy and no script (nor the shell's `$RT` paint timer for the swaps):
 * that is what the shared page cache stores. So the
 * stored copy is the streamed page with each swap done here, which is what rendering it again gave, byte for byte
 * (tests/worker/inline-boundaries.test.ts; the bench's stored-copy comparison). Anything but that plain form (a boundary that failed, one
 * completed in parts, one waiting for a stylesheet, one in an SVG or a table) answers null: the page is then rendered
 * again as before (`wholePage`).
 */
export function inlineBoundaries(html: string): string | null {
  const tailStart = html.indexOf('<div hidden id="S:')
  // a part that failed (`<!--$!-->`, in the shell or later) is never stored: the render path decides (`wholePage`)
  if (tailStart < 0 || html.includes('<!--$!-->')) return null
  const end = '</body></html>'
  if (!html.endsWith(end)) return null
  const tail = html.slice(tailStart, html.length - end.length)
  // segments completed in parts, stylesheet-blocked or client-rendered boundaries: other instructions than $RC
  if (/\$R[SRX]\(|<template data-/.test(tail)) return null
  const swaps: Array<{ boundary: string; content: string }> = []
  for (let at = 0; at < tail.length; ) {
    const open = /^<div hidden id="S:(\d+)">/.exec(tail.slice(at, at + 40))
    if (!open) return null
    const call = `","S:${open[1]}")</script>`
    const callAt = tail.indexOf(call, at)
    if (callAt < 0) return null
    const scriptAt = tail.lastIndexOf('<script', callAt)
    const boundary = /\$RC\("B:(\d+)$/.exec(tail.slice(scriptAt, callAt))
    if (scriptAt < at || !boundary || tail.slice(scriptAt - 6, scriptAt) !== '</div>') return null
    swaps.push({ boundary: boundary[1]!, content: tail.slice(at + open[0].length, scriptAt - 6) })
    at = callAt + call.length
  }
  // the shell of a page with parts to come also notes when it painted, for the swaps' timing: a whole render has not
  const timer = /<script(?: nonce="[^"]*")?>requestAnimationFrame\(function\(\)\{\$RT=performance\.now\(\)\}\);<\/script>/.exec(html.slice(0, tailStart))
  if (!timer) return null
  let page = html.slice(0, timer.index) + html.slice(timer.index + timer[0].length, tailStart)
  for (const { boundary, content } of swaps) {
    const marker = `<!--$?--><template id="B:${boundary}"></template>`
    const start = page.indexOf(marker)
    if (start < 0) return null
    // the fallback ends at the marker closing this boundary (fallbacks may hold boundaries of their own)
    const markers = /<!--(\/?)\$[?!~]?-->/g
    markers.lastIndex = start + marker.length
    let depth = 1
    let close = -1
    for (let m = markers.exec(page); m; m = markers.exec(page)) {
      depth += m[1] ? -1 : 1
      if (depth === 0) {
        close = m.index
        break
      }
    }
    if (close < 0) return null
    page = `${page.slice(0, start)}<!--$-->${content}${page.slice(close)}`
  }
  return page + end
}
