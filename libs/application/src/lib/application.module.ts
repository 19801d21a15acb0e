import { Global, Module } from '@nestjs/common';
import { sqliteImportScratches } from '@curbside/persistence';
import { ImportScratches } from './import/import-scratch';
import { UpdateContacts } from './contacts/update-contacts';
import { RevokeFeedLink } from './feeds/revoke-feed-link';
import { ResidentLinks } from './residents/resident-links';
import { CustomerImport } from './import/customer-import';
import { CheckImportFile } from './import/check-import-file';
import { LoadImportFile } from './import/load-import-file';
import { PickupSchedules } from './schedules/pickup-schedules';
import { SetTextOptIn } from './preferences/set-text-opt-in';
import { Unsubscribe } from './preferences/unsubscribe';
import { UpdatePreferences } from './preferences/update-preferences';
import { SetCustomerLanguage } from './language/set-customer-language';
import { CreateServiceRequest } from './service-requests/create-service-request';
import { RequestOptions } from './service-requests/request-options';
import { SetTicketStatus } from './tickets/set-ticket-status';

const USE_CASES = [
  CreateServiceRequest,
  SetTicketStatus,
  PickupSchedules,
  CheckImportFile,
  LoadImportFile,
  CustomerImport,
  UpdatePreferences,
  SetCustomerLanguage,
  Unsubscribe,
  SetTextOptIn,
  UpdateContacts,
  RevokeFeedLink,
  ResidentLinks,
  RequestOptions,
];

/**
 * Every use case, for the door that imports it (the API, the CLI) once: each is built over the
 * DataSource and repositories that the (global) PersistenceModule provides.
 */
@Global()
@Module({
  // The import's scratch port, implemented by persistence.
  providers: [...USE_CASES, { provide: ImportScratches, useValue: sqliteImportScratches }],
  exports: USE_CASES,
})
export class ApplicationModule {}
