// The first start-up step: these side-effect imports run React's, React DOM's and the router's top-level code here
// (the bundler runs a CommonJS package's body where it is first imported), in the entry's own task.
import 'react'
import 'react-dom/client'
import 'react-router/dom'
import '/__twind.css'
import './styles/app.css'

declare const scheduler: { yield?: () => Promise<void> } | undefined

/** Lets the browser run input and paint between two pieces of start-up work: scheduler.yield where there is one. */
function yieldToMain(): Promise<void> {
  if (typeof scheduler !== 'undefined' && typeof scheduler.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * The client starts in two steps, each evaluated in its own task with a yield between: the framework (this module's
 * static imports), then the app's modules and hydration (which loads the matched screens as before). One static
 * module graph was evaluated in a single long task (127-189 ms at 4x CPU), all of it over 50 ms counted as blocking
 * time. The server preloads the second step's chunks too (worker/ssr/assets.ts BOOT_MODULES): no round trip is added.
 */
async function start() {
  await yieldToMain()
  const { hydrate } = await import('./boot/hydrate-app.tsx')
  await hydrate()
}

void start()
