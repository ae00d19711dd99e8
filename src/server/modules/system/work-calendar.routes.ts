import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { failWith, ok } from '../../platform/errors.ts';
import { requiredParam } from '../../platform/http.ts';
import { Param, queryParams } from '../../platform/route-schemas.ts';
import type { Services } from '../../services.ts';
import { tenantCalendar, WORK_CALENDAR_MESSAGES } from './work-calendar.service.ts';
import { answers } from '../../platform/response-schemas.ts';
import { WORK_CALENDAR_YEAR_URL } from '../../../shared/contract/api/system.ts';
import { CalendarDay } from '../../../shared/contract/api/system.schemas.ts';
import { Type } from 'typebox';

/**
 * The work calendar beyond its CRUD screen: anyone signed in reads his tenant's calendar of a year (the leave forms
 * count working days with it, as the server does).
 */
export async function workCalendarRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const yearQuery = { schema: { ...queryParams({ year: Param }), ...answers(Type.Array(CalendarDay)) } };
  app.get(WORK_CALENDAR_YEAR_URL, yearQuery, async (request) => {
    const year = requiredParam(request.query, 'year');
    if (!/^[1-9]\d{3}$/.test(year)) throw failWith(WORK_CALENDAR_MESSAGES.year); // PostgreSQL has no year 0
    const days = await tenantCalendar(services.db, request.user.tenantId, `${year}-01-01`, `${year}-12-31`);
    return ok(
      request,
      [...days].map(([calendarDate, dayType]) => ({ calendarDate, dayType })),
    );
  });
}
