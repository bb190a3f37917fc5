// Types for size-guides.mjs (the reference size guides and the sample's links to them).
export const SIZE_GUIDES: Array<{ slug: string; name: [string, string]; howTo: [string[], string[]]; columns: [string[], string[]]; rows: string[][] }>
export const SAMPLE_GUIDE_LINKS: Array<[permalink: string, slug: string]>
export function sizeGuideStatements(): string[]
export function sampleGuideLinkStatements(): string[]
