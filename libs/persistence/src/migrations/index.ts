import { InitialSchema1732000000000 } from './1732000000000-initial-schema';
import { PublishedOperations1763900000000 } from './1763900000000-published-operations';
import { Notifier1764000000000 } from './1764000000000-notifier';
import { ServiceRequests1764100000000 } from './1764100000000-service-requests';
import { Notices1764200000000 } from './1764200000000-notices';
import { DataVersion1764300000000 } from './1764300000000-data-version';
import { Deliverability1764400000000 } from './1764400000000-deliverability';
import { RenderedAtSend1764500000000 } from './1764500000000-rendered-at-send';
import { PendingClaims1764600000000 } from './1764600000000-pending-claims';
import { FailedRows1764700000000 } from './1764700000000-failed-rows';
import { OutboxSubscribers1764800000000 } from './1764800000000-outbox-subscribers';
import { TraceContext1764900000000 } from './1764900000000-trace-context';
import { FeedLinkRevocations1765000000000 } from './1765000000000-feed-link-revocations';
import { TicketListOrder1765100000000 } from './1765100000000-ticket-list-order';
import { ListOrder1765200000000 } from './1765200000000-list-order';
import { NotesPickupsListOrder1765300000000 } from './1765300000000-notes-pickups-list-order';
import { ResourceServers1765400000000 } from './1765400000000-resource-servers';
import { ChannelClaims1765500000000 } from './1765500000000-channel-claims';
import { CustomerLanguage1765600000000 } from './1765600000000-customer-language';
import { MessageForm1765700000000 } from './1765700000000-message-form';
import { ResidentTokens1765800000000 } from './1765800000000-resident-tokens';

/** Every migration, in order: each is one class that both drivers run. Add new ones at the end. */
export const MIGRATIONS = [InitialSchema1732000000000, PublishedOperations1763900000000, Notifier1764000000000, ServiceRequests1764100000000, Notices1764200000000, DataVersion1764300000000, Deliverability1764400000000, RenderedAtSend1764500000000, PendingClaims1764600000000, FailedRows1764700000000, OutboxSubscribers1764800000000, TraceContext1764900000000, FeedLinkRevocations1765000000000, TicketListOrder1765100000000, ListOrder1765200000000, NotesPickupsListOrder1765300000000, ResourceServers1765400000000, ChannelClaims1765500000000, CustomerLanguage1765600000000, MessageForm1765700000000, ResidentTokens1765800000000];
