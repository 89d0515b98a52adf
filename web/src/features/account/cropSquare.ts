import { AVATAR_PIXELS, MSG, validateImageUpload } from '@portal/contract';

/** First bytes are enough for the type check (contract `detectImageType`). */
const HEAD_BYTES = 32;

/** jpg/png/bmp by content and at most 4 MiB, checked before anything is decoded or sent. */
export async function checkImageFile(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return validateImageUpload(head, file.size);
}

/**
 * The centred square of the picture, scaled to `size` × `size` and encoded as PNG by a canvas.
 * The server checks the type and that the picture is square, and stores these bytes as they are.
 */
export async function cropToSquare(file: Blob, size: number = AVATAR_PIXELS): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error(MSG.uploadFailed);
    }
    context.imageSmoothingQuality = 'high';
    context.drawImage(
      bitmap,
      (bitmap.width - side) / 2,
      (bitmap.height - side) / 2,
      side,
      side,
      0,
      0,
      size,
      size,
    );
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(MSG.uploadFailed))), 'image/png'),
    );
  } finally {
    bitmap.close();
  }
}
