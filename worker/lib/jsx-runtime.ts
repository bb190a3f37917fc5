/**
 * React's JSX runtime for the worker's bundle (wrangler.toml [alias] points `react/jsx-runtime` here). The runtime is
 * CommonJS, so esbuild gives every module that imports it its own binding and writes each element as
 * `(0,x.jsx)(…)`; re-exported from this one ES module it is a plain `jsx(…)`: about 3,000 elements, 6 KB of the
 * worker's gzip bundle (decision 0065). The browser build (Vite) does not use this file.
 */
import type * as Runtime from 'react/jsx-runtime'
// @ts-expect-error -- the package's entry by path (the bare name is aliased to this file); typed by the cast below
import * as commonJs from '../../node_modules/react/jsx-runtime.js'

const runtime = commonJs as typeof Runtime

export const jsx = runtime.jsx
export const jsxs = runtime.jsxs
export const Fragment = runtime.Fragment
