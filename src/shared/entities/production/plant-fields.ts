import type { FieldDef } from '../define.ts';

/**
 * The company (plant) and workshop a shop-floor row belongs to (domain/production.md: company > workshop > line >
 * station), declared alike on lines, station groups, devices and workers.
 */
export const plantField = {
  type: 'string',
  max: 64,
  company: true,
  list: true,
  form: true,
  filter: true,
  label: { zh: '所属工厂', en: 'Company / plant' },
  required: true,
} as const satisfies FieldDef;

export const workshopField = {
  type: 'string',
  max: 32,
  bizDict: 'workshop_type',
  list: true,
  form: true,
  filter: true,
  label: { zh: '所属车间', en: 'Workshop' },
  required: true,
} as const satisfies FieldDef;
