/**
 * 'New product' with JavaScript (worker/admin/pages/product-new-page.tsx): the variant grid follows the options as
 * they are ticked or typed, drawn by the server exactly as 'Generate variants' draws it without a script (the form is
 * posted with intent=generate and the grid of the answer put in place; what was typed in the grid is kept, as the
 * server keeps it). A column's 'Set all' fills that column here; the SKU prefix goes to the server, which makes each
 * SKU from it. Saving is the form's own submit.
 */

/** The latest redraw asked for: an earlier answer arriving after a later one is dropped. */
let latest = 0

async function redraw(form: HTMLFormElement, grid: HTMLElement) {
  const asked = ++latest
  const data = new FormData(form)
  data.set('intent', 'generate')
  // a redraw while the operator is still ticking: an unfinished choice (a colour ticked, no value yet) is drawn with
  // its hint, not refused (the browser would log a 422 as an error every time the debounce fires mid-choice)
  data.set('redraw', '1')
  grid.setAttribute('aria-busy', 'true')
  try {
    const res = await fetch(form.action, { method: 'POST', body: new URLSearchParams(data as unknown as Record<string, string>), credentials: 'same-origin' })
    const html = await res.text()
    if (asked !== latest) return
    const page = new DOMParser().parseFromString(html, 'text/html')
    const next = page.querySelector<HTMLElement>('[data-variant-grid]')
    if (next) grid.innerHTML = next.innerHTML
  } finally {
    if (asked === latest) grid.removeAttribute('aria-busy')
  }
}

export function enhanceProductForm(form: HTMLFormElement) {
  const grid = form.querySelector<HTMLElement>('[data-variant-grid]')
  const options = form.querySelector<HTMLElement>('[data-options]')
  if (!grid || !options) return
  let timer: ReturnType<typeof setTimeout> | undefined
  options.addEventListener('change', () => {
    clearTimeout(timer)
    timer = setTimeout(() => void redraw(form, grid), 250)
  })
  form.querySelector('[data-generate]')?.addEventListener('click', (event) => {
    event.preventDefault()
    void redraw(form, grid)
  })
  grid.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-bulk]')
    const column = button?.dataset.bulk
    if (!column || column === 'sku') return
    event.preventDefault()
    const value = form.querySelector<HTMLInputElement>(`#bulk_${column}`)?.value ?? ''
    for (const input of grid.querySelectorAll<HTMLInputElement>(`input[data-column="${column}"]`)) input.value = value
  })
}
