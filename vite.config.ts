import { defineConfig, type Plugin } from 'vite'
import { fileURLToPath } from 'node:url'
import { buildTwindCss } from './scripts/twind-css.ts'
import { markSvg, PNG_ICONS } from './kernel/brand.ts'
import { markPng } from './scripts/mark-png.ts'
import { serviceWorkerStamp } from './scripts/service-worker-stamp.ts'
import { workerManifest } from './scripts/worker-manifest.ts'

/** Where the static CSS's classes are written: the web app, the kernel it reads, and the console's server-rendered pages. */
const CLASS_SOURCES = ['./web', './kernel', './worker/admin/pages'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)))

/** The modules of the `shell` chunk (see build.rollupOptions.output.codeSplitting), minus the lazy ones. */
const SHELL =
  /\/web\/(components\/(chrome|layouts|ui|icons|logo|local-link|page-title|product-card|deferred|error-page|delivery-promise)|features\/(seo|consent)|state\/(use-atom|session\/|ui\.|notifications\.|wish-intent\.)|api\/use-api|i18n\/(index|dictionaries|say-refusal))|\/kernel\/(config|brand|tokens|format)\./
const NOT_SHELL = /\/(home-seo|product-seo|store-json-ld|product-json-ld|search-overlay|focus-trap|consent-banner|consent-effects|tag-manager|non-essential|drawer|dialog|modal-layer|use-focus-trap|tabs|carousel|pagination|size-pill|swatch|radio|field-frame|input|account-layout|blank-layout|breadcrumb)\.tsx?$/
const TWIND_ID = '/__twind.css'
/** The chunks of the storefront entry's static graph (see modulePreload below). */
const ALWAYS_LOADED = /(^|\/)(framework|shell|hydrate-app|rolldown-runtime)-[\w-]+\.js$/
/**
 * React Router publishes its development build (dev warnings on) under every import condition; its production build
 * differs only by ENABLE_DEV_WARNINGS = false, so the browser gets that one.
 */
const ROUTER_PRODUCTION = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url))

/** Twind at build time: `@import '/__twind.css'` becomes the static CSS of every class the web app and the console use. */
function twindCss(): Plugin {
  return {
    name: 'storefront:twind',
    enforce: 'pre',
    resolveId: (id) => (id === TWIND_ID ? TWIND_ID : null),
    load: (id) => (id === TWIND_ID ? buildTwindCss(CLASS_SOURCES) : null),
  }
}

/** The favicon and the app icons, written from the one brand value (kernel/brand.ts); the worker serves the manifest. */
function brandFiles(): Plugin {
  return {
    name: 'storefront:brand',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: markSvg() })
      for (const icon of PNG_ICONS) this.emitFile({ type: 'asset', fileName: icon.file, source: markPng(icon.size, icon) })
    },
  }
}

/**
 * V8's explicit compile hint (`//# allFunctionsCalledOnLoad`) on the framework chunk: V8 then compiles all of its
 * functions eagerly while the file streams in, off the main thread, instead of lazily on the main thread when React
 * DOM's module body first runs and when hydration first calls each function. Measured on a first visit of home at
 * 1x CPU (412 px, 8 loads each, alternated): the framework's start-up task 60 -> 48 ms, main-thread time of the
 * client's start 312 -> 271 ms (docs/performance.md). Added after minification, which drops comments; a browser
 * without compile hints reads a comment.
 */
function compileHints(): Plugin {
  return {
    name: 'storefront:compile-hints',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.name === 'framework') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`
      }
    },
  }
}

/**
 * The browser bundle: the client entry (hydration + lazy screen chunks) and the service worker at /sw.js.
 * The manifest tells the Worker which chunks each page needs (worker/ssr/assets.ts).
 */
export default defineConfig({
  publicDir: 'web/public',
  plugins: [twindCss(), brandFiles(), compileHints(), serviceWorkerStamp(), workerManifest()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: `${ROUTER_PRODUCTION}index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${ROUTER_PRODUCTION}dom-export.mjs` },
    ],
  },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    // A lazy chunk's preload list leaves out the chunks every storefront page has loaded before any of its code runs
    // (the entry's own graph): listed, their names were repeated in every chunk with a dynamic import, first-visit
    // bytes that preload nothing. The entries (the storefront's and the console's) keep their full lists.
    modulePreload: { resolveDependencies: (_file, deps, { hostId }) => (/\/(main|console)-[\w-]+\.js$|^(main|console)-/.test(hostId) ? deps : deps.filter((dep) => !ALWAYS_LOADED.test(dep))) },
    rollupOptions: {
      // the console's script is its own entry: only /admin pages load it (worker/admin/render.tsx); the body font's
      // stylesheet too: pages add it after their largest paint (worker/ssr/render.tsx)
      input: { main: 'web/entry.client.tsx', sw: 'web/sw.ts', console: 'web/admin/client/console.ts', figtree: 'web/fonts/figtree.css' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            // React, React Router and jotai change only on upgrades: one long-cached file instead of five small ones. Vite's
            // preload helper too: the entry's dynamic import needs it before the shell is evaluated (web/entry.client.tsx).
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|jotai|rosetta|dlv|templite)[\\/]|vite[\\/]preload-helper/, priority: 20 },
            // What every storefront page renders (header, footer, navigation, SEO tags, shared UI) as one file; panels,
            // dialogs and other screens' parts stay in their own chunks, loaded on first use.
            { name: 'shell', test: (id: string) => SHELL.test(id.replace(/\\/g, '/')) && !NOT_SHELL.test(id.replace(/\\/g, '/')), priority: 10 },
          ],
        },
      },
    },
  },
})
