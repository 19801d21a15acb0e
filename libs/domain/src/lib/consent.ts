import { wallClockIn } from './dates';
import type { Preference, PreferenceCategory, SelectionType, SelectionUpdate } from './preferences';
import type { Id } from './values';

/**
 * CONTRACT §10: the ways a resident says stop (and start again) to texts, and when texts and
 * calls may not go. Pure functions; the notifier and the API's inbound door ask them.
 */

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

/** What an inbound text asks for: opt out, opt back in, or nothing (any other body). */
export type TextKeyword = 'stop' | 'start' | null;

/** `languageStopWords`: the stop words the offered languages' catalogs add (CONTRACT §11: `es` adds PARAR, CANCELAR, ALTO), upper case. */
export function textKeywordOf(body: string, languageStopWords: readonly string[] = []): TextKeyword {
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word) || languageStopWords.includes(word)) return 'stop';
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

/**
 * One-click unsubscribe: the Email selections of `category` that are opted in at `address`
 * (compared by `emailKey`), each as the update that opts it out. Empty when none is in.
 */
export function unsubscribeUpdates(preferences: readonly Preference[], category: PreferenceCategory, address: string): SelectionUpdate[] {
  return preferences
    .filter((preference) => preference.category === category)
    .flatMap((preference) => preference.channels.filter((channel) => channel.name === 'Email'))
    .flatMap((channel) => channel.selections.filter((selection) => selection.optIn && emailKey(selection.value) === emailKey(address)))
    .map((selection) => ({ category, channel: 'Email', type: selection.type, value: selection.value, optIn: false }));
}

/** A stored Text selection, as STOP and START look for it. */
export interface TextSelection {
  customerId: Id;
  category: PreferenceCategory;
  type: SelectionType;
  value: string;
}

/**
 * STOP and START: of `selections`, those whose number is `phone` (compared by `phoneKey`), as
 * updates to `optIn`, by customer in the order first seen. Empty when `phone` has no digits.
 */
export function textOptInUpdates(selections: readonly TextSelection[], phone: string, optIn: boolean): Map<Id, SelectionUpdate[]> {
  const key = phoneKey(phone);
  const byCustomer = new Map<Id, SelectionUpdate[]>();
  if (key === '') return byCustomer;
  for (const { customerId, category, type, value } of selections) {
    if (phoneKey(value) !== key) continue;
    const updates = byCustomer.get(customerId) ?? [];
    updates.push({ category, channel: 'Text', type, value, optIn });
    byCustomer.set(customerId, updates);
  }
  return byCustomer;
}
