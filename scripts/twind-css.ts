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

/** The static CSS of the whole web app: preflight plus every utility the source in `dirs` uses. */
export function buildTwindCss(dirs: string[]): string {
  const tw = twind(config, virtual())
  const warn = console.warn
  console.warn = () => {}
  try {
    for (const file of dirs.flatMap(sourceFiles)) {
      for (const token of candidateClasses(readFileSync(file, 'utf8'))) tw(token)
    }
  } finally {
    console.warn = warn
  }
  return registerTwindVariables(stringify(tw.target))
}

const UNIVERSAL_VARIABLES = /(?:\*,::before,::after|::backdrop)\{([^{}]*)\}/g
const BARE_VAR = /var\((--tw-[\w-]+)\)/g

/**
 * Twind (like Tailwind 2-3) gives every element and every ::before, ::after and ::backdrop the defaults of about 40
 * `--tw-*` variables (`*,::before,::after{--tw-ring-shadow:0 0 #0000;…}`), so that a ring, shadow, filter or transform
 * utility finds them. That is 40 custom properties to cascade and store on each of a page's 1,500 elements and their
 * pseudo-elements, on every style recalculation. Measured on a category page at 1x CPU (thread time, 8 loads each):
 * style 42 -> 31-34 ms (docs/decisions/0022-main-thread-work-at-start.md).
 *
 * As Tailwind 4 does, each becomes a registered property that does not inherit (`@property`, so a parent's ring
 * colour never reaches its children), with its default as initial value, and every `var(--tw-x)` gets the same
 * default as fallback (browsers without `@property`: Safari before 16.4, Firefox before 128). A default that itself
 * refers to variables (the transform's composition, the ring colour's opacity) is not a constant: that property is
 * registered without one, and its uses fall back to the composition, evaluated on the element that uses it.
 */
export function registerTwindVariables(css: string): string {
  const defaults = new Map<string, string>()
  const rest = css.replace(UNIVERSAL_VARIABLES, (rule, body: string) => {
    const declarations = body.split(';').filter(Boolean)
    if (!declarations.every((declaration) => declaration.startsWith('--tw-'))) return rule
    for (const declaration of declarations) {
      const colon = declaration.indexOf(':')
      const value = declaration.slice(colon + 1).trim()
      defaults.set(declaration.slice(0, colon), value.startsWith('var(--tw-empty,') ? '' : value)
    }
    return ''
  })
  const withFallbacks = (text: string, depth = 0): string =>
    text.replace(BARE_VAR, (use, name: string) => {
      const value = defaults.get(name)
      return value === undefined || depth > 3 ? use : `var(${name},${withFallbacks(value, depth + 1)})`
    })
  const properties = [...defaults].map(
    ([name, value]) => `@property ${name}{syntax:"*";inherits:false${value && !value.includes('var(') ? `;initial-value:${value}` : ''}}`,
  )
  return properties.join('') + withFallbacks(rest)
}
