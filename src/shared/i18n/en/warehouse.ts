import type { Resource } from '../resource.ts';
import type { warehouse as zh } from '../zh/warehouse.ts';

export const warehouse: Resource<typeof zh> = {
  post: 'Post',
  postConfirm: 'Post the {{count}} selected movements? Posted movements cannot be changed or deleted.',
  postOnlyPending: 'Only pending movements can be posted',
  posted: '{{count}} posted',
  quickMovement: 'Quick movement',
  stock: 'Stock',
  stockTitle: 'Stock: {{part}}',
  noStock: 'The part has no stock',
};
