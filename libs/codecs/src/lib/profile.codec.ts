import type { Profile } from '@curbside/domain';
import { type ObjectReader, decodeStrictly, isoInstant, text, trueFalseFlag, yesNoFlag } from './reader';
import { orNull, trueFalse, yesNo } from './wire';
import type { WireProfile } from '@curbside/contract';

export function readProfile(r: ObjectReader): Profile {
  return {
    // Text, not a digit id: the published pages type it String (e.g. "1041279930086984565|E").
    id: r.required('id', text),
    paperlessInvoice: r.optional('paperless_invoice', trueFalseFlag),
    autoPay: r.optional('auto_pay', trueFalseFlag),
    logonStatus: r.optional('logon_status', yesNoFlag),
    firstName: r.optional('first_name', text),
    lastName: r.optional('last_name', text),
    email: r.optional('email', text),
    lastLoginDate: r.optional('last_login_date', isoInstant('offset')),
  };
}

/** Portal profiles: flags `true`/`false` but `logon_status` `Y`/`N`; `last_login_date` ISO-8601 with an offset. */
export const profileCodec = {
  /** An entry of the profiles list, also the import-file record. */
  encode(profile: Profile): WireProfile {
    return {
      id: profile.id,
      paperless_invoice: trueFalse(profile.paperlessInvoice),
      auto_pay: trueFalse(profile.autoPay),
      logon_status: yesNo(profile.logonStatus),
      first_name: orNull(profile.firstName),
      last_name: orNull(profile.lastName),
      email: orNull(profile.email),
      last_login_date: orNull(profile.lastLoginDate),
    };
  },

  decode(wire: unknown, path = 'profile'): Profile {
    return decodeStrictly(wire, path, readProfile);
  },
};
