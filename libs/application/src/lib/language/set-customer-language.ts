import { applyLanguage, canonicalLanguage, nowLocalDateTime, type CustomerLanguage, type Id, type LanguageTag } from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { appendEvents, customerLanguageStore, writeIfCurrent, type Precondition, Traced } from '@curbside/persistence';
import { DataSource, type EntityManager } from 'typeorm';

/** One change of a customer's language, from whichever door (the API's PUT, the resident's page). */
export interface LanguageCall {
  customerId: Id;
  /** The tag as sent, any case (`ES`, `zh-hant`, `fil`); null clears the language. */
  language: string | null;
  /** The hauler's languages (`LANGUAGES`), canonical, the default first. */
  offered: readonly LanguageTag[];
  /** Who changes it: the API client's id, or `RESIDENT` on the resident's page. */
  modifiedBy: string;
  /** The door's condition on the language as it is (If-Match); absent: unconditional. */
  precondition?: Precondition<CustomerLanguage>;
}

/** The language after the change, or why nothing was written. */
export type LanguageOutcome = { kind: 'set'; language: CustomerLanguage } | { kind: 'unsupported'; offered: readonly LanguageTag[] };

/**
 * PUT language (CONTRACT §11): a tag the hauler offers (matched without regard to case, stored in
 * canonical form) or null, stamped, with its `preferences.changed` event, in one transaction under
 * the customer's lock, its data version bumped. A tag not offered writes nothing.
 */
@Injectable()
export class SetCustomerLanguage {
  constructor(private readonly dataSource: DataSource) {}

  @Traced()
  async execute({ customerId, language, offered, modifiedBy, precondition }: LanguageCall): Promise<LanguageOutcome> {
    const canonical = language === null ? null : canonicalLanguage(language, offered);
    if (canonical === undefined) return { kind: 'unsupported', offered };
    const read = async (manager: EntityManager): Promise<CustomerLanguage> => {
      const stored = await customerLanguageStore.load(manager, customerId);
      if (stored === null) throw new Error(`customer ${customerId} is not stored`);
      return stored;
    };
    const updated = await writeIfCurrent(this.dataSource, customerId, {
      read,
      precondition,
      write: async (manager) => {
        const change = applyLanguage(customerId, await read(manager), canonical, modifiedBy, nowLocalDateTime());
        if (change.events.length === 0) return;
        await customerLanguageStore.save(manager, customerId, change.language);
        await appendEvents(manager, change.events);
      },
    });
    return { kind: 'set', language: updated };
  }
}
