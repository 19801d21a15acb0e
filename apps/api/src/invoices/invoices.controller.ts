import { Controller, Param, Query, Res } from '@nestjs/common';
import { ApiTags } from '../openapi/openapi-decorators';
import { responses, WireObject } from '@curbside/codecs';
import type { Balance, Customer } from '@curbside/domain';
import type { FastifyReply } from 'fastify';
import { InvoiceRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource, RecordIdPipe } from '../customer-scope';
import { ListPaging, ListParams, Paging } from '../lists';
import { WireResponse } from '../openapi';
import { addLink, ApiErrorCode, ApiException, Endpoint } from '../platform';
import { ROUTES } from '@curbside/contract';

/**
 * The day version 1 of the invoice list was deprecated in favour of version 2 (RFC 9745
 * `Deprecation: @<unix seconds>`): 2026-01-01T00:00:00Z, fixed so that clients see one date.
 */
export const V1_INVOICE_LIST_DEPRECATED_AT = Date.UTC(2026, 0, 1) / 1000;

/** The invoice list is version 2 and the invoice detail version 1, so each route names its version. */
@ApiTags('invoices')
@Controller()
@CustomerResource()
export class InvoicesController {
  constructor(private readonly invoices: InvoiceRepository) {}

  @Endpoint(ROUTES.listInvoices, {
    summary: 'List invoices and aging balances (op 5, version 2)',
    description:
      'Newest first; fromDate/toDate filter on the invoice date, both inclusive. Balances are neither filtered nor paged: every page has them all.',
  })
  @WireResponse('Invoice summary: currency, invoices, balances', 'invoiceList')
  list(@CurrentCustomer() customer: Customer, @Query() query: ListParams, @Paging() paging: ListPaging): Promise<WireObject> {
    return this.invoiceList('invoices-v2', customer, query, paging);
  }

  @Endpoint(ROUTES.listInvoicesV1, {
    summary: 'List invoices and aging balances (version 1, deprecated)',
    description:
      'The body of version 2 (op 5), with the same fromDate/toDate filter, and the headers ' +
      '`Deprecation: @1767225600` (2026-01-01T00:00:00Z) and `Link: </api/v2/customers/{customerId}/invoices>; rel="successor-version"`.',
    deprecated: true,
  })
  @WireResponse(
    {
      description: 'Invoice summary: currency, invoices, balances (as version 2)',
      headers: {
        Deprecation: { description: 'When version 1 was deprecated, `@<unix seconds>` (RFC 9745)', schema: { type: 'string', example: `@${V1_INVOICE_LIST_DEPRECATED_AT}` } },
        Link: { description: 'The successor version', schema: { type: 'string', example: '</api/v2/customers/1000001/invoices>; rel="successor-version"' } },
      },
    },
    'invoiceList',
  )
  async listV1(
    @CurrentCustomer() customer: Customer,
    @Query() query: ListParams,
    @Paging() paging: ListPaging,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WireObject> {
    const body = await this.invoiceList('invoices-v1', customer, query, paging);
    void reply.header('Deprecation', `@${V1_INVOICE_LIST_DEPRECATED_AT}`);
    addLink(reply, `/api/v2/customers/${customer.id}/invoices`, 'successor-version');
    return body;
  }

  /** A page of the invoice list (both versions answer the same body), with every aging balance. */
  private async invoiceList(name: string, customer: Customer, query: ListParams, paging: ListPaging): Promise<WireObject> {
    let balances: Balance[] = [];
    const invoices = await paging.read(name, query, async (list) => {
      const read = await this.invoices.listWithBalances(customer.id, list);
      balances = read.balances;
      return read.invoices;
    });
    return responses.invoiceList(customer.currency, invoices, balances);
  }

  @Endpoint(ROUTES.getInvoice, {
    summary: 'An invoice, one entry per line (op 6)',
    description: 'PAYMENT entries (type 2) carry payment_info and no amount, date or due_date; other entries the reverse.',
  })
  @WireResponse('Invoice detail: one entry per invoice line', 'invoiceDetail')
  async detail(@CurrentCustomer() customer: Customer, @Param('invoiceId', RecordIdPipe) invoiceId: string): Promise<WireObject> {
    const invoice = await this.invoices.find(customer.id, invoiceId);
    if (invoice === null) throw new ApiException(ApiErrorCode.NOT_FOUND, `There is no invoice ${invoiceId} for this customer.`);
    return responses.invoiceDetail(invoice);
  }
}
