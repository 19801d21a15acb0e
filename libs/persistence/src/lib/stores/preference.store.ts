import type { Channel, ChannelName, Id, Preference, PreferenceCategory, Selection, SelectionType } from '@curbside/domain';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import {
  PreferenceCategoryEntity,
  PreferenceChannelEntity,
  PreferenceOptionEntity,
  PreferenceSelectionEntity,
} from '../entities';
import type { RecordStore } from './record-store';
import { chunk } from '../sql/chunk';
import { deleteRows } from '../sql/delete-rows';
import { groupBy } from '../sql/group-by';
import { insertRows } from '../sql/insert-rows';
import { inStoredOrder } from '../sql/query-steps';
import { fromRawColumns } from '../sql/raw-columns';
import { rawMany } from '../sql/raw-many';
import { selectRows, withKeys } from '../sql/select-rows';

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

    return assemble(categories, channels, selections, options);
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

/** Customers per query of `loadPreferencesOf`: well under the parameter limits. */
const CUSTOMERS_PER_QUERY = 5_000;

/**
 * The preferences of many customers, read set-wise (four queries per 5,000 customers rather
 * than four per customer): what the notifier's fan-out of a batch of events needs. Every
 * customer asked for is in the map (an empty list when it has no preferences).
 */
export async function loadPreferencesOf(
  manager: EntityManager,
  customerIds: readonly Id[],
): Promise<Map<Id, Preference[]>> {
  const ids = [...new Set(customerIds)];
  const rowsOf = async <T extends ObjectLiteral & { customerId: string }>(entity: EntityTarget<T>, ...parents: string[]) => {
    const metadata = manager.connection.getMetadata(entity);
    const rows: T[] = [];
    for (const part of chunk(ids, CUSTOMERS_PER_QUERY)) {
      const query = manager.createQueryBuilder(entity, 'r').where('r.customerId IN (:...ids)', { ids: part }).orderBy('r.customerId');
      // Raw, not getMany: no entity hydration for the thousands of rows of a fan-out's batch.
      const raw = await rawMany<Record<string, unknown>, T>(inStoredOrder(...parents)(query));
      for (const row of raw) rows.push(fromRawColumns<T>(metadata, row, 'r_'));
    }
    return groupBy(rows, (row) => row.customerId);
  };
  const categories = await rowsOf(PreferenceCategoryEntity);
  const channels = await rowsOf(PreferenceChannelEntity, 'category');
  const selections = await rowsOf(PreferenceSelectionEntity, 'category', 'channel');
  const options = await rowsOf(PreferenceOptionEntity, 'category', 'channel');
  const of = <T>(groups: Map<string, T[]>, id: Id): T[] => groups.get(id) ?? [];
  return new Map(ids.map((id) => [id, assemble(of(categories, id), of(channels, id), of(selections, id), of(options, id))]));
}

/** A row of `loadReachablePreferencesIn`: one opted-in selection under an enabled category and an opted-in channel. */
interface ReachableRow {
  customerId: string;
  category: string;
  channel: string;
  type: string;
  value: string;
}

/** The customers of a keyset page: those after `after` (null: from the first) up to and including `through`, in the database's order. */
export interface CustomerRange {
  after: Id | null;
  through: Id;
}

/**
 * What of the preferences in `categories` can reach anyone, for the customers of a range, in one
 * statement: the opted-in selections of their enabled categories' opted-in channels, as preferences
 * in stored order (no options, no audit: a notice run's planning reads neither). Recipients are
 * still chosen by the domain's `matchingRecipients`, which keeps exactly these; the filter only
 * spares the reading of rows it would drop. A range, not a list of ids: PostgreSQL reads it as one
 * walk of the primary key, where a list of 5,000 ids made it scan the whole table in parallel for
 * every page. Customers with nothing that reaches anyone are not in the map.
 */
export async function loadReachablePreferencesIn(
  manager: EntityManager,
  { after, through }: CustomerRange,
  categories: readonly PreferenceCategory[],
): Promise<Map<Id, Preference[]>> {
  const preferences = new Map<Id, Preference[]>();
  if (categories.length === 0) return preferences;
  const [sql, parameters] = manager.connection.driver.escapeQueryWithParameters(
    `SELECT c."customer_id" AS "customerId", c."category", ch."channel", s."type", s."value"
     FROM "preference_categories" c
     JOIN "preference_channels" ch ON ch."customer_id" = c."customer_id" AND ch."category" = c."category"
     JOIN "preference_selections" s ON s."customer_id" = ch."customer_id" AND s."category" = ch."category" AND s."channel" = ch."channel"
     WHERE ${after === null ? '' : 'c."customer_id" > :after AND'} c."customer_id" <= :through
       AND c."category" IN (:...categories) AND c."enabled" AND ch."opt_in" AND s."opt_in"
     ORDER BY c."customer_id", c."position", ch."position", s."position"`,
    { after, through, categories },
    {},
  );
  for (const row of (await manager.query(sql, parameters)) as ReachableRow[]) {
    let owned = preferences.get(row.customerId);
    if (owned === undefined) preferences.set(row.customerId, (owned = []));
    addReachable(owned, row);
  }
  return preferences;
}

/** Appends `row` to its customer's `preferences` (rows come in stored order, so a category's or channel's rows are together). */
function addReachable(preferences: Preference[], { category, channel, type, value }: ReachableRow): void {
  let preference = preferences.at(-1);
  if (preference?.category !== category) {
    preference = { category: category as PreferenceCategory, enabled: true, channels: [] };
    preferences.push(preference);
  }
  let reaching = preference.channels.at(-1);
  if (reaching?.name !== channel) {
    reaching = { name: channel as ChannelName, optIn: true, selections: [], options: [] };
    preference.channels.push(reaching);
  }
  reaching.selections.push({ type: type as SelectionType, value, optIn: true, audit: NO_AUDIT });
}

const NO_AUDIT: Selection['audit'] = { createdBy: null, createdAt: null, modifiedBy: null, modifiedAt: null };

/** One customer's preference rows, each list in stored order, as its preferences. */
function assemble(
  categories: readonly PreferenceCategoryEntity[],
  channels: readonly PreferenceChannelEntity[],
  selections: readonly PreferenceSelectionEntity[],
  options: readonly PreferenceOptionEntity[],
): Preference[] {
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
}
