import type { FastifyInstance } from 'fastify';
import { workCalendar } from '../../../shared/entities/system/work-calendar.ts';
import { failWith, ok } from '../../platform/errors.ts';
import { requireParam } from '../../platform/http.ts';
import type { Services } from '../../services.ts';
import { isDayType, tenantCalendar, WORK_CALENDAR_MESSAGES } from './work-calendar.service.ts';

/**
 * The work calendar beyond its CRUD screen: a day type is one of the dictionary's three, and anyone signed in
 * reads his tenant's calendar of a year (the leave forms count working days with it, as the server does).
 */
export async function workCalendarRoutes(app: FastifyInstance, { services }: { services: Services }) {
  services.entities.get(workCalendar.name)!.use({
    async beforeWrite(_trx, _user, values) {
      if (values.day_type !== undefined && !isDayType(values.day_type)) throw failWith(WORK_CALENDAR_MESSAGES.dayType);
    },
  });

  app.get(`/api/${workCalendar.service}/${workCalendar.name}/year`, async (request) => {
    const year = requireParam(request, 'year');
    if (!/^[1-9]\d{3}$/.test(year)) throw failWith(WORK_CALENDAR_MESSAGES.year); // PostgreSQL has no year 0
    const days = await tenantCalendar(services.db, request.user.tenantId, `${year}-01-01`, `${year}-12-31`);
    return ok(request, [...days].map(([calendarDate, dayType]) => ({ calendarDate, dayType })));
  });
}
