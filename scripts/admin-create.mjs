#!/usr/bin/env node
// Creates (or promotes) a console admin: `npm run admin:create -- --email ops@example.com [--password …]`.
//   Local store: hashes the password exactly as the backend does (PBKDF2-SHA256, 100,000 iterations, HMAC pepper from
//   .dev.vars, else the development pepper) and writes it to the local D1 with `wrangler d1 execute --local`.
//   --remote: a deployed store's pepper is a secret this command cannot read, so it writes a one-time setup token
//   instead and prints a link (valid SETUP_HOURS) where the admin chooses the password. Pass --url https://shop….
//   --setup-link: the same link for the local store (the admin chooses the password in the browser; the e2e test
//   runs the setup path this way, since --remote writes to the deployed D1).
// Options: --first-name, --last-name, --persist-to DIR (local state directory), --env NAME (wrangler environment).
import { createHash, randomBytes, webcrypto } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { targetFlags, wrangler } from '../kv-seed/wrangler.mjs'

const ITERATIONS = 100_000 // worker/backend/services/passwords.ts PASSWORD_ITERATIONS
const DEVELOPMENT_PEPPER = 'development-pepper-not-secret' // worker/env.ts
const SETUP_HOURS = 24
const MIN_PASSWORD = 12

const b64url = (bytes) => Buffer.from(bytes).toString('base64url')
const sql = (value) => `'${String(value).replace(/'/g, "''")}'`

function pepperFromDevVars() {
  if (!existsSync('.dev.vars')) return DEVELOPMENT_PEPPER
  const line = readFileSync('.dev.vars', 'utf8').split('\n').find((l) => /^\s*PASSWORD_PEPPER\s*=/.test(l))
  const value = line?.split('=').slice(1).join('=').trim().replace(/^["']|["']$/g, '')
  return value || DEVELOPMENT_PEPPER
}

/** The backend's hash format: `pbkdf2-sha256$100000$<salt>$<hash>`, the password HMAC'd with the pepper first. */
export async function hashPassword(password, pepper) {
  const { subtle } = webcrypto
  const salt = webcrypto.getRandomValues(new Uint8Array(16))
  const hmacKey = await subtle.importKey('raw', new TextEncoder().encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const peppered = await subtle.sign('HMAC', hmacKey, new TextEncoder().encode(password))
  const key = await subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits'])
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS }, key, 256)
  return `pbkdf2-sha256$${ITERATIONS}$${b64url(salt)}$${b64url(new Uint8Array(bits))}`
}

const NO_PASSWORD = 'No password was given: pass --password … (npm run setup: --admin-password …), pipe it in, or run this in a terminal. No admin was made.'

function ask(question) {
  return new Promise((resolve, reject) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: Boolean(process.stdin.isTTY) })
    // typed characters are not echoed
    rl._writeToOutput = (s) => (s.startsWith(question) ? process.stdout.write(s) : undefined)
    let answered = false
    rl.question(question, (answer) => {
      answered = true
      rl.close()
      process.stdout.write('\n')
      resolve(answer)
    })
    // input that ends without a line (no terminal, an empty pipe, Ctrl-D) must not end the process as if it succeeded
    rl.on('close', () => answered || reject(new Error(`\n${NO_PASSWORD}`)))
  })
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Store' },
      'last-name': { type: 'string', default: 'Admin' },
      remote: { type: 'boolean', default: false },
      'setup-link': { type: 'boolean', default: false },
      url: { type: 'string' },
      'persist-to': { type: 'string' },
      env: { type: 'string' },
    },
  })
  const email = values.email?.trim().toLowerCase()
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error('Give the admin an email address: --email ops@example.com')
  const target = [...targetFlags({ remote: values.remote, persistTo: values['persist-to'] }), ...(values.env ? ['--env', values.env] : [])]
  const user = `INSERT INTO users (email, first_name, last_name, password_hash, role) VALUES (${sql(email)}, ${sql(values['first-name'])}, ${sql(values['last-name'])}, %HASH%, 'admin')
    ON CONFLICT (email) DO UPDATE SET role = 'admin', password_hash = excluded.password_hash, blocked_at = NULL;`

  if (values.remote || values['setup-link']) {
    const token = b64url(randomBytes(32))
    const digest = createHash('sha256').update(token).digest('hex')
    const expires = Math.floor(Date.now() / 1000) + SETUP_HOURS * 3600
    // '!' is no hash at all: nobody can log in until the link sets the password
    const command = `${user.replace('%HASH%', sql('!'))}
      INSERT INTO admin_setup_tokens (token_hash, user_id, expires_at) SELECT ${sql(digest)}, id, ${expires} FROM users WHERE email = ${sql(email)};`
    wrangler(['d1', 'execute', 'DB', ...target, '--command', command], { quiet: true })
    const origin = (values.url ?? 'https://YOUR-STORE').replace(/\/+$/, '')
    console.log(`${email} is an admin. Open this link within ${SETUP_HOURS} hours to choose the password (it works once):\n${origin}/admin/setup?token=${token}`)
    return
  }
  const password = values.password ?? (await ask('Password for the console: '))
  if (password.length < MIN_PASSWORD) throw new Error(`The password must have at least ${MIN_PASSWORD} characters.`)
  const hash = await hashPassword(password, pepperFromDevVars())
  wrangler(['d1', 'execute', 'DB', ...target, '--command', user.replace('%HASH%', sql(hash))], { quiet: true })
  console.log(`${email} can now log in at /admin/login.`)
}

main().catch((error) => {
  console.error(error.message)
  process.exit(1)
})
