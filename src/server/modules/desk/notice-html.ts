import sanitizeHtml from 'sanitize-html';

/** Where the object store serves files (a notice's uploaded images): the only relative image source kept. */
const OBJECT_STORE_PATH = /^\/api\/blade-resource\//;
const WEB_URL = /^https?:\/\//i;
const ALIGN = [/^(left|right|center|justify)$/];

/**
 * A notice's HTML as every reader receives it: what the editor makes (paragraphs, headings, lists, marks, links,
 * images, tables) and nothing that runs. Scripts, event attributes, styles beyond alignment and every URL scheme but
 * http(s) and mailto are dropped, whatever the client sent.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'span',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
    '*': ['style'],
  },
  allowedStyles: { '*': { 'text-align': ALIGN } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // The text of a dropped <script> or <style> must not show either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
  // An image from anywhere but the web or the tenant's object store (a relative path elsewhere) goes.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !(WEB_URL.test(frame.attribs.src ?? '') || OBJECT_STORE_PATH.test(frame.attribs.src ?? '')),
};

export const sanitizeNoticeHtml = (html: string): string => sanitizeHtml(html, OPTIONS);
