/**
 * What a browser-only dynamic import gives inside the worker. Code that only a shopper's action opens (drawers,
 * dialogs, the search overlay, analytics) is imported as `import.meta.env.SSR ? browserOnly() : import('./x.tsx')`:
 * the worker's build defines `import.meta.env.SSR` as true (wrangler.toml [define]), so its bundler drops the import
 * and the module with it; Vite's client build defines it false. The server never renders such a part (it is closed on
 * every server render), so reaching this is a bug, and it says so. Decision 0053.
 */
export function browserOnly(): Promise<never> {
  return Promise.reject(new Error('This part of the page loads only in the browser.'))
}
