import type { Profile } from '@curbside/domain';
import { ProfileEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { insertRows } from '../sql/insert-rows';
import { byId } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';

export const profileStore: RecordStore<Profile> = {
  key: (profile) => profile.id,
  load: (manager, customerId, keys) =>
    selectRows(manager, ProfileEntity, customerId, { keys: withKeys('id', keys), order: byId }).then((rows) =>
      rows.map(({ customerId: _customerId, owner: _owner, ...profile }) => profile),
    ),
  insert: (manager, customerId, profiles) =>
    insertRows(
      manager,
      ProfileEntity,
      profiles.map((profile) => ({ customerId, ...profile })),
    ),
  delete: (manager, customerId, keys) => deleteRows(manager, ProfileEntity, customerId, 'id', keys),
};
