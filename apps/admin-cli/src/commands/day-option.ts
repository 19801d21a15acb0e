import { isCalendarDate, type LocalDate } from '@curbside/domain';
import { CliFailure, EXIT } from '../cli-failure';

/** A `yyyy-MM-dd` option naming a real day, or a usage error naming the option. */
export function parseDay(flag: string, value: string): LocalDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null || !isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]))) {
    throw new CliFailure(`${flag} must be a day, yyyy-MM-dd: "${value}"`, EXIT.usage);
  }
  return value;
}
