/**
 * The Markdown an operator writes for CMS rich text (decision 0038): a small subset, written here so that the same
 * code renders the console's live preview in the browser and the stored HTML in the worker, with no parser package.
 *
 * Blocks (separated by a blank line): `#`…`######` headings, `-`/`*`/`+` and `1.` lists, `>` quotes, `---` rules,
 * paragraphs (a single line break inside one is kept as a line break). Inline: `**bold**`, `*italic*` / `_italic_`,
 * `` `code` ``, `[words](link)` where the link is a store path, an http(s) address, mailto: or tel: (anything else
 * leaves the words without a link). Every character the operator types is escaped, so the subset itself makes no
 * markup but its own. A block that starts with an HTML tag is kept as HTML (pages written before Markdown, or by a
 * remote Spree's admin): the caller passes the result through the HTML sanitiser, which is the guard for that part.
 */

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** A link target the subset writes as href: a site path (not //host), http(s), mailto: or tel:, without spaces or backslashes. */
export function markdownLink(url: string): string | null {
  const u = url.trim()
  if (!u || /[\s\u0000-\u001f\u007f\\]/.test(u)) return null
  if (u.startsWith('/')) return u[1] === '/' ? null : u
  if (u.startsWith('#')) return u
  return /^(https?:\/\/[^/?#]+|mailto:[^/?#]|tel:\+?[\d-])/i.test(u) ? u : null
}

/** Inline marks of one block's text (already split from its block marker). */
function inline(text: string): string {
  const codes: string[] = []
  // code spans first: nothing inside them is a mark
  let out = escape(text).replace(/`([^`\n]+)`/g, (_, code: string) => `\u0000${codes.push(`<code>${code}</code>`) - 1}\u0000`)
  // a link's address may hold one level of brackets ('…/Tent_(2-person)'), as CommonMark allows
  out = out.replace(/\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g, (_, words: string, href: string) => {
    // the URL was escaped with the rest: judge it as typed
    const raw = href.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>')
    const safe = markdownLink(raw)
    if (!safe) return words
    const external = /^https?:/i.test(safe)
    return `<a href="${escape(safe)}"${external ? ' target="_blank" rel="noopener noreferrer"' : ''}>${words}</a>`
  })
  out = out
    .replace(/\*\*(?=\S)([^*\n]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/__(?=\S)([^_\n]*?\S)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*(?=\S)([^*\n]*?\S)\*(?!\w)/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_(?=\S)([^_\n]*?\S)_(?!\w)/g, '$1<em>$2</em>')
    .replace(/\n/g, '<br>\n')
  return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => codes[Number(i)]!)
}

const LIST_ITEM = /^\s{0,3}(?:([-*+])|(\d{1,9})[.)])\s+/

function block(lines: string[]): string {
  const first = lines[0]!
  if (/^\s{0,3}<[A-Za-z!/]/.test(first)) return lines.join('\n')
  const heading = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(first)
  if (heading && lines.length === 1) return `<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`
  if (lines.length === 1 && /^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(first)) return '<hr>'
  if (lines.every((l) => /^\s{0,3}>/.test(l))) return `<blockquote>${blocks(lines.map((l) => l.replace(/^\s{0,3}>\s?/, '')).join('\n'))}</blockquote>`
  const marker = LIST_ITEM.exec(first)
  if (marker) {
    const ordered = marker[2] !== undefined
    const items: string[][] = []
    for (const line of lines) {
      const m = LIST_ITEM.exec(line)
      if (m && (m[2] !== undefined) === ordered) items.push([line.slice(m[0].length)])
      else items.at(-1)!.push(line.trim())
    }
    const tag = ordered ? 'ol' : 'ul'
    const start = ordered && marker[2] !== '1' ? ` start="${Number(marker[2])}"` : ''
    return `<${tag}${start}>${items.map((item) => `<li>${inline(item.join('\n'))}</li>`).join('')}</${tag}>`
  }
  return `<p>${inline(lines.map((l) => l.trim()).join('\n'))}</p>`
}

function blocks(source: string): string {
  const out: string[] = []
  let current: string[] = []
  const flush = () => {
    if (current.length) out.push(block(current))
    current = []
  }
  for (const line of source.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '') flush()
    // a heading or a rule ends the block above it, as a person reading the text would expect
    else if (/^\s{0,3}(#{1,6}\s|([-*_])(\s*\2){2,}\s*$)/.test(line) && !(current.length && /^\s{0,3}<[A-Za-z!/]/.test(current[0]!))) {
      flush()
      current.push(line)
      flush()
    } else current.push(line)
  }
  flush()
  return out.join('\n')
}

/** HTML for the Markdown text (see the subset above). Blocks that start with an HTML tag are passed on as written. */
export function markdownToHtml(source: string): string {
  return blocks(source ?? '')
}
