import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { stringify, twind, virtual } from 'twind'
import config from '../web/styles/twind.config.ts'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'public' ? [] : sourceFiles(path)
    return /\.(tsx?|jsx?)$/.test(name) ? [path] : []
  })
}

const STRING_LITERAL = /'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g
const CLASS_TOKEN = /^!?[a-z[-][\w:/.[\]%#()!,&-]*$/i

/** Every word in a string literal that could be a utility class: twind ignores what it does not know. */
export function candidateClasses(source: string): Set<string> {
  const out = new Set<string>()
  for (const match of source.matchAll(STRING_LITERAL)) {
    const text = match[1] ?? match[2] ?? match[3] ?? ''
    for (const token of text.split(/\s+/)) if (token && CLASS_TOKEN.test(token)) out.add(token)
  }
  return out
}

/** The static CSS of the whole web app: preflight plus every utility its source uses. */
export function buildTwindCss(webDir: string): string {
  const tw = twind(config, virtual())
  const warn = console.warn
  console.warn = () => {}
  try {
    for (const file of sourceFiles(webDir)) {
      for (const token of candidateClasses(readFileSync(file, 'utf8'))) tw(token)
    }
  } finally {
    console.warn = warn
  }
  return stringify(tw.target)
}
