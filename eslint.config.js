// The walls of docs/architecture.md 'Layout', checked on every `npm test` (docs/decisions/0002-boundaries-as-lint-rules.md).
// Only import rules: the formatter (Prettier, .prettierrc.json) owns the code's look.
import { readdirSync } from 'node:fs'
import tsParser from '@typescript-eslint/parser'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

/** Every folder under web/features/: each may import only itself among them. */
const FEATURES = readdirSync(new URL('./web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

/** `from` is what the files under `target` must not import; `except` is relative to `from`. */
const zone = (target, from, message, except) => ({ target, from, message, ...(except ? { except } : {}) })

const ZONES = [
  // the kernel is what every side imports: it imports nothing of theirs
  zone('./kernel', './', 'kernel/ imports only kernel/ and packages: it is what every side shares.', ['./kernel', './node_modules']),
  // worker/lib: server helpers every worker part may use, so they import only the kernel and the env's type
  zone('./worker/lib', './web', 'worker/lib/ imports only kernel/ and worker/env.ts.'),
  zone('./worker/lib', './worker', 'worker/lib/ imports only kernel/ and worker/env.ts.', ['./lib', './env.ts']),
  // the embedded backend stands where a remote Spree could: it knows no client of itself
  ...['./worker/commerce', './worker/ssr', './worker/bff', './worker/edge-cache', './worker/admin', './web'].map((from) =>
    zone('./worker/backend', from, `The backend must not import ${from.slice(2)}: it serves the storefront API; share through kernel/ or worker/lib/.`),
  ),
  // the browser's code never imports the server's (the console's pages are server-rendered: worker/admin/pages/)
  zone('./web', './worker', 'web/ must not import worker/: share through kernel/.'),
  // middleware runs before any route: it does not reach into the backend
  zone('./worker/middleware', './worker/backend', 'Middleware must not import the backend: share through worker/lib/ or kernel/.'),
  // a feature is a unit of the shop's screens; what two features need goes to components/, forms/, state/ or a route
  ...FEATURES.map((feature) =>
    zone(`./web/features/${feature}`, './web/features', `web/features/${feature} must not import another feature: move what both need to web/components/, web/forms/, web/state/ or compose them in a route.`, [`./${feature}`]),
  ),
]

const ZOD_MINI = "Import zod/mini (its functional API: z.optional(s), s.check(z.maxLength(n)), z.pipe(s, z.transform(f))), not zod's classic API: docs/decisions/0077-worker-bundle-production-mode-and-static-screens.md."

export default [
  { ignores: ['build/**', 'node_modules/**', '.wrangler/**', 'worker/backend/migrations/**'] },
  {
    files: ['kernel/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}', 'worker/**/*.{ts,tsx,mjs}'],
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      // the package.json `imports` (#kernel/*, #web/*, #worker/* — the last under the workerd condition only)
      'import-x/resolver-next': [createNodeResolver({ conditionNames: ['workerd', 'import', 'module', 'default'], extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts'] })],
      'import-x/core-modules': ['cloudflare:workers', 'cloudflare:test'],
      // no-cycle reads the imported files with these (without them it skips every .ts file and finds no cycle)
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.mjs', '.js'],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // an import the resolver cannot follow would pass every zone unseen
      'import-x/no-unresolved': ['error', { ignore: ['^cloudflare:', '^/__twind\\.css$', '^#build/'] }],
      'import-x/no-restricted-paths': ['error', { zones: ZONES }],
      // type-only imports are erased, so only value imports can form a cycle at run time
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
      // one import of zod's classic API brings all of it (~18 KB gzip) back into the worker bundle
      'no-restricted-imports': ['error', { paths: ['zod', 'zod/v4', 'zod/v3'].map((name) => ({ name, message: ZOD_MINI })), patterns: [{ group: ['zod/v4/classic', 'zod/v4/classic/*', 'zod/v3/*'], message: ZOD_MINI }] }],
    },
  },
]
