import type { FieldDef } from './define.ts';

/**
 * 附件 of a business document (an expense claim's receipts): the uploads of the form's uploader, kept as comma-joined
 * attachment ids (about fifty fit). Not an Excel column: a file name in a cell opens nothing, its links last minutes,
 * and an import could not map a name back to an upload.
 */
export const ATTACHMENTS_FIELD = {
  type: 'attachments',
  max: 1000,
  form: true,
  label: { zh: '附件', en: 'Attachments' },
} as const satisfies FieldDef;
