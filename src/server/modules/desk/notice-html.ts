import sanitizeHtml from 'sanitize-html';

/**
 * A lasting link to an object of the tenant's store (storage.service.ts `linkOf`: `/oss/<tenant>/<config>/<key>?sign=`,
 * what an upload answers): the only image source a notice keeps. It signs a short-lived link whenever it is read, so
 * a reader opening the notice months later still sees its images, private store or not.
 */
const objectLink = (tenantId: string) =>
  new RegExp(`^/oss/${tenantId}/\\d{1,19}/[A-Za-z0-9%._~!$&'()*+,;=:@/-]+\\?sign=[A-Za-z0-9_-]+$`);
const ALIGN = [/^(left|right|center|justify)$/];

/**
 * A notice's HTML as every reader receives it: what the editor makes (paragraphs, headings, lists, marks, links,
 * images, tables) and nothing that runs. Scripts, event attributes, styles beyond alignment and every URL scheme but
 * http(s) and mailto are dropped, whatever the client sent; images only from the tenant's object store (the editor
 * uploads pasted and dropped ones there), never inline `data:` or from elsewhere.
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
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  // The text of a dropped <script> or <style> must not show either.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};

/** `html` as a notice of `tenantId` keeps it: an image from anywhere but the tenant's object store goes. */
export function sanitizeNoticeHtml(html: string, tenantId: string): string {
  const ours = objectLink(tenantId);
  return sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: (frame) => frame.tag === 'img' && !ours.test(frame.attribs.src ?? ''),
  });
}
