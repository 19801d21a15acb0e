import type { CustomerLanguage, Id } from '@curbside/domain';
import type { EntityManager } from 'typeorm';
import { CustomerEntity } from '../entities';

/** A customer's language and its stamps (CONTRACT §11), inside the caller's unit of work; which language is the use case's to decide. */
export const customerLanguageStore = {
  /** Null when the customer is not stored. */
  async load(manager: EntityManager, customerId: Id): Promise<CustomerLanguage | null> {
    const row = await manager.findOne(CustomerEntity, {
      select: { id: true, language: true, languageModifiedBy: true, languageModifiedAt: true },
      where: { id: customerId },
    });
    return row === null ? null : { language: row.language, modifiedBy: row.languageModifiedBy, modifiedAt: row.languageModifiedAt };
  },

  async save(manager: EntityManager, customerId: Id, { language, modifiedBy, modifiedAt }: CustomerLanguage): Promise<void> {
    await manager.update(CustomerEntity, { id: customerId }, { language, languageModifiedBy: modifiedBy, languageModifiedAt: modifiedAt });
  },
};
