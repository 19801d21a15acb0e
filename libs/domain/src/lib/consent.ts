import { wallClockIn } from './dates';

/**
 * CONTRACT §10: the ways a resident says stop (and start again) to texts, and when texts and
 * calls may not go. Pure functions; the notifier and the API's inbound door ask them.
 */

/** What every text ends with (CTIA): how to stop. */
export const TEXT_OPT_OUT_LINE = ' Reply STOP to opt out.';

/** A Text or Voice message is at most this long, its ending included (CONTRACT §8, §10). */
export const SHORT_MESSAGE_MAX = 160;

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

/** What an inbound text asks for: opt out, opt back in, or nothing (any other body). */
export type TextKeyword = 'stop' | 'start' | null;

export function textKeywordOf(body: string): TextKeyword {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) return 'stop';
  return START_WORDS.has(word) ? 'start' : null;
}

/**
 * A phone number as compared for STOP: its digits, a leading North American `1` dropped, so
 * `+1 (555) 010-0100`, `1-555-010-0100` and `555.010.0100` are one number. Empty when it has no digits.
 */
export function phoneKey(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** An email address as compared for unsubscribes and suppressions: trimmed, lower case. */
export const emailKey = (address: string): string => address.trim().toLowerCase();

/** `text` with the opt-out line, within 160 characters: a longer text is shortened with `…` before the ending. */
export function withOptOutLine(text: string): string {
  const room = SHORT_MESSAGE_MAX - TEXT_OPT_OUT_LINE.length;
  return (text.length <= room ? text : `${text.slice(0, room - 1)}…`) + TEXT_OPT_OUT_LINE;
}

/** A daily window (`HH:mm`, wall clock of the operating time zone); `start` after `end` spans midnight. */
export interface DailyWindow {
  start: string;
  end: string;
}

const inWindow = (time: string, { start, end }: DailyWindow): boolean => (start <= end ? time >= start && time < end : time >= start || time < end);

const MINUTE_MS = 60_000;

/**
 * When the quiet hours around `now` end (the first minute of `timeZone`'s wall clock outside
 * them), or null when `now` is not inside them. Minute by minute, so a day whose clocks jump
 * is counted as the clock on the wall shows it.
 */
export function quietHoursEnd(window: DailyWindow | null, timeZone: string, now: Date): Date | null {
  if (window === null || !inWindow(wallClockIn(timeZone, now).time.slice(0, 5), window)) return null;
  let minute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
  for (let step = 0; step < 26 * 60 && inWindow(wallClockIn(timeZone, minute).time.slice(0, 5), window); step += 1) {
    minute = new Date(minute.getTime() + MINUTE_MS);
  }
  return minute;
}
