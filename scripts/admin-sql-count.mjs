// The console's own SQL, counted (issue 43 point 4, decision 0082): every `prepare(`, `.batch(` and `.exec(` call
// under worker/admin, by kind (read, write, batch) and table. `node scripts/admin-sql-count.mjs [folder] [--files]`
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const root = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'worker/admin'
const perFile = process.argv.includes('--files')
/** The console's own tables (its sessions, set-up links, import jobs, form keys, audit entries, mail resends): the only ones it writes itself. */
const CONSOLE_TABLES = new Set(['admin_sessions', 'admin_setup_tokens', 'import_jobs', 'import_rows', 'refund_claims', 'audit_log', 'outbox'])

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) yield path
  }
}

/** The string literal starting at `at` (', " or `, a template's ${…} kept as text), or null. */
function literal(text, at) {
  const quote = text[at]
  if (!`'"\``.includes(quote)) return null
  let depth = 0
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i]
    if (c === '\\') i++
    else if (quote === '`' && c === '$' && text[i + 1] === '{') depth++, i++
    else if (depth && c === '}') depth--
    else if (!depth && c === quote) return text.slice(at + 1, i)
  }
  return null
}

/** The argument's text of the call whose `(` is just before `at` (balanced parentheses, strings skipped). */
function argument(text, at) {
  let depth = 1
  for (let i = at; i < text.length; i++) {
    const c = text[i]
    if (`'"\``.includes(c)) {
      const lit = literal(text, i)
      if (lit !== null) i += lit.length + 1
    } else if (c === '(') depth++
    else if (c === ')' && --depth === 0) return text.slice(at, i)
  }
  return text.slice(at)
}

/**
 * The SQL a call prepares: a literal, a `const name = literal` of the same file, or (a choice like `a ? 'UPDATE…' :
 * 'INSERT…'`) the first literal of the argument that writes, else its first; null when built elsewhere.
 */
function sqlOf(text, at) {
  const own = literal(text, at)
  if (own !== null) return own
  const name = /^[A-Za-z_$][\w$]*$/.exec(argument(text, at).trim())?.[0]
  if (name) {
    const def = new RegExp(`(?:const|let)\\s+${name}\\s*=\\s*`).exec(text)
    return def ? literal(text, def.index + def[0].length) : null
  }
  const arg = argument(text, at)
  const literals = []
  for (let i = 0; i < arg.length; i++) {
    if (!`'"\``.includes(arg[i])) continue
    const lit = literal(arg, i)
    if (lit === null) break
    literals.push(lit)
    i += lit.length + 1
  }
  return literals.find((l) => classify(l).kind === 'write') ?? literals.find((l) => /\b(SELECT|INSERT|UPDATE|DELETE)\b/i.test(l)) ?? null
}

function classify(sql) {
  const s = sql.replace(/\$\{[^}]*\}/g, ' ? ').replace(/\s+/g, ' ').trim()
  const write = /^(?:WITH\b.*?\)\s*)?(INSERT(?: OR \w+)? INTO|REPLACE INTO|UPDATE(?: OR \w+)?|DELETE FROM)\s+([\w.]+)/i.exec(s)
  if (write) return { kind: 'write', table: write[2].toLowerCase() }
  const read = /\bFROM\s+([\w.]+)/i.exec(s)
  return { kind: 'read', table: read ? read[1].toLowerCase() : '(none)' }
}

const counts = new Map()
const byFile = new Map()
const add = (file, kind, table) => {
  const key = `${kind}\t${table}`
  counts.set(key, (counts.get(key) ?? 0) + 1)
  const f = byFile.get(file) ?? { read: 0, write: 0, batch: 0, dynamic: 0 }
  f[kind]++
  byFile.set(file, f)
}

for (const path of files(root)) {
  const text = readFileSync(path, 'utf8')
  const file = relative(process.cwd(), path)
  for (const m of text.matchAll(/\bprepare\(\s*|\.batch\(|\.exec\(/g)) {
    if (!m[0].startsWith('prepare')) {
      add(file, 'batch', '-')
      continue
    }
    const sql = sqlOf(text, m.index + m[0].length)
    if (sql === null) add(file, 'dynamic', '?')
    else {
      const { kind, table } = classify(sql)
      add(file, kind, table)
    }
  }
}

const total = (kind) => [...counts].filter(([k]) => k.startsWith(`${kind}\t`)).reduce((n, [, v]) => n + v, 0)
console.log(`SQL calls under ${root}: ${[...counts.values()].reduce((a, b) => a + b, 0)} (read ${total('read')}, write ${total('write')}, batch/exec ${total('batch')}, built elsewhere ${total('dynamic')})`)
for (const kind of ['write', 'read']) {
  const rows = [...counts].filter(([k]) => k.startsWith(`${kind}\t`)).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  console.log(`\n${kind}s by table:`)
  for (const [k, n] of rows) console.log(`  ${String(n).padStart(4)}  ${k.split('\t')[1]}`)
}
if (perFile) {
  console.log('\nby file (read write batch built-elsewhere):')
  for (const [f, c] of [...byFile].sort((a, b) => b[1].write - a[1].write || a[0].localeCompare(b[0]))) console.log(`  ${String(c.read).padStart(3)} ${String(c.write).padStart(3)} ${String(c.batch).padStart(3)} ${String(c.dynamic).padStart(3)}  ${f}`)
}

// --check: a write to any other table (the backend's) fails: it belongs in a domain module under worker/backend/
if (process.argv.includes('--check')) {
  const stray = [...counts].filter(([k]) => k.startsWith('write\t') && !CONSOLE_TABLES.has(k.split('\t')[1]))
  if (stray.length) {
    console.error(`\nThe console writes backend tables with SQL of its own ${stray.map(([k, n]) => `${k.split('\t')[1]} ×${n}`).join(', ')}. Write them through worker/backend/ (decision 0082).`)
    process.exit(1)
  }
}
