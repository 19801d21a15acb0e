import type { Holiday } from '@curbside/domain';
import type { WireHoliday } from '@curbside/contract';
import { isoDateShape } from './dates';
import { type ObjectReader, dateIn, positiveInteger, text } from './reader';

/** The most days a holiday may move a pickup: to the same weekday a week later. */
const MAX_DELAY_DAYS = 7;

export function readHoliday(r: ObjectReader): Holiday {
  return {
    date: r.required('date', dateIn(isoDateShape)),
    name: r.required('name', text),
    delayDays: r.required('delay_days', positiveInteger(MAX_DELAY_DAYS)),
  };
}

/** The company's holiday calendar (top level of the import file): `date` is `yyyy-MM-dd`. */
export const holidayCodec = {
  encode(holiday: Holiday): WireHoliday {
    return { date: isoDateShape.format(holiday.date), name: holiday.name, delay_days: String(holiday.delayDays) };
  },
};
