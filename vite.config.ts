import { defineConfig, type Plugin } from 'vite'
import { fileURLToPath } from 'node:url'
import { buildTwindCss } from './scripts/twind-css.ts'

const webDir = fileURLToPath(new URL('./web', import.meta.url))
const TWIND_ID = '/__twind.css'

/** Twind at build time: `@import '/__twind.css'` becomes the static CSS of every class the web app uses. */
function twindCss(): Plugin {
  return {
    name: 'storefront:twind',
    enforce: 'pre',
    resolveId: (id) => (id === TWIND_ID ? TWIND_ID : null),
    load: (id) => (id === TWIND_ID ? buildTwindCss(webDir) : null),
  }
}

/**
 * The browser bundle: the client entry (hydration + lazy screen chunks) and the service worker at /sw.js.
 * The manifest tells the Worker which chunks each page needs (worker/ssr/assets.ts).
 */
export default defineConfig({
  publicDir: 'web/public',
  plugins: [twindCss()],
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'build/client',
    emptyOutDir: false,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    rollupOptions: {
      input: { main: 'web/entry.client.tsx', sw: 'web/sw.ts' },
      output: {
        entryFileNames: (chunk) => (chunk.name === 'sw' ? 'sw.js' : 'assets/[name]-[hash].js'),
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
})
