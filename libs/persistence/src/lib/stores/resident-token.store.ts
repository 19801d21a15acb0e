import { LessThanOrEqual, type EntityManager } from 'typeorm';
import { CustomerEntity, ResidentFormKeyEntity, ResidentTokenEntity } from '../entities';

/** A resident's page link or session as stored: its token's hash, never the token (CONTRACT §12). */
export interface StoredResidentToken {
  tokenHash: string;
  kind: 'link' | 'session';
  customerId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** Loads, saves and ends a customer's page links and sessions. */
export const residentTokenStore = {
  /** The token of this hash, while its customer exists. */
  async find(manager: EntityManager, tokenHash: string): Promise<StoredResidentToken | null> {
    const row = await manager.findOneBy(ResidentTokenEntity, { tokenHash });
    if (row === null || !(await manager.existsBy(CustomerEntity, { id: row.customerId }))) return null;
    return { ...row, kind: row.kind === 'session' ? 'session' : 'link', createdAt: new Date(row.createdAt), expiresAt: new Date(row.expiresAt) };
  },

  /** Saves one, and forgets the customer's ones that ended (so the table keeps only what still works). */
  async insert(manager: EntityManager, token: StoredResidentToken): Promise<void> {
    await manager.delete(ResidentTokenEntity, { customerId: token.customerId, expiresAt: LessThanOrEqual(token.createdAt.toISOString()) });
    await manager.insert(ResidentTokenEntity, { ...token, createdAt: token.createdAt.toISOString(), expiresAt: token.expiresAt.toISOString() });
  },

  /** Ends every link and session of the customer; how many there were. */
  async deleteOfCustomer(manager: EntityManager, customerId: string): Promise<number> {
    const result = await manager.delete(ResidentTokenEntity, { customerId });
    return result.affected ?? 0;
  },
};

/** The ticket each request form of a resident's page made, by the form's key (CONTRACT §12: a form sent twice makes one ticket). */
export const residentFormKeyStore = {
  async ticketOf(manager: EntityManager, customerId: string, formKey: string): Promise<string | null> {
    const row = await manager.findOneBy(ResidentFormKeyEntity, { customerId, formKey });
    return row?.ticketId ?? null;
  },

  async save(manager: EntityManager, customerId: string, formKey: string, ticketId: string, at: Date): Promise<void> {
    await manager.insert(ResidentFormKeyEntity, { customerId, formKey, ticketId, createdAt: at.toISOString() });
  },
};
