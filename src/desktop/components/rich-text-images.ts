/** The image files among pasted, dropped or picked files. */
export const imageFiles = (files: FileList | null | undefined): File[] =>
  Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', 'svg+xml': 'svg' };

/** A name for an image that came without one (pasted): the server checks its content against the extension. */
export function imageName(image: Blob): string {
  const subtype = image.type.replace(/^image\//, '') || 'png';
  return `pasted.${EXTENSIONS[subtype] ?? subtype}`;
}

const DATA_IMAGE = /^data:(image\/[\w.+-]+);base64,(.*)$/s;

/** A `data:image/...;base64,` address as the bytes it holds, or undefined for any other address. */
export function dataImage(src: string): Blob | undefined {
  const match = DATA_IMAGE.exec(src.trim());
  if (!match) return undefined;
  const bytes = Uint8Array.from(atob(match[2].replace(/\s/g, '')), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type: match[1] });
}

/** The `<img>` elements of a parsed page whose source is inline (`data:`), with their bytes. */
export function dataImages(page: Document): Array<{ element: HTMLImageElement; blob: Blob }> {
  return Array.from(page.querySelectorAll('img')).flatMap((element) => {
    const blob = dataImage(element.getAttribute('src') ?? '');
    return blob ? [{ element, blob }] : [];
  });
}

/**
 * Takes out of a parsed page the `<img>` elements whose source is neither inline nor the console's own object store
 * (`/oss/...` on this origin): another site's images, which the server drops from a notice (it keeps only the
 * tenant's stored images) and the browser could not copy across origins. Returns how many went, for the user to hear.
 */
export function dropForeignImages(page: Document, origin = window.location.origin): number {
  const foreign = Array.from(page.querySelectorAll('img')).filter((element) => {
    const src = (element.getAttribute('src') ?? '').trim();
    if (DATA_IMAGE.test(src)) return false;
    try {
      const address = new URL(src, origin);
      return address.origin !== origin || !address.pathname.startsWith('/oss/');
    } catch {
      return true;
    }
  });
  for (const element of foreign) element.remove();
  return foreign.length;
}
