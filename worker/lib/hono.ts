import { HonoBase, type HonoOptions } from 'hono/hono-base'
import { TrieRouter } from 'hono/router/trie-router'
import type { BlankEnv, BlankSchema, Env, Schema } from 'hono/types'

/**
 * Hono with one router, the trie. Hono's default (`new Hono()` from 'hono') is a SmartRouter that carries both the
 * RegExpRouter and the TrieRouter and keeps the first that accepts every route: the worker paid for two routers and
 * used one. Every app of the worker is built from this class (its routes are matched by the root app's router, which
 * `app.route()` copies them into), so the RegExpRouter is no longer bundled: 452,315 -> 450,456 B gzip (decision 0053).
 * The trie matches what the SmartRouter matched (Hono runs one test suite over all its routers); it answers every
 * pattern, where the RegExpRouter refuses some and hands them to the trie anyway.
 */
export class Hono<E extends Env = BlankEnv, S extends Schema = BlankSchema, BasePath extends string = '/'> extends HonoBase<E, S, BasePath> {
  constructor(options: HonoOptions<E> = {}) {
    super(options)
    this.router = options.router ?? new TrieRouter()
  }
}
