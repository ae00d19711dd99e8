import { FLOWABLE_MODDLE, FLOWABLE_URI } from '../../../shared/flow/flowable-moddle.ts';

/**
 * A BPMN file's text as the parser reads it: decoded from the uploaded bytes by its declared encoding, without the
 * XML declaration, with the Camunda and Activiti namespaces read as Flowable's (the stored XML is unchanged).
 */

/** Why a file cannot be deployed, in English (the server wraps it into its localised message): one problem a line. */
export class ModelError extends Error {}

/** Camunda and Activiti models use the same attribute names: they are all read as Flowable's. */
export const ALIASED_URIS = ['http://camunda.org/schema/1.0/bpmn', 'http://activiti.org/bpmn'];
export const DIALECT_URIS = [FLOWABLE_URI, ...ALIASED_URIS];

/** The Flowable attributes we read (bpmn-moddle keeps unknown attributes out of what the engine sees). */
export const MODDLE_OPTIONS = { flowable: FLOWABLE_MODDLE };

/** The XML handed to bpmn-engine: Camunda / Activiti namespaces read as Flowable's. */
export function engineSource(xml: string): string {
  let source = xml.trim();
  for (const uri of ALIASED_URIS) source = source.split(uri).join(FLOWABLE_URI);
  return source;
}

/**
 * The first DOCTYPE or entity declaration of a model's text (`<!DOCTYPE`, `<!ENTITY`), refused before any parser reads
 * it: entities are how XML reads files and URLs into a document (XXE) or grows a few bytes into gigabytes (billion
 * laughs), and no BPMN model needs one. The parsers here expand none, but a refusal does not depend on them.
 */
export function declarationIn(xml: string): string | undefined {
  const found = /<!\s*(DOCTYPE|ENTITY)\b/i.exec(xml);
  return found ? `<!${found[1].toUpperCase()}` : undefined;
}

const DECLARATION = /^\uFEFF?\s*<\?xml\b[^]*?\?>/;

/**
 * The text the compiler parses: the declaration (whatever encoding it names: the caller decoded the bytes) replaced
 * by its line breaks, so the parser's line numbers stay those of the file.
 */
export function parserSource(xml: string): string {
  let source = xml.replace(DECLARATION, (declaration) => declaration.replace(/[^\n]/g, '')).replace(/^\uFEFF/, '');
  // XML allows blanks around an attribute's `=` (`source ="x"`); the parser does not: they go, on the same line.
  source = source.replace(/<[A-Za-z][^>]*>/g, (tag) =>
    tag.replace(/([\w.-])[ \t]+=[ \t]*(["'])|=[ \t]+(["'])/g, (_m, name: string, q1: string, q2: string) =>
      name ? `${name}=${q1}` : `=${q2}`,
    ),
  );
  for (const uri of ALIASED_URIS) source = source.split(uri).join(FLOWABLE_URI);
  return source;
}

/** The encoding a file declares (`<?xml … encoding="…"?>`), read from its first bytes as ASCII. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  return /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1];
}

/** A byte-order mark, or the first `<?` in UTF-16 without one, decides before the declaration does. */
function markedEncoding(bytes: Uint8Array): string | undefined {
  const [a, b, c] = bytes;
  if (a === 0xef && b === 0xbb && c === 0xbf) return 'utf-8';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0x3c && b === 0x00) return 'utf-16le';
  if (a === 0x00 && b === 0x3c) return 'utf-16be';
  return undefined;
}

/**
 * An uploaded model's text, decoded by its byte-order mark or its declared encoding (UTF-8 when it declares none):
 * `ISO-8859-1`, `GBK`, `GB18030`, `UTF-16`… as an XML parser reads them. An unknown encoding or bytes that are not
 * text in it are a ModelError.
 */
export function decodeModel(bytes: Uint8Array): string {
  const declared = declaredEncoding(bytes);
  const encoding = markedEncoding(bytes) ?? declared ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(encoding, { fatal: true });
  } catch {
    throw new ModelError(`line 1: the declared encoding "${encoding}" is not known`);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw new ModelError(`the file is not ${declared ? `"${declared}"` : 'UTF-8'} text (declare its encoding)`);
  }
}
