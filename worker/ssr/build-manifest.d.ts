// Written by `vite build` (scripts/worker-manifest.ts); declared so the worker type-checks before the first build.
declare module '#build/worker-manifest.json' {
  const manifest: { names: Record<string, number>; chunks: unknown[][] }
  export default manifest
}
