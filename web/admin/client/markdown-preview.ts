import { markdownToHtml } from '#kernel/markdown.ts'

/**
 * The live preview of a Markdown field in the CMS editor: the same converter the worker uses on save
 * (kernel/markdown.ts), drawn as the operator types. It is shown in a sandboxed frame (no scripts, no forms, its own
 * opaque origin), so HTML kept from before Markdown, which only the worker's sanitiser cleans, cannot run here either.
 */
const STYLE = '<style>body{margin:0;padding:8px 12px;font:15px/1.5 system-ui,sans-serif;color:#171717}h1,h2,h3{line-height:1.25}a{color:#9a3412}</style>'

export function enhanceMarkdownField(field: HTMLElement) {
  const textarea = field.querySelector('textarea')
  if (!textarea) return
  const label = document.createElement('p')
  label.className = 'mt-2 text-sm font-semibold'
  label.textContent = `Preview${field.dataset.language ? ` (${field.dataset.language})` : ''}`
  const frame = document.createElement('iframe')
  frame.setAttribute('sandbox', '')
  frame.title = label.textContent
  frame.className = 'mt-1 h-48 w-full rounded border border-neutral-300 bg-white'
  field.appendChild(label)
  field.appendChild(frame)
  let queued = 0
  const draw = () => {
    queued = 0
    frame.srcdoc = `<!doctype html><html lang="${field.dataset.language === 'German' ? 'de' : 'en'}"><meta charset="utf-8">${STYLE}<body>${markdownToHtml(textarea.value)}</body></html>`
  }
  textarea.addEventListener('input', () => {
    if (!queued) queued = requestAnimationFrame(draw)
  })
  draw()
}
