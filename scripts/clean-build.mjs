// Removes the previous client bundle before `vite build` (product images under build/client/images stay).
import { rmSync } from 'node:fs'
for (const dir of ['build/client/assets', 'build/client/.vite', 'build/client/sw.js']) rmSync(dir, { recursive: true, force: true })
