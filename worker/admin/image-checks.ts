import { IMAGE_SIZES } from '#kernel/config.ts'

/**
 * What an uploaded product picture must be before it goes to R2: a JPEG, PNG or WebP by its first bytes (the file
 * name and the browser's content type are not trusted), at most IMAGE_MAX_BYTES, and exactly one of the §9 sizes.
 * CMS pictures are checked the same way against their own sizes (CMS_IMAGE_SIZES). The console's browser script resizes the operator's picture to those sizes; without JavaScript the operator
 * uploads the three sizes themselves. Each refusal says what to do.
 */

export type ImageSize = keyof typeof IMAGE_SIZES
export const IMAGE_SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSize[]
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024

export type ImageType = { mime: 'image/jpeg' | 'image/png' | 'image/webp'; ext: 'jpg' | 'png' | 'webp' }

const ascii = (bytes: Uint8Array, from: number, length: number) => String.fromCharCode(...bytes.subarray(from, from + length))

export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' }
  if (bytes.length >= 8 && ascii(bytes, 1, 3) === 'PNG' && bytes[0] === 0x89 && bytes[4] === 0x0d && bytes[5] === 0x0a) return { mime: 'image/png', ext: 'png' }
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return { mime: 'image/webp', ext: 'webp' }
  return null
}

/** Width and height from the file's header, or null when the header is cut short or malformed. */
export function imageDimensions(bytes: Uint8Array, type: ImageType): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  try {
    if (type.ext === 'png') return ascii(bytes, 12, 4) === 'IHDR' ? { width: view.getUint32(16), height: view.getUint32(20) } : null
    if (type.ext === 'webp') return webpDimensions(bytes, view)
    return jpegDimensions(bytes, view)
  } catch {
    // a read past the end: a truncated file
    return null
  }
}

function webpDimensions(bytes: Uint8Array, view: DataView) {
  const chunk = ascii(bytes, 12, 4)
  if (chunk === 'VP8X') return { width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(27, true) & 0xffffff) }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8 ' && bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a) return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff }
  return null
}

function jpegDimensions(bytes: Uint8Array, view: DataView) {
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1]!
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return { width: view.getUint16(at + 7), height: view.getUint16(at + 5) }
    at += 2 + view.getUint16(at + 2)
  }
  return null
}

/** One checked file of an upload: its bytes and type, or the reason it is refused. */
export async function checkImage(size: ImageSize, file: unknown, sizes: Record<ImageSize, { width: number; height: number }> = IMAGE_SIZES): Promise<{ ok: true; bytes: Uint8Array; type: ImageType } | { ok: false; message: string }> {
  const { width, height } = sizes[size]
  const label = `The ${size} image (${width}×${height})`
  if (!(file instanceof File) || file.size === 0) return { ok: false, message: `${label} is missing: choose a picture.` }
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, message: `${label} is ${(file.size / 1024 / 1024).toFixed(1)} MB; at most 2 MB is accepted.` }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = imageTypeOf(bytes)
  if (!type) return { ok: false, message: `${label} is not a JPEG, PNG or WebP picture.` }
  const found = imageDimensions(bytes, type)
  if (!found) return { ok: false, message: `${label} could not be read: the file is damaged.` }
  if (found.width !== width || found.height !== height) return { ok: false, message: `${label} is ${found.width}×${found.height}; it must be exactly ${width}×${height} pixels.` }
  return { ok: true, bytes, type }
}

/** A shop's logo: at most LOGO_MAX_BYTES, between 32 and 2000 pixels each way (the header shows it 40 px high). */
export const LOGO_MAX_BYTES = 512 * 1024

/** The uploaded logo's bytes and type, or why it is refused (in English and German: the operator may read either). */
export async function checkLogo(file: unknown): Promise<{ ok: true; bytes: Uint8Array; type: ImageType } | { ok: false; status: 413 | 415 | 422; message: string }> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, status: 422, message: 'Choose a picture for the logo. (Bitte wählen Sie ein Bild für das Logo.)' }
  if (file.size > LOGO_MAX_BYTES) return { ok: false, status: 413, message: `The logo is ${Math.ceil(file.size / 1024)} KB; at most 512 KB is accepted. (Das Logo darf höchstens 512 KB groß sein.)` }
  const bytes = new Uint8Array(await file.arrayBuffer())
  const type = imageTypeOf(bytes)
  if (!type) return { ok: false, status: 415, message: 'The logo is not a JPEG, PNG or WebP picture. (Das Logo muss ein JPEG-, PNG- oder WebP-Bild sein.)' }
  const found = imageDimensions(bytes, type)
  if (!found) return { ok: false, status: 422, message: 'The logo could not be read: the file is damaged. (Die Datei ist beschädigt.)' }
  const fits = (n: number) => n >= 32 && n <= 2000
  if (!fits(found.width) || !fits(found.height)) return { ok: false, status: 422, message: `The logo is ${found.width}×${found.height}; each side must be between 32 and 2000 pixels. (Jede Seite muss zwischen 32 und 2000 Pixel messen.)` }
  return { ok: true, bytes, type }
}
