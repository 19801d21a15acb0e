import type { Holiday } from '@curbside/domain';
import { sync as ical, type VEvent } from 'node-ical';
import { messagesFor } from '@curbside/messages';
import { CALENDAR_MESSAGES, CALENDAR_WEEKS, type CalendarService, pickupCalendar, type PickupCalendarRequest } from './calendar';

const messages = messagesFor({ languages: ['en', 'es', 'zh-Hans', 'zh-Hant', 'vi', 'tl', 'ko', 'ar'] });

const cart: CalendarService = {
  id: '3001',
  name: 'Hauling - 96 Gallon Cart for MSW, Residential; weekly',
  schedule: { days: ['MONDAY', 'THURSDAY'], everyWeeks: 1, startsOn: '2026-01-05' },
};
const recycling: CalendarService = {
  id: '3002',
  name: 'Recycling',
  schedule: { days: ['FRIDAY'], everyWeeks: 2, startsOn: '2026-01-09' },
};
const rollOff: CalendarService = { id: '3003', name: 'Roll-off 30 yd', schedule: null };
const thanksgiving: Holiday = { date: '2026-11-26', name: 'Thanksgiving Day', delayDays: 1 };
const christmas: Holiday = { date: '2026-12-25', name: 'Christmas Day', delayDays: 1 };

const request: PickupCalendarRequest = {
  words: messages.writer('en', CALENDAR_MESSAGES),
  customerId: '1000001',
  services: [cart, recycling, rollOff],
  holidays: [thanksgiving, christmas],
  today: '2026-11-23', // a Monday
};

interface ReadEvent {
  uid: string;
  summary: string;
  description: string;
  /** `yyyy-MM-dd`. */
  start: string;
  end: string;
  allDay: boolean;
}

/** The feed's events as a calendar app reads them, in date order. */
function events(text: string): ReadEvent[] {
  return Object.values(ical.parseICS(text))
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    .map((event) => ({
      uid: event.uid,
      summary: textOf(event.summary),
      description: textOf(event.description),
      start: day(event.start),
      end: event.end ? day(event.end) : '',
      allDay: event.datetype === 'date' && event.start.dateOnly === true,
    }))
    .sort((a, b) => a.start.localeCompare(b.start));
}

/** A text property's value: node-ical gives one with parameters (`;LANGUAGE=en`) as `{params, val}`. */
const textOf = (value: unknown): string => (typeof value === 'object' && value !== null && 'val' in value ? String((value as { val: unknown }).val) : String(value));

/** An all-day date as the parser gives it (local midnight) back as `yyyy-MM-dd`. */
const day = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const nextDay = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('pickupCalendar: the iCalendar feed', () => {
  const feed = events(pickupCalendar(request));

  it('is a calendar with one all-day event per pickup of the next 12 weeks', () => {
    // 12 weeks: 24 Mondays and Thursdays of the cart, 6 alternate Fridays of recycling, nothing for the roll-off.
    expect(feed).toHaveLength(CALENDAR_WEEKS * 2 + 6);
    for (const event of feed) {
      expect(event.allDay).toBe(true);
      expect(event.end).toBe(nextDay(event.start));
    }
    expect(feed[0].start).toBe('2026-11-23');
    expect(feed[feed.length - 1].start).toBe('2027-02-11'); // the last Thursday before 2027-02-15, 12 weeks on
  });

  it('names the service and its schedule', () => {
    const monday = feed.find((event) => event.start === '2026-11-30');
    expect(monday?.summary).toBe(`${cart.name} pickup`);
    expect(monday?.description).toBe('Every Monday and Thursday.');
    expect(feed.filter((e) => e.summary.startsWith('Recycling')).map((e) => e.start)).toEqual([
      '2026-11-28', // Friday 11-27, after Thanksgiving on Thursday
      '2026-12-11',
      '2026-12-26', // Christmas Day itself
      '2027-01-08',
      '2027-01-22',
      '2027-02-05',
    ]);
  });

  it('puts a pickup moved by a holiday on its new day and says why', () => {
    const dates = feed.filter((e) => e.summary.startsWith(cart.name)).map((e) => e.start);
    expect(dates).toContain('2026-11-27');
    expect(dates).not.toContain('2026-11-26');
    const moved = feed.find((event) => event.start === '2026-11-27');
    expect(moved?.summary).toBe(`${cart.name} pickup (moved: Thanksgiving Day)`);
    expect(moved?.description).toBe(
      'Moved from Thursday, November 26 to Friday, November 27 because of the holiday Thanksgiving Day. Every Monday and Thursday.',
    );
  });

  it('writes its texts in the request\u2019s language, marked with it; UIDs and dates as in every language (CONTRACT §11)', () => {
    const english = pickupCalendar(request);
    expect(english).toContain('X-WR-CALNAME:Pickups of customer 1000001');
    expect(english).toMatch(/^SUMMARY;LANGUAGE=en:Recycling pickup\r?$/m);
    const spanish = pickupCalendar({ ...request, words: messages.writer('es', CALENDAR_MESSAGES) });
    expect(spanish).toContain('X-WR-CALNAME:Recolecciones del cliente 1000001');
    expect(spanish).toMatch(/^SUMMARY;LANGUAGE=es:Recolección de Recycling\r?$/m);
    expect(events(spanish).find((event) => event.start === '2026-11-27')?.description).toBe(
      'Cambiada del jueves, 26 de noviembre al viernes, 27 de noviembre por el día festivo Thanksgiving Day. Cada lunes y jueves.',
    );
    const arabic = pickupCalendar({ ...request, words: messages.writer('ar', CALENDAR_MESSAGES) });
    expect(arabic).toMatch(/^DESCRIPTION;LANGUAGE=ar:/m);
    const uidsAndDays = (text: string) => events(text).map((event) => `${event.uid} ${event.start}`);
    expect(uidsAndDays(spanish)).toEqual(uidsAndDays(english));
    expect(uidsAndDays(arabic)).toEqual(uidsAndDays(english));
  });

  it('keeps the UID of a pickup between builds, across days and when a holiday moves it', () => {
    expect(pickupCalendar(request)).toBe(pickupCalendar(request));
    const uidsByDay = new Map(feed.map((e) => [`${e.summary.split(' pickup')[0]}|${e.start}`, e.uid]));
    const tomorrow = events(pickupCalendar({ ...request, today: '2026-11-24' }));
    for (const event of tomorrow.filter((e) => e.start <= '2027-02-14')) {
      expect(uidsByDay.get(`${event.summary.split(' pickup')[0]}|${event.start}`)).toBe(event.uid);
    }
    const withoutHolidays = events(pickupCalendar({ ...request, holidays: [] }));
    const scheduledThursday = withoutHolidays.find((e) => e.start === '2026-11-26');
    expect(scheduledThursday?.uid).toBe('1000001-3001-2026-11-26@curbside');
    expect(feed.find((e) => e.start === '2026-11-27')?.uid).toBe(scheduledThursday?.uid);
    expect(new Set(feed.map((e) => e.uid)).size).toBe(feed.length);
  });

  it('is empty, but still a calendar, for a customer without schedules', () => {
    const text = pickupCalendar({ ...request, services: [rollOff] });
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(events(text)).toEqual([]);
  });
});
