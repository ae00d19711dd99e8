import { Type, type Static } from 'typebox';
import { Id } from '../wire.ts';

/**
 * A file of a business document's attachments field (FieldType `attachments`), as reads answer it beside the field
 * (`<field>Files`): enough to list, preview and open it without a second call. The links are signed and short-lived
 * (minutes): a client keeps the ids, never the links.
 */
export const AttachedFile = Type.Object({
  id: Id,
  /** The name it was uploaded with. */
  name: Type.String(),
  /** Bytes. */
  size: Type.Integer(),
  /** Its type as its content was sniffed on upload (`png`, `pdf`). */
  extension: Type.String(),
  /** Opens it: shown inline by the browser where it can (images, PDF), downloaded otherwise. */
  link: Type.String(),
  /** Images only: what a thumbnail shows (the image itself, scaled by the client); '' for other files. */
  thumbnail: Type.String(),
});
export type AttachedFile = Static<typeof AttachedFile>;

/** The wire key of an attachments field's files: `attach` -> `attachFiles`. */
export const filesKey = (field: string) => `${field}Files`;

/** Extensions shown as images (thumbnails, the full-screen viewer); PDFs open in a frame; the rest download. */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);
export const isImage = (extension: string) => IMAGE_EXTENSIONS.has(extension.toLowerCase());
export const isPdf = (extension: string) => extension.toLowerCase() === 'pdf';

/** The extension of a file name or object key, lower case, '' when it has none. */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
