import { Hono } from 'hono'
import type { AppEnv } from '#worker/app-env.ts'

/** Every page: React Router's static handler, streamed. */
export const ssr = new Hono<AppEnv>()
ssr.get('*', (c) => c.html('<!doctype html><title>Storefront</title>'))
