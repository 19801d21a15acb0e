import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { PickupSchedules, RequestOptions, type RequestOption } from '@curbside/application';
import { FeedTokenService, RESIDENT_FEED_CLIENT } from '@curbside/auth';
import { CHANNEL_NAMES, type ChannelName, type ContactAddress, type Id, type Preference, type PreferenceCategory, type SelectionType, type ServiceRequestType } from '@curbside/domain';
import { ContactRepository, PreferenceRepository } from '@curbside/persistence';
import { Clock } from '../platform';
import { feedUrl } from '../services/calendar-feed.controller';
import { languageName, type Words } from './page-words';
import { RESIDENT_PAGE_OPTIONS, type ResidentPageOptions } from './resident-page.options';

/** A resident's page shows the pickups of this many days (CONTRACT §12). */
export const PICKUP_DAYS = 28;

/** One reminder setting the page shows: a selection that holds an address or a number. */
export interface Reminder {
  /** The form field: `r<n>`, by the selection's place among those shown. */
  id: string;
  category: PreferenceCategory;
  channel: ChannelName;
  type: SelectionType;
  value: string;
  on: boolean;
}

/** A field at fault and its message (HTML). */
export interface FieldError {
  field: string;
  html: string;
}

/** What a form sent back, to show again with its errors. */
export interface FormState {
  kind: RequestKind | 'language';
  choice: string | null;
  comments: string;
  errors: FieldError[];
}

/** The page's two request forms, by their path under /my. */
export const REQUEST_KINDS = { 'missed-pickup': 'MISSED_PICKUP', 'extra-pickup': 'EXTRA_PICKUP' } as const satisfies Record<string, ServiceRequestType>;
export type RequestKind = keyof typeof REQUEST_KINDS;

/** A request option as a form value: `<serviceId>|<date>`. */
export const optionValue = (option: Pick<RequestOption, 'serviceId' | 'date'>): string => `${option.serviceId}|${option.date}`;

/** What the language of a page and its layout need. */
export interface PageFrame {
  words: Words;
  /** `?lang=<tag>` when the page's language came from the address, so the next page keeps it. */
  query: string;
}

/**
 * Builds what the resident's pages show (CONTRACT §12) from the application's reads: the
 * pickups of 28 days with their holiday moves, what §9 allows to ask for, the reminders of the
 * selections on file (masked), and a calendar feed link. Renders nothing; the controller does.
 */
@Injectable()
export class PageViews {
  constructor(
    @Inject(RESIDENT_PAGE_OPTIONS) private readonly options: ResidentPageOptions,
    private readonly schedules: PickupSchedules,
    private readonly requestOptions: RequestOptions,
    private readonly preferences: PreferenceRepository,
    private readonly contacts: ContactRepository,
    private readonly feedTokens: FeedTokenService,
    private readonly clock: Clock,
  ) {}

  /** The layout's members and the message function of a page in `lang`. */
  frame({ words, query }: PageFrame, title: string): Record<string, unknown> {
    return { lang: words.lang, dir: words.dir, brand: this.options.brandName, title: `${title} \u2013 ${this.options.brandName}`, t: words.html, query };
  }

  /** The reminders the page shows and changes, in the order of the stored preferences. */
  async reminders(customerId: Id): Promise<Reminder[]> {
    return remindersOf(await this.preferences.list(customerId));
  }

  /** The request options of now, by kind. */
  requestable(customerId: Id): Promise<Record<ServiceRequestType, RequestOption[]>> {
    return this.requestOptions.execute(customerId, this.clock.today(), this.options.extraPickupsPerMonth);
  }

