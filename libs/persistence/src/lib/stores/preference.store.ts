import type { Channel, ChannelName, Preference, PreferenceCategory, Selection, SelectionType } from '@curbside/domain';
import {
  PreferenceCategoryEntity,
  PreferenceChannelEntity,
  PreferenceOptionEntity,
  PreferenceSelectionEntity,
} from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows, groupBy, inStoredOrder, insertRows, selectRows, withKeys } from './rows';

/** Preferences are keyed by category; a category goes with its channels, selections and options. */
export const preferenceStore: RecordStore<Preference> = {
  key: (preference) => preference.category,

  async load(manager, customerId, keys) {
    const ofCategories = (order: ReturnType<typeof inStoredOrder>) => ({ keys: withKeys('category', keys), order });
    const categories = await selectRows(manager, PreferenceCategoryEntity, customerId, ofCategories(inStoredOrder()));
    const channels = await selectRows(
      manager,
      PreferenceChannelEntity,
      customerId,
      ofCategories(inStoredOrder('category')),
    );
    const selections = await selectRows(
      manager,
      PreferenceSelectionEntity,
      customerId,
      ofCategories(inStoredOrder('category', 'channel')),
    );
    const options = await selectRows(
      manager,
      PreferenceOptionEntity,
      customerId,
      ofCategories(inStoredOrder('category', 'channel')),
    );

    const channelsByCategory = groupBy(channels, (row) => row.category);
    const selectionsByChannel = groupBy(selections, (row) => `${row.category}/${row.channel}`);
    const optionsByChannel = groupBy(options, (row) => `${row.category}/${row.channel}`);
    return categories.map((category) => ({
      category: category.category as PreferenceCategory,
      enabled: category.enabled,
      channels: (channelsByCategory.get(category.category) ?? []).map((channel): Channel => ({
        name: channel.channel as ChannelName,
        optIn: channel.optIn,
        selections: (selectionsByChannel.get(`${channel.category}/${channel.channel}`) ?? []).map(toSelection),
        options: (optionsByChannel.get(`${channel.category}/${channel.channel}`) ?? []).map((option) => ({
          type: option.type as SelectionType,
          value: option.value,
        })),
      })),
    }));
  },

  async insert(manager, customerId, preferences) {
    const channels = preferences.flatMap(({ category, channels }) =>
      channels.map((channel, position) => ({ category, channel, position })),
    );
    await insertRows(
      manager,
      PreferenceCategoryEntity,
      preferences.map(({ category, enabled }, position) => ({ customerId, category, position, enabled })),
    );
    await insertRows(
      manager,
      PreferenceChannelEntity,
      channels.map(({ category, channel, position }) => ({
        customerId,
        category,
        channel: channel.name,
        position,
        optIn: channel.optIn,
      })),
    );
    await insertRows(
      manager,
      PreferenceSelectionEntity,
      channels.flatMap(({ category, channel }) =>
        channel.selections.map((selection, position) =>
          toSelectionRow(customerId, category, channel.name, position, selection),
        ),
      ),
    );
    await insertRows(
      manager,
      PreferenceOptionEntity,
      channels.flatMap(({ category, channel }) =>
        channel.options.map(({ type, value }, position) => ({
          customerId,
          category,
          channel: channel.name,
          position,
          type,
          value,
        })),
      ),
    );
  },

  delete: (manager, customerId, keys) => deleteRows(manager, PreferenceCategoryEntity, customerId, 'category', keys),
};

export function toSelectionRow(
  customerId: string,
  category: string,
  channel: string,
  position: number,
  { type, value, optIn, audit }: Selection,
): PreferenceSelectionEntity {
  return { customerId, category, channel, type, position, value, optIn, ...audit };
}

function toSelection(row: PreferenceSelectionEntity): Selection {
  return {
    type: row.type as SelectionType,
    value: row.value,
    optIn: row.optIn,
    audit: {
      createdBy: row.createdBy,
      createdAt: row.createdAt,
      modifiedBy: row.modifiedBy,
      modifiedAt: row.modifiedAt,
    },
  };
}
