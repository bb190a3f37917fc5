import type { renderToReadableStream as RenderToReadableStream } from 'react-dom/server'
import type { prerender as Prerender } from 'react-dom/static'
// @ts-expect-error a CommonJS file without types: its two functions are typed from react-dom's own declarations below
import * as fizz from './fizz.cjs'

/** React DOM's Fizz renderer without the legacy string renderer (fizz.cjs says why). */
export const renderToReadableStream: typeof RenderToReadableStream = fizz.renderToReadableStream
export const prerender: typeof Prerender = fizz.prerender