  /** The whole page's data; `form` is a request form sent back with its errors. */
  async page(customerId: Id, frame: PageFrame, formToken: string, form: FormState | null = null): Promise<Record<string, unknown>> {
    const { words } = frame;
    const lang = words.lang;
    const today = this.clock.today();
    const [upcoming, requestable, reminders, contact, feedToken] = await Promise.all([
      this.schedules.upcoming(customerId, today, PICKUP_DAYS),
      this.requestable(customerId),
      this.reminders(customerId),
      this.contacts.find(customerId, 'service'),
      this.feedTokens.issue({ clientId: RESIDENT_FEED_CLIENT, customerId }),
    ]);
    const t = words.html;
    const errors = form?.errors ?? [];
    const requestForm = (kind: RequestKind, prefix: 'missed' | 'extra') => ({
      kind,
      heading: t(`${prefix}.heading`),
      hint: t(`${prefix}.hint`, { limit: this.options.extraPickupsPerMonth }),
      none: t(`${prefix}.none`),
      legend: t(`${prefix}.pickup`),
      submit: t(`${prefix}.submit`),
      requestKey: randomBytes(16).toString('base64url'),
      comments: form?.kind === kind ? form.comments : '',
      options: requestable[REQUEST_KINDS[kind]].map((option) => ({
        value: optionValue(option),
        html: t('request.option', { service: option.serviceName, date: words.day(option.date) }),
        text: words.text('request.option', { service: option.serviceName, date: words.day(option.date) }),
        checked: form?.kind === kind && form.choice === optionValue(option),
      })),
    });
    return {
      ...this.frame(frame, errors.length > 0 ? `${words.text('error.word')}: ${words.text('page.title')}` : words.text('page.title')),
      errors,
      errorOf: (field: string) => errors.find((error) => error.field === field || error.field.startsWith(`${field}-`)) ?? null,
      formToken,
      address: contact === null ? null : addressLine(contact.address),
      services: upcoming.map((service) => ({
        name: service.name,
        pickups: service.pickups.map((pickup) => ({
          day: words.day(pickup.date).text,
          movedHtml:
            pickup.holidays.length === 0 ? null : t('page.pickups.moved', { scheduled: words.day(pickup.scheduledDate), holiday: pickup.holidays.map((h) => h.name).join(', ') }),
        })),
      })),
      calendarUrl: `${feedUrl(this.options.publicBaseUrl, feedToken)}?lang=${encodeURIComponent(lang)}`,
      missed: requestForm('missed-pickup', 'missed'),
      extra: requestForm('extra-pickup', 'extra'),
      reminders: reminders.map((reminder) => ({
        id: reminder.id,
        on: reminder.on,
        legendHtml: t('reminders.legend', {
          category: words.text(`category.${reminder.category}`),
          channel: words.text(`channel.${reminder.channel}`),
          address: masked(reminder.channel, reminder.value),
        }),
      })),
      languages: this.options.languages.map((tag) => ({ tag, name: languageName(tag), selected: tag === lang })),
    };
  }
}

/** Each selection of each category and channel that holds an address or a number. */
export function remindersOf(preferences: readonly Preference[]): Reminder[] {
  const reminders: Reminder[] = [];
  for (const preference of preferences) {
    for (const channel of [...preference.channels].sort((a, b) => CHANNEL_NAMES.indexOf(a.name) - CHANNEL_NAMES.indexOf(b.name))) {
      for (const selection of channel.selections) {
        if (selection.value.trim() === '') continue;
        reminders.push({ id: `r${reminders.length}`, category: preference.category, channel: channel.name, type: selection.type, value: selection.value, on: selection.optIn });
      }
    }
  }
  return reminders;
}

/** `j•••@example.com`, `•••-•••-1234`: enough for the reader to know it, not enough to harvest (a link gets forwarded). */
export function masked(channel: ChannelName, value: string): string {
  if (channel === 'Email') {
    const at = value.lastIndexOf('@');
    return at <= 0 ? '\u2022\u2022\u2022' : `${value[0]}\u2022\u2022\u2022${value.slice(at)}`;
  }
  const digits = value.replace(/\D/g, '');
  return `\u2022\u2022\u2022-\u2022\u2022\u2022-${digits.slice(-4)}`;
}

/** The service address on one line, as stored. */
function addressLine(address: ContactAddress): string | null {
  const region = [address.state ?? address.province, address.zip ?? address.postalCode].filter(Boolean).join(' ');
  const line = [address.street, address.city, region].filter((part) => part !== null && part !== '').join(', ');
  return line === '' ? null : line;
}
