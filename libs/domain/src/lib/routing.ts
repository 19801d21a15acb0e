import type { EventType, NewEvent } from './events';
import type { ChannelName, Preference, PreferenceCategory, SelectionType } from './preferences';

/** Whose selections an event goes to: the service contact's (`S…`) or the billing contact's (`B…`). */
export type Audience = 'service' | 'billing';

export interface EventRoute {
  /** Null: the event is recorded and goes to webhooks only. */
  category: PreferenceCategory | null;
  audience: Audience | null;
  /** False: never posted to integrators' webhooks (the daily notices, CONTRACT §8). */
  webhooks: boolean;
}

const WEBHOOKS_ONLY: EventRoute = { category: null, audience: null, webhooks: true };
const service = (category: PreferenceCategory, webhooks = true): EventRoute => ({ category, audience: 'service', webhooks });

const ROUTES: Record<EventType, (event: NewEvent) => EventRoute> = {
  'ticket.created': () => service('Service Notification'),
  'ticket.status_changed': (event) =>
    service(event.payload['to'] === 'VOIDED' ? 'Service Exception' : 'Service Notification'),
  'disposal_ticket.voided': () => service('Service Exception'),
  'pickup.missed': () => service('Service Exception'),
  'case.opened': () => service('Service Notification'),
  'case.closed': () => service('Service Notification'),
  'invoice.issued': () => ({ category: 'Service Notification', audience: 'billing', webhooks: true }),
  'preferences.changed': () => WEBHOOKS_ONLY,
  'contacts.changed': () => WEBHOOKS_ONLY,
  'pickup.reminder': () => service('Service Notification', false),
  'pickup.moved': () => service('Service Exception', false),
  'route.alert': () => service('Service Exception'),
};

/** The event's category and audience (CONTRACT §5 table). */
export const routeOf = (event: NewEvent): EventRoute => ROUTES[event.type](event);

const AUDIENCE_TYPES: Record<Audience, readonly SelectionType[]> = {
  service: ['SEMAIL', 'SMOBILE', 'SPHONE'],
  billing: ['BEMAIL', 'BMOBILE', 'BPHONE'],
};

/** An email goes to an *EMAIL selection; a text or a call to a phone number. */
const fitsChannel = (channel: ChannelName, type: SelectionType): boolean =>
  (channel === 'Email') === type.endsWith('EMAIL');

/** One destination of a message: a customer's selection. */
export interface Recipient {
  channel: ChannelName;
  type: SelectionType;
  address: string;
}

/** Why a selection of the event's audience does not get it. */
export type Unreached = 'category disabled' | 'channel opted out' | 'selection opted out' | 'no address';

/**
 * Why `selection` (of `channel`, of `preference`) does not get a message of the event's
 * category: null when it does. The one rule `matchingRecipients` and `unreachedSelections` share.
 */
function unreachedBy(preference: Preference, channel: Preference['channels'][number], selection: Preference['channels'][number]['selections'][number]): Unreached | null {
  if (!preference.enabled) return 'category disabled';
  if (!channel.optIn) return 'channel opted out';
  if (!selection.optIn) return 'selection opted out';
  if (selection.value.trim() === '') return 'no address';
  return null;
}

/** The selections of the event's audience (and of each channel's kind): those a message may go to, reached or not. */
function audienceSelections(event: NewEvent, preferences: readonly Preference[]) {
  const { category, audience } = routeOf(event);
  if (category === null || audience === null) return [];
  const preference = preferences.find((candidate) => candidate.category === category);
  if (preference === undefined) return [];
  return preference.channels.flatMap((channel) =>
    channel.selections
      .filter((selection) => AUDIENCE_TYPES[audience].includes(selection.type) && fitsChannel(channel.name, selection.type))
      .map((selection) => ({ preference, channel, selection })),
  );
}

/**
 * The selections a message for `event` goes to, given the customer's preferences now: its
 * category enabled, the channel opted in, the selection opted in, and the selection's type
 * of the event's audience (and of the channel's kind).
 */
export function matchingRecipients(event: NewEvent, preferences: readonly Preference[]): Recipient[] {
  return audienceSelections(event, preferences)
    .filter(({ preference, channel, selection }) => unreachedBy(preference, channel, selection) === null)
    .map(({ channel, selection }) => ({ channel: channel.name, type: selection.type, address: selection.value.trim() }));
}

/** A selection of the event's audience that `matchingRecipients` leaves out, with why and who changed it last. */
export interface UnreachedSelection extends Recipient {
  why: Unreached;
  /** The selection's last change: who (a portal user, `UNSUBSCRIBE`, `STOP`) and when. */
  modifiedBy: string | null;
  modifiedAt: string | null;
}

/** What `matchingRecipients` leaves out of the event's audience, each with its reason (`notices explain`). */
export function unreachedSelections(event: NewEvent, preferences: readonly Preference[]): UnreachedSelection[] {
  return audienceSelections(event, preferences).flatMap(({ preference, channel, selection }) => {
    const why = unreachedBy(preference, channel, selection);
    if (why === null) return [];
    const { modifiedBy, modifiedAt } = selection.audit;
    return [{ channel: channel.name, type: selection.type, address: selection.value.trim(), why, modifiedBy, modifiedAt }];
  });
}
