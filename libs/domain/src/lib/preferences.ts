import type { AuditInfo } from './values';

export const PREFERENCE_CATEGORIES = ['Service Notification', 'Service Exception'] as const;
export type PreferenceCategory = (typeof PREFERENCE_CATEGORIES)[number];

export const CHANNEL_NAMES = ['Text', 'Email', 'Voice'] as const;
export type ChannelName = (typeof CHANNEL_NAMES)[number];

/** B = billing contact, S = service contact. */
export const SELECTION_TYPES = ['BEMAIL', 'SEMAIL', 'BMOBILE', 'SMOBILE', 'BPHONE', 'SPHONE'] as const;
export type SelectionType = (typeof SELECTION_TYPES)[number];

export const isEmailSelection = (type: SelectionType): boolean => type.endsWith('EMAIL');

export interface Selection {
  type: SelectionType;
  /** An email address for *EMAIL types, a phone number otherwise. */
  value: string;
  optIn: boolean;
  audit: AuditInfo;
}

export interface ChannelOption {
  type: SelectionType;
  value: string;
}

export interface Channel {
  name: ChannelName;
  optIn: boolean;
  selections: Selection[];
  options: ChannelOption[];
}

export interface Preference {
  category: PreferenceCategory;
  enabled: boolean;
  channels: Channel[];
}

/** One selection to change, as PUT communication-preferences names it. */
export interface SelectionUpdate {
  category: PreferenceCategory;
  channel: ChannelName;
  type: SelectionType;
  value: string;
  optIn: boolean;
}
