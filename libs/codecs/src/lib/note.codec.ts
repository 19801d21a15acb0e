import type { Note } from '@curbside/domain';
import { noteTimeShape } from './dates';
import { type ObjectReader, dateIn, decodeStrictly, text } from './reader';
import { dateOrNull, orNull } from './wire';
import type { WireNote } from '@curbside/contract';

export function readNote(r: ObjectReader): Note {
  const time = dateIn(noteTimeShape);
  return {
    ...r.object('note_info', (n) => ({
      comment: n.optional('comment', text),
      createdAt: n.required('create_date_time', time),
    })),
    audit: r.object('audit_info', (a) => ({
      createdAt: a.optional('created_date_time', time),
      createdBy: a.optional('created_by', text),
    })),
  };
}

/** Account notes: datetimes `yyyy-MM-dd HH:mm:ss.SSS'Z'`. */
export const noteCodec = {
  /** An entry of `activities/notes`, also the import-file record. */
  encode(note: Note): WireNote {
    return {
      note_info: { comment: orNull(note.comment), create_date_time: noteTimeShape.format(note.createdAt) },
      audit_info: {
        created_date_time: dateOrNull(noteTimeShape, note.audit.createdAt),
        created_by: orNull(note.audit.createdBy),
      },
    };
  },

  decode(wire: unknown, path = 'note'): Note {
    return decodeStrictly(wire, path, readNote);
  },
};
