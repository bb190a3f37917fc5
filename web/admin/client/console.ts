/**
 * The console's only browser script, loaded by the console pages that need it (never by the storefront): a product
 * or page picture chosen in `[data-image-upload]` is resized here to each §9 size (cropped to fill, centred) and put into
 * that size's file field, then the form posts as it would without JavaScript, where the operator picks the three
 * sizes themselves. The sizes come from the form's data attributes, so this imports nothing of the store.
 */
import { enhanceProductForm } from './product-form.ts'
import { enhanceMarkdownField } from './markdown-preview.ts'

interface Target {
  input: HTMLInputElement
  width: number
  height: number
}

async function resized(image: ImageBitmap, width: number, height: number, name: string): Promise<File> {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')!
  const scale = Math.max(width / image.width, height / image.height)
  const drawWidth = image.width * scale
  const drawHeight = image.height * scale
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, (width - drawWidth) / 2, (height - drawHeight) / 2, drawWidth, drawHeight)
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.86))
  if (!blob) throw new Error('This browser could not encode the picture.')
  const ext = blob.type === 'image/webp' ? 'webp' : 'png'
  return new File([blob], `${name}.${ext}`, { type: blob.type })
}

function enhance(form: HTMLFormElement) {
  const picker = form.querySelector<HTMLInputElement>('[data-picture]')
  const status = form.querySelector<HTMLElement>('[data-picture-status]')
  if (!picker || !status) return
  picker.closest<HTMLElement>('[hidden]')?.removeAttribute('hidden')
  const targets: Target[] = [...form.querySelectorAll<HTMLInputElement>('input[type=file][data-width]')].map((input) => ({ input, width: Number(input.dataset.width), height: Number(input.dataset.height) }))
  form.addEventListener('submit', async (event) => {
    const file = picker.files?.[0]
    if (!file || form.dataset.resized === 'yes') return
    event.preventDefault()
    form.setAttribute('aria-busy', 'true')
    status.textContent = 'Resizing the picture…'
    try {
      const image = await createImageBitmap(file)
      for (const target of targets) {
        const transfer = new DataTransfer()
        transfer.items.add(await resized(image, target.width, target.height, `${target.input.name}-${target.width}x${target.height}`))
        target.input.files = transfer.files
      }
      image.close()
      // the original is not uploaded: only the resized sizes are
      picker.disabled = true
      form.dataset.resized = 'yes'
      status.textContent = 'Uploading…'
      form.requestSubmit()
    } catch {
      form.removeAttribute('aria-busy')
      status.textContent = 'That file could not be read as a picture. Choose a JPEG, PNG or WebP image.'
    }
  })
}

for (const form of document.querySelectorAll<HTMLFormElement>('form[data-image-upload]')) enhance(form)
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-product-form]')) enhanceProductForm(form)
for (const field of document.querySelectorAll<HTMLElement>('[data-markdown-field]')) enhanceMarkdownField(field)
