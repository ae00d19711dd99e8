import { queryOptions } from '@tanstack/react-query';
import type { BusinessKind } from '../../../../client/api/flow.ts';
import { DESKTOP_KEY } from '../../../queries.ts';
import { fetchRequest } from './business.ts';

export const requestQuery = (kind: BusinessKind, businessId: string) =>
  queryOptions({
    queryKey: [DESKTOP_KEY, 'flow', 'request', kind, businessId],
    queryFn: () => fetchRequest(kind, businessId),
    staleTime: 0,
  });
