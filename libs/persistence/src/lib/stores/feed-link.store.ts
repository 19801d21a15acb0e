import type { EntityManager } from 'typeorm';
import { FeedLinkRevocationEntity } from '../entities';

/** A calendar feed link to refuse from now on: its id (the token's `jti`) and whom it was for. */
export interface FeedLinkRevocation {
  linkId: string;
  clientId: string;
  customerId: string;
  revokedAt: string;
}

/** Records the revocation; false when the link was revoked already (the first revocation's time stays). */
export async function revokeFeedLink(manager: EntityManager, revocation: FeedLinkRevocation): Promise<boolean> {
  if (await manager.existsBy(FeedLinkRevocationEntity, { linkId: revocation.linkId })) return false;
  await manager.insert(FeedLinkRevocationEntity, revocation);
  return true;
}
