import { Controller } from '@nestjs/common';
import { ApiTags } from '../openapi/openapi-decorators';
import { responses, WireObject } from '@curbside/codecs';
import { accountBalance, type Customer } from '@curbside/domain';
import { InvoiceRepository, ProfileRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource } from '../customer-scope';
import { WireResponse } from '../openapi';
import { TrackingId, Endpoint } from '../platform';
import { ROUTES } from '@curbside/contract';

@ApiTags('account')
@Controller()
@CustomerResource()
export class AccountController {
  constructor(
    private readonly invoices: InvoiceRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  @Endpoint(ROUTES.getBalance, {
    summary: 'The balance due, the last payment and the IVR fee',
    description:
      'billing_name is the billing contact\u2019s name; ivr_fee the fee for paying by phone ("0.0" when none is set); ' +
      'last_payment_amount and last_payment_date (yyyy-MM-dd) come from the newest payment line of the invoices, else from ' +
      'the newest invoice payment_info, and are "null" when nothing was paid. balance lists the total, then the 30-Day, ' +
      '60-Day, 90-Day and 120-Day past-due amounts that are not zero.',
  })
  @WireResponse('Account balance', 'accountBalance')
  async balance(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    const sources = await this.invoices.accountSources(customer.id);
    return responses.accountBalance(trackingId, accountBalance({ ...sources, ivrFee: customer.ivrFee }));
  }

  @Endpoint(ROUTES.listProfiles, {
    summary: 'The portal logins of the account',
    description:
      'As imported, by id: paperless_invoice and auto_pay are "true"/"false", logon_status Y/N, last_login_date ISO-8601 with an offset.',
  })
  @WireResponse('Profiles', 'profiles')
  async profileList(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.profiles(trackingId, await this.profiles.list(customer.id));
  }
}
