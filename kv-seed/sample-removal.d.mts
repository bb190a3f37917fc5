// Types for sample-removal.mjs (the one-step removal of the sample catalogue).
export function sampleRemovalStatements(options?: { by?: string }): string[]
