// Types for images.mjs.
export type ImageStyle = 'mobile' | 'desktop' | 'large'
export type ProductView = 'front' | 'back' | 'side' | 'sole' | 'detail'
export interface ImageFile {
  path: string
  contents: string
}
export const IMAGE_ROOT: string
export const IMAGE_STYLES: Record<ImageStyle, { width: number; height: number; frame: '1x1' | '3x4' }>
export const SCENE_KINDS: string[]
export const SCENE_SIZES: Record<'sm' | 'md' | 'lg' | 'xl', { width: number; height: number }>
export const TILE_SIZES: Record<'sm' | 'lg', { width: number; height: number }>
export const CATEGORY_TILES: Record<string, { scene: string; hue: number; shape: string; colour: string; alt: [string, string] }>
export function productViews(shape: string): ProductView[]
export function productImageUrl(shape: string, colour: string, view: ProductView, style: ImageStyle): string
export function productImageAlt(name: string, colourName: string | null, view: ProductView, locale?: 'en' | 'de', shape?: string | null): string
export function productSvg(shape: string, colour: string, view: ProductView, frame: '1x1' | '3x4'): string
export function shapeColours(): Map<string, string[]>
export function productImageFiles(): Generator<ImageFile>
export function sceneImageFiles(scenes: Record<string, { scene: string; hue: number }>): Generator<ImageFile>
export function categoryTileUrl(slug: string, size: 'sm' | 'lg'): string
export function tileSvg(slug: string, size: { width: number; height: number }): string
export function tileImageFiles(): Generator<ImageFile>
