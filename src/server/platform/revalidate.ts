import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer the browser keeps and asks again with `If-None-Match` (menus and buttons, read after every login and
 * reload): the tag is a hash of the text itself, so it changes with any grant or menu edit and a 304 is only ever
 * sent for the very same bytes the caller holds. `private, no-cache`: kept by the browser alone, never used unasked.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, envelope: unknown) {
  const text = JSON.stringify(envelope);
  const tag = `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(text);
}

/** RFC 9110 §13.1.2: a list of tags or `*`, compared weakly (a proxy that compresses may weaken a tag to `W/`). */
function matches(header: string | undefined, tag: string) {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value.replace(/^W\//, '') === tag;
  });
}
