import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { responses, WireObject } from '@curbside/codecs';
import type { Customer } from '@curbside/domain';
import { InvoiceRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource, RecordIdPipe } from '../customers';
import { ListPaging, ListParams, Paging } from '../lists';
import { WireResponse } from '../docs';
import { ApiErrorCode, ApiException } from '../platform';

/** The invoice list is version 2 and the invoice detail version 1, so each route names its version. */
@ApiTags('invoices')
@Controller('api')
@CustomerResource()
export class InvoicesController {
  constructor(private readonly invoices: InvoiceRepository) {}

  @Get('v2/customers/:customerId/invoices')
  @ApiOperation({
    summary: 'List invoices and aging balances (op 5, version 2)',
    description:
      'Newest first; fromDate/toDate filter on the invoice date, both inclusive. Balances are neither filtered nor paged: every page has them all.',
  })
  @WireResponse('Invoice summary: currency, invoices, balances', 'invoiceList')
  async list(@CurrentCustomer() customer: Customer, @Query() query: ListParams, @Paging() paging: ListPaging): Promise<WireObject> {
    const [invoices, balances] = await Promise.all([
      paging.read('invoices-v2', query, (list) => this.invoices.list(customer.id, list)),
      this.invoices.balances(customer.id),
    ]);
    return responses.invoiceList(customer.currency, invoices, balances);
  }

  @Get('v1/customers/:customerId/invoices/:invoiceId')
  @ApiOperation({
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
