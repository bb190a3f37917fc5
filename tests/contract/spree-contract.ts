/// <reference types="node" />
// The Spree Storefront API 4.10.1 contract (../shared/spree-api beside the repository; reference only, never copied
// in) as a response checker: each answer is validated with openapi-response-validator against the operation's
// response schema for its status, and its content type against the media types the contract lists there.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createRequire } from 'node:module'
import type OpenAPIResponseValidatorType from 'openapi-response-validator'
import { parse } from 'yaml'

type OpenAPIResponseValidator = OpenAPIResponseValidatorType
const OpenAPIResponseValidator: typeof OpenAPIResponseValidatorType = createRequire(import.meta.url)('openapi-response-validator').default

const root = fileURLToPath(new URL('../..', import.meta.url))
export const CONTRACT_DIR = join(root, '..', 'shared', 'spree-api')

type Json = Record<string, any>
export interface Operation {
  method: string
  path: string
  pattern: RegExp
  responses: Json
}

function load(file: string): Json {
  const path = join(CONTRACT_DIR, file)
  if (!existsSync(path)) throw new Error(`The Spree contract is missing: ${path} (shared/ must sit beside the repository)`)
  return parse(readFileSync(path, 'utf8'))
}

/** `#/components/responses/Cart` → the response object (the validator resolves schema refs, not response refs). */
function resolve(doc: Json, value: Json): Json {
  if (typeof value?.$ref !== 'string') return value
  return resolve(doc, value.$ref.slice(2).split('/').reduce((node: Json, key: string) => node?.[key], doc))
}

export class Contract {
  readonly operations: Operation[] = []
  readonly #docs = new Map<Operation, Json>()
  readonly #validators = new Map<Operation, OpenAPIResponseValidator>()

  constructor(files = ['storefront-v4.10.1.yaml', 'oauth-v4.10.1.yml']) {
    for (const file of files) {
      const doc = load(file)
      for (const [path, item] of Object.entries<Json>(doc.paths)) {
        for (const [method, op] of Object.entries<Json>(item)) {
          if (!['get', 'post', 'patch', 'put', 'delete'].includes(method)) continue
          const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`)
          const responses = Object.fromEntries(Object.entries<Json>(op.responses ?? {}).map(([status, r]) => [status, resolve(doc, r)]))
          const operation = { method: method.toUpperCase(), path, pattern, responses }
          this.operations.push(operation)
          this.#docs.set(operation, doc)
        }
      }
    }
  }

  /** The operation a request is, preferring a literal path (`/wishlists/default`) over a template (`/wishlists/{token}`). */
  find(method: string, pathname: string): Operation | undefined {
    const matches = this.operations.filter((o) => o.method === method.toUpperCase() && o.pattern.test(pathname))
    return matches.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0]
  }

  /** Problems with one answer (an empty list when it follows the contract). */
  check(operation: Operation, status: number, contentType: string | null, body: unknown): string[] {
    const response = operation.responses[String(status)]
    if (!response) return [`status ${status} is not one the contract lists (${Object.keys(operation.responses).join(', ')})`]
    const problems: string[] = []
    const types = Object.keys(response.content ?? {})
    const type = (contentType ?? '').split(';')[0]!.trim()
    if (types.length > 0 && !types.includes(type)) problems.push(`content type ${type || '(none)'} is not ${types.join(' or ')}`)
    if (types.length === 0) return problems
    let validator = this.#validators.get(operation)
    if (!validator) {
      validator = new OpenAPIResponseValidator({ responses: operation.responses, components: this.#docs.get(operation)!.components })
      this.#validators.set(operation, validator)
    }
    const result = validator.validateResponse(status, body)
    for (const error of result?.errors ?? []) problems.push(`${error.path || '(body)'}: ${error.message}`)
    return problems
  }
}
