import { CHANNEL_NAMES, PREFERENCE_CATEGORIES, SELECTION_TYPES, isEmailSelection } from '@curbside/domain';
import type {
  Channel,
  ChannelName,
  ChannelOption,
  Preference,
  PreferenceCategory,
  Selection,
  SelectionType,
  SelectionUpdate,
} from '@curbside/domain';
import { encodeAuditInfo, readAuditInfo } from './audit-info';
import { isEmailAddress, isPhoneNumber } from './contact-values';
import { dateTimeShape } from './dates';
import { findDuplicates } from './duplicates';
import { type ObjectReader, type ValueParser, atMost, decodeStrictly, nonBlank, oneOf, text, yesNoFlag } from './reader';
import { yesNo } from './wire';
import type { WirePreference } from '@curbside/contract';

/** The body of PUT communication-preferences (operation 10), read. */
export interface PreferencesUpdate {
  updates: SelectionUpdate[];
  modifiedBy: string;
}

/** The most characters PUT communication-preferences takes in a selection's value (an email address: 254, as SMTP carries) and in `modified_by`. */
export const PREFERENCES_UPDATE_MAX_LENGTHS = { value: 254, modifiedBy: 100 } as const;

/**
 * Reads `type` and `value` of a selection or option: the value must fit the type (an email
 * address for *EMAIL, a phone number for *MOBILE and *PHONE), and the type must fit the
 * channel (Email takes *EMAIL types; Text and Voice take the phone types).
 */
function readTypedValue(r: ObjectReader, channel: ChannelName | undefined, valueText: ValueParser<string> = text): { type: SelectionType; value: string } {
  const value = r.required('value', valueText);
  const type: SelectionType | undefined = r.required('type', oneOf(SELECTION_TYPES));
  if (type === undefined) return { type, value };
  const isEmail = isEmailSelection(type);
  if (value !== undefined && isEmail && !isEmailAddress(value)) {
    r.report(r.fieldPath('value'), `a ${type} selection needs an email address`);
  }
  if (value !== undefined && !isEmail && !isPhoneNumber(value)) {
    r.report(r.fieldPath('value'), `a ${type} selection needs a phone number (7 to 15 digits)`);
  }
  if (channel !== undefined && (channel === 'Email') !== isEmail) {
    const fitting = channel === 'Email' ? 'BEMAIL or SEMAIL' : 'BMOBILE, SMOBILE, BPHONE or SPHONE';
    r.report(r.fieldPath('type'), `the ${channel} channel takes ${fitting}`);
  }
  return { type, value };
}

function reportDuplicateKeys<T>(r: ObjectReader, list: string, member: string, items: T[], keyOf: (item: T) => string): void {
  findDuplicates(items, keyOf, (index, firstIndex, key) =>
    r.report(`${r.fieldPath(list)}[${index}].${member}`, `duplicate ${member} ${key} (also ${list}[${firstIndex}])`),
  );
}

function readSelection(r: ObjectReader, channel: ChannelName | undefined): Selection {
  const { type, value } = readTypedValue(r, channel);
  return { type, value, optIn: r.required('is_opt_in', yesNoFlag), audit: readAuditInfo(r, dateTimeShape) };
}

function readChannel(r: ObjectReader): Channel {
  const name: ChannelName | undefined = r.required('name', oneOf(CHANNEL_NAMES));
  const optIn = r.required('is_opt_in', yesNoFlag);
  const selections = r.list('selections', (s) => readSelection(s, name));
  reportDuplicateKeys(r, 'selections', 'type', selections, (s) => s.type);
  const options = r.list('options', (o): ChannelOption => readTypedValue(o, name));
  return { name, optIn, selections, options };
}

export function readPreference(r: ObjectReader): Preference {
  const category = r.required('category', oneOf(PREFERENCE_CATEGORIES));
  const enabled = r.required('is_category_enabled', yesNoFlag);
  const channels = r.list('channels', readChannel);
  reportDuplicateKeys(r, 'channels', 'name', channels, (c) => c.name);
  return { category, enabled, channels };
}

function readUpdateRequest(r: ObjectReader): PreferencesUpdate {
  const updates: SelectionUpdate[] = [];
  const categories = r.nonEmptyList('preferences', 'preference', (p) => {
    const category: PreferenceCategory = p.required('category', oneOf(PREFERENCE_CATEGORIES));
    const channels = p.nonEmptyList('channels', 'channel', (c) => {
      const channel: ChannelName = c.required('name', oneOf(CHANNEL_NAMES));
      const selections = c.nonEmptyList('selections', 'selection', (s) => {
        const { type, value } = readTypedValue(s, channel, atMost(PREFERENCES_UPDATE_MAX_LENGTHS.value, text));
        const update = { category, channel, type, value, optIn: s.required('is_opt_in', yesNoFlag) };
        updates.push(update);
        return update;
      });
      reportDuplicateKeys(c, 'selections', 'type', selections, (s) => s.type);
      return channel;
    });
    reportDuplicateKeys(p, 'channels', 'name', channels, (name) => name);
    return category;
  });
  reportDuplicateKeys(r, 'preferences', 'category', categories, (category) => category);
  if (!r.has('audit_info')) {
    r.report(r.fieldPath('audit_info'), 'is required');
    return { updates, modifiedBy: '' };
  }
  const modifiedBy = r.object('audit_info', (a) => a.required('modified_by', atMost(PREFERENCES_UPDATE_MAX_LENGTHS.modifiedBy, nonBlank)));
  return { updates, modifiedBy };
}

/** Communication preferences: flags Y/N, selection audit datetimes `yyyy-MM-dd HH:mm:ss`. */
export const preferenceCodec = {
  /** An entry of the preference list (operation 9), also the import-file record. */
  encode(preference: Preference): WirePreference {
    return {
      category: preference.category,
      is_category_enabled: yesNo(preference.enabled),
      channels: preference.channels.map((channel) => ({
        name: channel.name,
        is_opt_in: yesNo(channel.optIn),
        selections: channel.selections.map((selection) => ({
          value: selection.value,
          type: selection.type,
          is_opt_in: yesNo(selection.optIn),
          audit_info: encodeAuditInfo(selection.audit, dateTimeShape),
        })),
        options: channel.options.map((option) => ({ value: option.value, type: option.type })),
      })),
    };
  },

  /** Strictly reads a preference object; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'preference'): Preference {
    return decodeStrictly(wire, path, readPreference);
  },

  /**
   * Strictly reads the body of PUT communication-preferences:
   * `{preferences: [{category, channels: [{name, selections: [{value, type, is_opt_in}]}]}], audit_info: {modified_by}}`.
   * Field paths in the DecodeError start at the body root, e.g. `preferences[0].channels[1].selections[0].type`.
   */
  decodeUpdateRequest(body: unknown): PreferencesUpdate {
    return decodeStrictly(body, '', readUpdateRequest);
  },
};
