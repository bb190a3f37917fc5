// Written by `vite build`; declared so the worker type-checks before the first build.
declare module '#build/worker-manifest.json' {
  const manifest: Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>
  export default manifest
}
