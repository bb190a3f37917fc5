'use strict'
// React DOM's streaming server renderer without its legacy one. `react-dom/server` (server.edge.js under workerd)
// also loads renderToString/renderToStaticMarkup (react-dom-server-legacy.browser, 103 KB minified, about 30 KiB of
// the worker's gzip budget), and being CommonJS nothing of it can be tree-shaken. The store renders pages and the
// console with renderToReadableStream and emails with prerender, both in this one file. The path goes around the
// package's exports map, which does not list its cjs files; the same production/development choice as its own entry.
module.exports =
  process.env.NODE_ENV === 'production'
    ? require('../../node_modules/react-dom/cjs/react-dom-server.edge.production.js')
    : require('../../node_modules/react-dom/cjs/react-dom-server.edge.development.js')
