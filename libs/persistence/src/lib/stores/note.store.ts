import { createHash } from 'node:crypto';
import { noteKey } from '@curbside/domain';
import type { Note } from '@curbside/domain';
import { NoteEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { insertRows } from '../sql/insert-rows';
import { type QueryStep, newestFirst } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';

/** Newest note first; notes written at the same moment by their stored key (the order `NoteRepository.list` pages in). */
const noteOrder: QueryStep = newestFirst('createdAt', 'key');

/** A note's stored key: a digest of `noteKey`, which may be as long as the comment. */
const storedNoteKey = (note: Note): string => createHash('sha256').update(noteKey(note)).digest('hex');

export const noteStore: RecordStore<Note> = {
  key: storedNoteKey,
  load: async (manager, customerId, keys) =>
    (await selectRows(manager, NoteEntity, customerId, { keys: withKeys('key', keys), order: noteOrder })).map(toNote),
  insert: (manager, customerId, notes) =>
    insertRows(
      manager,
      NoteEntity,
      notes.map((note) => ({
        customerId,
        key: storedNoteKey(note),
        comment: note.comment,
        createdAt: note.createdAt,
        auditCreatedAt: note.audit.createdAt,
        auditCreatedBy: note.audit.createdBy,
      })),
    ),
  delete: (manager, customerId, keys) => deleteRows(manager, NoteEntity, customerId, 'key', keys),
};

export const toNote = (row: Omit<NoteEntity, 'customerId' | 'key'>): Note => ({
  comment: row.comment,
  createdAt: row.createdAt,
  audit: { createdAt: row.auditCreatedAt, createdBy: row.auditCreatedBy },
});
