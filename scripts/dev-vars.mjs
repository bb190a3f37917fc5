// `npm start`: writes .dev.vars (git-ignored) from the committed .dev.vars.example when it is missing, so `wrangler dev`
// runs as development while the shipped wrangler.toml stays production (docs/operations.md). An existing one is kept.
import { copyFileSync, existsSync } from 'node:fs'

if (!existsSync('.dev.vars')) {
  copyFileSync('.dev.vars.example', '.dev.vars')
  process.stderr.write('Wrote .dev.vars from .dev.vars.example (ENVIRONMENT=development).\n')
}
