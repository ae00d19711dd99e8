import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { BASIC_SABER, expectOk, type TestApp } from '../support/app.ts';
import { multipartFile } from '../support/uploads.ts';

export const OSS = '/api/blade-resource/oss';
export const EP = `${OSS}/endpoint`;
export const ATTACH = '/api/blade-resource/attach';

/** Smallest files of each kind, their real first bytes. */
export const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from('0000000100000001080600000032', 'hex'),
  Buffer.alloc(64, 1),
]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A Windows program (MZ ... PE header): what a disguised upload really is. */
export const EXE = Buffer.concat([
  Buffer.from('4d5a90000300000004000000ffff0000', 'hex'),
  Buffer.alloc(44, 0),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64, 0),
  Buffer.from('50450000', 'hex'),
  Buffer.alloc(64, 0),
]);

/** POSTs one file part (and text fields before it) with the caller's token. */
export function upload(
  t: TestApp,
  token: string,
  url: string,
  file: Buffer,
  filename: string,
  type = 'application/octet-stream',
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartFile(file, fields, filename, type);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: BASIC_SABER, 'blade-auth': `bearer ${token}` },
  });
}

/** Adds a config and enables it; its id. */
export async function enabledConfig(t: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  const saved = expectOk(await t.post(`${OSS}/submit`, token, body));
  expectOk(await t.post(`${OSS}/enable?id=${saved.id}`, token));
  return String(saved.id);
}

/**
 * The bytes behind a lasting link: its redirect to a short-lived link, then that link (the server's own route for
 * the local store, the S3 server for a presigned URL).
 */
export async function download(t: TestApp, link: string): Promise<{ status: number; body: Buffer; type?: string }> {
  const first = await t.app.inject({ method: 'GET', url: link });
  if (first.statusCode !== 302) return { status: first.statusCode, body: first.rawPayload };
  const location = String(first.headers.location);
  return shortLink(t, location);
}

export async function shortLink(t: TestApp, location: string) {
  if (location.startsWith('/')) {
    const res = await t.app.inject({ method: 'GET', url: location });
    return { status: res.statusCode, body: res.rawPayload, type: String(res.headers['content-type']) };
  }
  const res = await fetch(location);
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? undefined,
  };
}

export const KEY = /^upload\/\d{8}\/[0-9a-f]{32}\.(png|pdf|txt|jpg)$/;

export function expectBladeFile(data: Record<string, string>, domain: string, originalName: string) {
  expect(data).toMatchObject({ domain, originalName });
  expect(data.name).toMatch(KEY);
  expect(data.link.startsWith(`${domain}/${data.name}?sign=`)).toBe(true);
}
