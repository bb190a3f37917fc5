// Plain-text tables for the benchmark report.
export const ms = (n) => (Number.isFinite(n) ? `${n.toFixed(n < 10 ? 2 : 1)} ms` : '–')
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`
export const num = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–')

/** Renders rows (arrays of strings) under a header, columns padded; numbers-looking cells right-aligned. */
export function table(header, rows) {
  const all = [header, ...rows].map((row) => row.map((cell) => String(cell ?? '')))
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i]?.length ?? 0)))
  const numeric = (cell) => /^[\d.,]+( (ms|KiB|s))?$|^–$/.test(cell)
  const line = (row) => row.map((cell, i) => (numeric(cell) && all.indexOf(row) > 0 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ').trimEnd()
  return [line(all[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n')
}
