/** Real PNG files of a given size (one colour), made in the test: what the console's browser script uploads. */
import { pngFile } from '../../scripts/png-chunks.ts'

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

export async function pngOf(width: number, height: number, rgb: [number, number, number] = [200, 90, 30]): Promise<Uint8Array<ArrayBuffer>> {
  const raw = new Uint8Array(height * (1 + width * 3))
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(rgb, y * (1 + width * 3) + 1 + x * 3)
  return pngFile(width, height, 2, await deflate(raw)) // 8-bit RGB
}

export const fileOf = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'image/png') => new File([bytes], name, { type })
