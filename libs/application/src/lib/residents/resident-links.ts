import { createHash, randomBytes } from 'node:crypto';
import { isResidentTokenLive, residentLinkExpiry, residentSessionExpiry, type Id } from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { CustomerRepository, inTransaction, lockCustomer, residentTokenStore, Traced } from '@curbside/persistence';
import { DataSource, EntityManager } from 'typeorm';

/** A page link or session as given out: the token (only here, never stored) and when it ends. */
export interface ResidentToken {
  token: string;
  expires: Date;
}

/** A working page session: whose it is and when it ends. */
export interface ResidentSession {
  customerId: Id;
  expires: Date;
}

/** 256 random bits, URL-safe: opaque, and no one guesses it (CONTRACT §12 asks for at least 128). */
const newToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a token: its SHA-256, so a copy of the table opens no page. */
export const residentTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Tokens are 43 URL-safe characters; anything else is not looked up at all. */
const isWellFormed = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * A resident's page links and sessions (CONTRACT §12): a link made for an email or an agent, the
 * session a link is exchanged for, the session a page request carries, and the revocation that
 * ends them all. Every change under the customer's lock, in one transaction.
 */
@Injectable()
export class ResidentLinks {
  constructor(
    private readonly dataSource: DataSource,
    private readonly customers: CustomerRepository,
  ) {}

  /** A new link for the customer, working `linkDays` from `now`; null when there is no such customer. */
  @Traced()
  async issue(customerId: Id, now: Date, linkDays: number): Promise<ResidentToken | null> {
    if ((await this.customers.find(customerId)) === null) return null;
    return inTransaction(this.dataSource, (manager) => this.save(manager, 'link', customerId, now, residentLinkExpiry(now, linkDays)));
  }

  /** The session a working link opens (at most 30 days, never beyond the link); null for any link that does not work. */
  @Traced()
  open(linkToken: string, now: Date): Promise<ResidentToken | null> {
    if (!isWellFormed(linkToken)) return Promise.resolve(null);
    return inTransaction(this.dataSource, async (manager) => {
      const link = await this.live(manager, linkToken, 'link', now);
      if (link === null) return null;
      await lockCustomer(manager, link.customerId);
      return this.save(manager, 'session', link.customerId, now, residentSessionExpiry(now, link.expires));
    });
  }

  /** The customer a working session names; null for any session that does not work. */
  @Traced()
  session(sessionToken: string, now: Date): Promise<ResidentSession | null> {
    if (!isWellFormed(sessionToken)) return Promise.resolve(null);
    return inTransaction(this.dataSource, (manager) => this.live(manager, sessionToken, 'session', now));
  }

  /** Ends every link and session of the customer made until now; how many there were. */
  @Traced()
  revoke(customerId: Id): Promise<number> {
    return inTransaction(this.dataSource, async (manager) => {
      await lockCustomer(manager, customerId);
      return residentTokenStore.deleteOfCustomer(manager, customerId);
    });
  }

  private async live(manager: EntityManager, token: string, kind: 'link' | 'session', now: Date): Promise<ResidentSession | null> {
    const stored = await residentTokenStore.find(manager, residentTokenHash(token));
    if (stored === null || stored.kind !== kind || !isResidentTokenLive(stored.expiresAt, now)) return null;
    return { customerId: stored.customerId, expires: stored.expiresAt };
  }

  private async save(manager: EntityManager, kind: 'link' | 'session', customerId: Id, now: Date, expires: Date): Promise<ResidentToken> {
    const token = newToken();
    await residentTokenStore.insert(manager, { tokenHash: residentTokenHash(token), kind, customerId, createdAt: now, expiresAt: expires });
    return { token, expires };
  }
}
