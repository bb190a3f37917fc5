type Size = 'large' | 'desktop' | 'mobile'
const SIZE_LABEL: Record<Size, string> = { large: 'Large', desktop: 'Desktop', mobile: 'Mobile' }
const ORDER: Size[] = ['large', 'desktop', 'mobile']

/**
 * The file fields of a picture upload (product pictures, content pictures): one picture that the console's script
 * resizes to the three sizes (shown only once the script runs, web/admin/client/console.ts), and the three sizes
 * uploaded by hand without it, each at exactly its pixels.
 */
export function PictureFileFields({ sizes, hint }: { sizes: Record<Size, { width: number; height: number }>; hint: string }) {
  return (
    <>
      <div hidden>
        <label htmlFor="picture" className="mb-1 block text-sm font-semibold">
          Picture (JPEG, PNG or WebP; {hint})
        </label>
        <input id="picture" type="file" accept="image/jpeg,image/png,image/webp" data-picture="" className="block w-full text-sm" />
        <p data-picture-status="" role="status" aria-live="polite" className="mt-1 text-sm text-neutral-700" />
      </div>
      <fieldset className="grid gap-3 md:grid-cols-3">
        <legend className="mb-2 text-sm">Or upload each size yourself (exactly these pixels, at most 2 MB each):</legend>
        {ORDER.map((size) => (
          <div key={size}>
            <label htmlFor={`upload-${size}`} className="mb-1 block text-sm font-semibold">
              {SIZE_LABEL[size]} {sizes[size].width}×{sizes[size].height}
            </label>
            <input id={`upload-${size}`} name={size} type="file" accept="image/jpeg,image/png,image/webp" data-width={sizes[size].width} data-height={sizes[size].height} className="block w-full text-sm" />
          </div>
        ))}
      </fieldset>
    </>
  )
}
