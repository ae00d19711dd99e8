import type { AxiosResponseHeaders, RawAxiosResponseHeaders } from 'axios';
import { http, type R } from './http.ts';

/**
 * File transfers through the console's axios client: the token travels in the header (never in a URL) and
 * failures go through the same error catalogue as every other call.
 */

/** The name from `Content-Disposition`: RFC 5987 `filename*=UTF-8''...` first, then `filename="..."`. */
export function fileNameOf(disposition: string | undefined | null, fallback = 'download'): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name || fallback;
}

/**
 * A binary body stays a Blob; the JSON envelope of a failure is decoded first, so the interceptor shows its
 * `msg` (and a 401 still logs out) as it does for any other request.
 */
function blobOrEnvelope(data: unknown, headers: AxiosResponseHeaders | RawAxiosResponseHeaders): unknown {
  const type = String(headers['content-type'] ?? '');
  const bytes =
    data instanceof ArrayBuffer
      ? new Uint8Array(data)
      : ArrayBuffer.isView(data)
        ? Uint8Array.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
        : undefined;
  if (!bytes) return data;
  if (/\bjson\b/i.test(type)) {
    try {
      return JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      return undefined;
    }
  }
  return new Blob([bytes], { type });
}

function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/** GETs a file (an Excel export) and saves it under the name the server gave. */
export async function downloadFile(url: string, params?: Record<string, unknown>): Promise<void> {
  const response = await http.get<Blob>(url, {
    params,
    responseType: 'arraybuffer',
    transformResponse: [(data, headers) => blobOrEnvelope(data, headers)],
  });
  saveBlob(response.data, fileNameOf(response.headers['content-disposition'] as string | undefined));
}

/**
 * POSTs `file` as multipart field `file` with `fields` beside it; returns the envelope's data. `silent` codes are the
 * caller's to show (an import dialog lists a 400's refused rows instead of a toast).
 */
export async function uploadFile<T = null>(
  url: string,
  file: Blob,
  fields: Record<string, string> = {},
  onProgress?: (percent: number) => void,
  silent?: readonly number[],
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file instanceof File ? file.name : 'upload');
  const onUploadProgress = onProgress
    ? ({ loaded, total }: { loaded: number; total?: number }) =>
        onProgress(total ? Math.min(100, Math.round((loaded / total) * 100)) : 0)
    : undefined;
  return (await http.post<R<T>>(url, form, { onUploadProgress, silent })).data.data;
}
