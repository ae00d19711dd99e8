import { defineEntity } from '../define.ts';

/**
 * A tenant's work calendar (工作日历): the days that differ from Monday-Friday work. Seeded with the weekends and the
 * public holidays and adjusted working days (调休) of the current and next year; the administrator adds a year's
 * arrangement when the State Council publishes it. Leave lengths are counted by it (shared/calendar/working-days.ts).
 */
export const workCalendar = defineEntity({
  name: 'work-calendar',
  service: 'blade-system',
  table: 'blade_work_calendar',
  label: { zh: '工作日历', en: 'Work calendar' },
  code: 'workcalendar',
  tenant: true,
  audit: true,
  filterStyle: 'entity',
  fields: {
    calendarDate: {
      type: 'date',
      list: true,
      form: true,
      export: true,
      filter: true,
      unique: { scope: [], message: { zh: '该日期已在工作日历中', en: 'This date is already in the work calendar' } },
      label: { zh: '日期', en: 'Date' },
      required: { zh: '请选择日期', en: 'Please select the date' },
    },
    dayType: {
      type: 'int',
      dict: 'work_day_type',
      default: 2,
      list: true,
      form: true,
      export: true,
      filter: true,
      label: { zh: '日期类型', en: 'Day type' },
      required: { zh: '请选择日期类型', en: 'Please select the day type' },
    },
    dayName: {
      type: 'string',
      max: 50,
      search: 'like',
      list: true,
      form: true,
      export: true,
      filter: true,
      label: { zh: '名称', en: 'Name' },
    },
    remark: { type: 'string', max: 255, list: true, form: true, label: { zh: '备注', en: 'Remark' } },
  },
  defaultSort: [['calendarDate', 'asc']],
});
