import { Controller } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { ApiBody, ApiTags } from '../openapi/openapi-decorators';
import { contactCodec, responses, WireObject } from '@curbside/codecs';
import type { Contact, ContactType, Customer } from '@curbside/domain';
import { UpdateContacts } from '@curbside/application';
import { ContactRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource } from '../customer-scope';
import { WireResponse } from '../openapi';
import { ConditionalPut, ConditionalPutRequest, Endpoint, PutRequest, TrackingId } from '../platform';
import { ROUTES } from '@curbside/contract';

const ONE_CONTACT =
  'The body of GET contacts (op 8) with only this contact, or an empty list when the customer has none of this type.';

@ApiTags('contacts')
@Controller()
@CustomerResource()
export class ContactsController {
  constructor(
    private readonly contacts: ContactRepository,
    private readonly updateContacts: UpdateContacts,
  ) {}

  @Endpoint(ROUTES.listContacts, {
    summary: 'The billing and service contacts (op 8)',
    description: 'US addresses fill state/zip/zip4, Canadian ones province/postal_code; the others are "null".',
  })
  @WireResponse('Contact', 'contacts')
  async list(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.contacts(trackingId, await this.contacts.list(customer.id));
  }

  @Endpoint(ROUTES.getBillingContact, { summary: 'The billing contact', description: ONE_CONTACT })
  @WireResponse('The billing contact', 'billingContact')
  billing(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return this.ofType(trackingId, customer, 'billing');
  }

  @Endpoint(ROUTES.getServiceContact, { summary: 'The service contact (also at contacts/services)', description: ONE_CONTACT })
  @WireResponse('The service contact', 'serviceContact')
  service(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return this.ofType(trackingId, customer, 'service');
  }

  /** The published pages write both `contacts/service` and `contacts/services`. */
  @Endpoint(ROUTES.getServicesContact, { summary: 'The service contact, as at contacts/service', description: ONE_CONTACT })
  @WireResponse('The service contact', 'serviceContact')
  services(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return this.ofType(trackingId, customer, 'service');
  }

  @Endpoint(ROUTES.updateContacts, {
    summary: 'Update the billing and/or service contact',
    description:
      'Each entry sets the named, phone and email members of its contact: a member left out becomes absent ("null"), ' +
      'the address is kept, and a contact the customer does not have yet is created. email must be an address; ' +
      'land_line, work_phone, mobile_phone and fax must hold 7 to 15 digits once spaces, +, -, ., ( and ) are removed. ' +
      'The body must be `application/json`, at most 64 KiB, with no members beyond those documented and each type at ' +
      'most once; a rejected body changes nothing. A change writes a `contacts.changed` event.',
  })
  @ApiBody({ schema: contactCodec.updateRequestSchema() as SchemaObject })
  @WireResponse('The update was stored', 'contactsUpdated')
  @ConditionalPut()
  async update(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer, @PutRequest() put: ConditionalPutRequest): Promise<WireObject> {
    await put.update({
      decode: contactCodec.decodeUpdateRequest,
      represent: (contacts: Contact[]) => responses.contacts(trackingId, contacts),
      write: (updates, precondition) => this.updateContacts.execute(customer.id, updates, precondition),
    });
    return responses.contactsUpdated(trackingId);
  }

  private async ofType(trackingId: string, customer: Customer, type: ContactType): Promise<WireObject> {
    return responses.contactOfType(trackingId, await this.contacts.find(customer.id, type));
  }
}
