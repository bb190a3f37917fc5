/**
 * Flat `key=value` pairs nested as Rails nests them: `order[email]` → `{order: {email}}`, `ids[]` → an array,
 * `shipments_attributes[0][id]` → an object keyed '0' (turned into an array when every key is an index). Only string
 * values are kept (a multipart file is not a parameter any endpoint takes). Keys are bounded so a hostile query
 * cannot build a deep structure.
 */
export function nestParams(entries: Iterable<[string, FormDataEntryValue]>): Record<string, unknown> {
  const root: Record<string, unknown> = Object.create(null)
  for (const [key, value] of entries) {
    if (typeof value !== 'string') continue
    const match = /^([^[\]]+)((?:\[[^[\]]*\]){0,6})$/.exec(key)
    if (!match) continue
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)]
    let node: Record<string, unknown> = root
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!
      const last = i === path.length - 1
      if (part === '__proto__' || part === 'constructor' || part === 'prototype') break
      if (last) {
        if (part === '') break
        node[part] = value
      } else if (path[i + 1] === '' && i + 1 === path.length - 1) {
        const list = Array.isArray(node[part]) ? (node[part] as unknown[]) : (node[part] = [])
        ;(list as unknown[]).push(value)
        break
      } else {
        const next = node[part]
        node = next && typeof next === 'object' && !Array.isArray(next) ? (next as Record<string, unknown>) : (node[part] = Object.create(null))
      }
    }
  }
  return arrays(root) as Record<string, unknown>
}

/** `{0: a, 1: b}` → `[a, b]`, as Rails' `*_attributes` hashes are read as lists; plain objects get a normal prototype. */
function arrays(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value
  const entries = Object.entries(value).map(([k, v]) => [k, arrays(v)] as const)
  if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v)
  return Object.fromEntries(entries)
}
