import { nowLocalDateTime, type Id } from '@curbside/domain';
import { Injectable } from '@nestjs/common';
import { inTransaction, revokeFeedLink } from '@curbside/persistence';
import { DataSource } from 'typeorm';

/** A calendar feed link, as its verified token names it (the auth lib reads the token; this use case does not). */
export interface FeedLink {
  linkId: string;
  clientId: string;
  customerId: Id;
}

/**
 * Refuses one calendar feed link from now on (CLI `feeds revoke`), whatever its client may still
 * see. The door checks the link's signature first. False when it was revoked already.
 */
@Injectable()
export class RevokeFeedLink {
  constructor(private readonly dataSource: DataSource) {}

  execute(link: FeedLink): Promise<boolean> {
    return inTransaction(this.dataSource, (manager) => revokeFeedLink(manager, { ...link, revokedAt: nowLocalDateTime() }));
  }
}
