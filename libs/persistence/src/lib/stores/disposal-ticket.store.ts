import type { DisposalDetail, DisposalTax, DisposalTicket } from '@curbside/domain';
import { DisposalTicketDetailEntity, DisposalTicketEntity, DisposalTicketTaxEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { groupBy } from '../sql/group-by';
import { insertRows } from '../sql/insert-rows';
import { inStoredOrder, newestFirst } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';

export const disposalTicketStore: RecordStore<DisposalTicket> = {
  key: (ticket) => ticket.id,

  async load(manager, customerId, keys) {
    const tickets = await selectRows(manager, DisposalTicketEntity, customerId, {
      keys: withKeys('id', keys),
      order: newestFirst('modifiedAt'),
    });
    const details = await selectRows(manager, DisposalTicketDetailEntity, customerId, {
      keys: withKeys('ticketId', keys),
      order: inStoredOrder('ticketId'),
    });
    const taxes = await selectRows(manager, DisposalTicketTaxEntity, customerId, {
      keys: withKeys('ticketId', keys),
      order: inStoredOrder('ticketId', 'detailPosition'),
    });
    const detailsByTicket = groupBy(details, (detail) => detail.ticketId);
    const taxesByDetail = groupBy(taxes, (tax) => `${tax.ticketId}/${tax.detailPosition}`);
    return tickets.map((row) =>
      toDisposalTicket(
        row,
        (detailsByTicket.get(row.id) ?? []).map((detail) =>
          toDetail(detail, taxesByDetail.get(`${detail.ticketId}/${detail.position}`) ?? []),
        ),
      ),
    );
  },

  async insert(manager, customerId, tickets) {
    await insertRows(
      manager,
      DisposalTicketEntity,
      tickets.map((ticket) => toTicketRow(customerId, ticket)),
    );
    await insertRows(
      manager,
      DisposalTicketDetailEntity,
      tickets.flatMap((ticket) =>
        ticket.details.map((detail, position) => toDetailRow(customerId, ticket.id, position, detail)),
      ),
    );
    await insertRows(
      manager,
      DisposalTicketTaxEntity,
      tickets.flatMap((ticket) =>
        ticket.details.flatMap((detail, detailPosition) =>
          detail.taxes.map((tax, position) => toTaxRow(customerId, ticket.id, detailPosition, position, tax)),
        ),
      ),
    );
  },

  delete: (manager, customerId, keys) => deleteRows(manager, DisposalTicketEntity, customerId, 'id', keys),
};

function toTicketRow(customerId: string, ticket: DisposalTicket): DisposalTicketEntity {
  const { weight, carrier, site, seal, customer, audit, vehicle } = ticket;
  return {
    customerId,
    id: ticket.id,
    haulingTicketId: ticket.haulingTicketId,
    replaceTicketId: ticket.replaceTicketId,
    voidTicketId: ticket.voidTicketId,
    timeIn: ticket.timeIn,
    timeOut: ticket.timeOut,
    status: ticket.status,
    weightGross: weight.gross,
    weightTare: weight.tare,
    weightNet: weight.net,
    weightUom: weight.uom,
    weightRoundedNet: weight.roundedNet,
    weightRoundedNetUom: weight.roundedNetUom,
    scaleIn: ticket.scaleIn,
    scaleOut: ticket.scaleOut,
    swipeCardId: ticket.swipeCardId,
    volume: ticket.volume,
    materialSubtotal: ticket.materialSubtotal,
    surcharge: ticket.surcharge,
    tax: ticket.tax,
    amount: ticket.amount,
    currency: ticket.currency,
    carrierId: carrier.id,
    carrierDescription: carrier.description,
    siteId: site.id,
    siteName: site.name,
    destination: ticket.destination,
    routeId: ticket.routeId,
    notes: ticket.notes,
    sealNumber1: seal.number1,
    sealNumber2: seal.number2,
    customerName: customer.name,
    customerBusinessName: customer.businessName,
    customerStreet1: customer.address.street1,
    customerStreet2: customer.address.street2,
    customerCity: customer.address.city,
    customerState: customer.address.state,
    customerCountry: customer.address.country,
    customerZip: customer.address.zip,
    customerZip4: customer.address.zip4,
    createdBy: audit.createdBy,
    createdAt: audit.createdAt,
    modifiedBy: audit.modifiedBy,
    modifiedAt: audit.modifiedAt,
    vehicleNumber: vehicle.number,
    vehicleDescription: vehicle.description,
    vehicleDriverName: vehicle.driverName,
  };
}

function toDetailRow(
  customerId: string,
  ticketId: string,
  position: number,
  detail: DisposalDetail,
): DisposalTicketDetailEntity {
  const { origin, profile, taxes: _taxes, ...columns } = detail;
  return {
    customerId,
    ticketId,
    position,
    ...columns,
    originId: origin.id,
    originDescription: origin.description,
    profileId: profile.id,
    profileDescription: profile.description,
  };
}

function toTaxRow(
  customerId: string,
  ticketId: string,
  detailPosition: number,
  position: number,
  tax: DisposalTax,
): DisposalTicketTaxEntity {
  const { id, ...columns } = tax;
  return { customerId, ticketId, detailPosition, position, taxId: id, ...columns };
}

function toDisposalTicket(row: DisposalTicketEntity, details: DisposalDetail[]): DisposalTicket {
  return {
    id: row.id,
    haulingTicketId: row.haulingTicketId,
    replaceTicketId: row.replaceTicketId,
    voidTicketId: row.voidTicketId,
    timeIn: row.timeIn,
    timeOut: row.timeOut,
    status: row.status,
    weight: {
      gross: row.weightGross,
      tare: row.weightTare,
      net: row.weightNet,
      uom: row.weightUom,
      roundedNet: row.weightRoundedNet,
      roundedNetUom: row.weightRoundedNetUom,
    },
    scaleIn: row.scaleIn,
    scaleOut: row.scaleOut,
    swipeCardId: row.swipeCardId,
    volume: row.volume,
    materialSubtotal: row.materialSubtotal,
    surcharge: row.surcharge,
    tax: row.tax,
    amount: row.amount,
    currency: row.currency,
    carrier: { id: row.carrierId, description: row.carrierDescription },
    site: { id: row.siteId, name: row.siteName },
    destination: row.destination,
    routeId: row.routeId,
    notes: row.notes,
    seal: { number1: row.sealNumber1, number2: row.sealNumber2 },
    customer: {
      name: row.customerName,
      businessName: row.customerBusinessName,
      address: {
        street1: row.customerStreet1,
        street2: row.customerStreet2,
        city: row.customerCity,
        state: row.customerState,
        country: row.customerCountry,
        zip: row.customerZip,
        zip4: row.customerZip4,
      },
    },
    audit: {
      createdBy: row.createdBy,
      createdAt: row.createdAt,
      modifiedBy: row.modifiedBy,
      modifiedAt: row.modifiedAt,
    },
    vehicle: { number: row.vehicleNumber, description: row.vehicleDescription, driverName: row.vehicleDriverName },
    details,
  };
}

function toDetail(row: DisposalTicketDetailEntity, taxes: DisposalTicketTaxEntity[]): DisposalDetail {
  return {
    sequenceNumber: row.sequenceNumber,
    materialName: row.materialName,
    surchargeName: row.surchargeName,
    description: row.description,
    volume: row.volume,
    generatorName: row.generatorName,
    roundedNetWeight: row.roundedNetWeight,
    roundedNetUom: row.roundedNetUom,
    billedQuantity: row.billedQuantity,
    ratePerUnit: row.ratePerUnit,
    rateUom: row.rateUom,
    origin: { id: row.originId, description: row.originDescription },
    amount: row.amount,
    totalTaxAmount: row.totalTaxAmount,
    totalAmount: row.totalAmount,
    purchaseOrderNumber: row.purchaseOrderNumber,
    manifestId: row.manifestId,
    containerId: row.containerId,
    profile: { id: row.profileId, description: row.profileDescription },
    taxes: taxes.map((tax) => ({
      sequenceNumber: tax.sequenceNumber,
      id: tax.taxId,
      name: tax.name,
      description: tax.description,
      rate: tax.rate,
      rateUom: tax.rateUom,
      amount: tax.amount,
    })),
  };
}
