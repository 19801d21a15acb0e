import type { DisposalDetail, DisposalTax, DisposalTicket, DisposalTicketSummary } from '@curbside/domain';
import { encodeAuditInfo, readAuditInfo } from './audit-info';
import { timestampShape } from './dates';
import { findDuplicates } from './duplicates';
import { type ObjectReader, dateIn, decimal, decodeStrictly, id, text } from './reader';
import { dateOrNull, orNull } from './wire';
import type { WireDisposalDetailLine, WireDisposalLineViewHead, WireDisposalMaterials, WireDisposalPrices, WireDisposalSurcharges, WireDisposalTax, WireDisposalTicket, WireDisposalTicketSummary } from '@curbside/contract';

const when = dateIn(timestampShape);
const writeWhen = (value: string | null): string => dateOrNull(timestampShape, value);

function encodeTax(tax: DisposalTax): WireDisposalTax {
  return {
    squence_number: orNull(tax.sequenceNumber),
    id: orNull(tax.id),
    name: orNull(tax.name),
    description: orNull(tax.description),
    rate: orNull(tax.rate),
    rate_uom: orNull(tax.rateUom),
    amount: orNull(tax.amount),
  };
}

function encodeDetailLine(line: DisposalDetail): WireDisposalDetailLine {
  return {
    sequence_number: line.sequenceNumber,
    material_name: orNull(line.materialName),
    surcharge_name: orNull(line.surchargeName),
    description: orNull(line.description),
    volume: orNull(line.volume),
    generator_name: orNull(line.generatorName),
    rounded_net_weight: orNull(line.roundedNetWeight),
    rounded_net_uom: orNull(line.roundedNetUom),
    billed_quantity: orNull(line.billedQuantity),
    rate_per_unit: orNull(line.ratePerUnit),
    rate_uom: orNull(line.rateUom),
    origin: { id: orNull(line.origin.id), description: orNull(line.origin.description) },
    amount: orNull(line.amount),
    total_tax_amount: orNull(line.totalTaxAmount),
    total_amount: orNull(line.totalAmount),
    purchase_order_number: orNull(line.purchaseOrderNumber),
    manifest_id: orNull(line.manifestId),
    container_id: orNull(line.containerId),
    profile: { id: orNull(line.profile.id), description: orNull(line.profile.description) },
    tax: line.taxes.map(encodeTax),
  };
}

function readTax(r: ObjectReader): DisposalTax {
  return {
    sequenceNumber: r.optional('squence_number', id),
    id: r.optional('id', id),
    name: r.optional('name', text),
    description: r.optional('description', text),
    rate: r.optional('rate', decimal),
    rateUom: r.optional('rate_uom', text),
    amount: r.optional('amount', decimal),
  };
}

function readDetailLine(r: ObjectReader): DisposalDetail {
  return {
    sequenceNumber: r.required('sequence_number', id),
    materialName: r.optional('material_name', text),
    surchargeName: r.optional('surcharge_name', text),
    description: r.optional('description', text),
    volume: r.optional('volume', text),
    generatorName: r.optional('generator_name', text),
    roundedNetWeight: r.optional('rounded_net_weight', text),
    roundedNetUom: r.optional('rounded_net_uom', text),
    billedQuantity: r.optional('billed_quantity', text),
    ratePerUnit: r.optional('rate_per_unit', decimal),
    rateUom: r.optional('rate_uom', text),
    origin: r.object('origin', (o) => ({ id: o.optional('id', id), description: o.optional('description', text) })),
    amount: r.optional('amount', decimal),
    totalTaxAmount: r.optional('total_tax_amount', decimal),
    totalAmount: r.optional('total_amount', decimal),
    purchaseOrderNumber: r.optional('purchase_order_number', id),
    manifestId: r.optional('manifest_id', id),
    containerId: r.optional('container_id', id),
    profile: r.object('profile', (p) => ({ id: p.optional('id', id), description: p.optional('description', text) })),
    taxes: r.list('tax', readTax),
  };
}

/** Reads a disposal ticket in the disposal detail shape; its date (`audit_info.modified_date_time`) is required. */
export function readDisposalTicket(r: ObjectReader): DisposalTicket {
  return {
    id: r.required('id', id),
    haulingTicketId: r.optional('hauling_ticket_id', id),
    replaceTicketId: r.optional('replace_ticket_id', id),
    voidTicketId: r.optional('void_ticket_id', id),
    timeIn: r.optional('time_in', when),
    timeOut: r.optional('time_out', when),
    status: r.required('status', text),
    weight: r.object('weight', (w) => ({
      gross: w.optional('gross', text),
      tare: w.optional('tare', text),
      net: w.optional('net', text),
      uom: w.optional('uom', text),
      roundedNet: w.optional('rounded_net', text),
      roundedNetUom: w.optional('rounded_net_uom', text),
    })),
    scaleIn: r.optional('scale_in', text),
    scaleOut: r.optional('scale_out', text),
    swipeCardId: r.optional('swipe_card_id', text),
    volume: r.optional('volume', text),
    materialSubtotal: r.optional('material_subtotal', decimal),
    surcharge: r.optional('surcharge', decimal),
    tax: r.optional('tax', decimal),
    amount: r.optional('amount', decimal),
    currency: r.optional('currency', text),
    carrier: r.object('carrier', (c) => ({ id: c.optional('id', text), description: c.optional('description', text) })),
    site: r.object('site', (s) => ({ id: s.optional('id', text), name: s.optional('name', text) })),
    destination: r.optional('destination', text),
    routeId: r.optional('route_id', text),
    notes: r.optional('notes', text),
    seal: r.object('seal', (s) => ({ number1: s.optional('number_1', id), number2: s.optional('number_2', id) })),
    customer: r.object('customer', (c) => ({
      name: c.optional('name', text),
      businessName: c.optional('business_name', text),
      address: c.object('address', (a) => ({
        street1: a.optional('street_text_1', text),
        street2: a.optional('street_text_2', text),
        city: a.optional('city', text),
        state: a.optional('state', text),
        country: a.optional('country', text),
        zip: a.optional('zip', text),
        zip4: a.optional('zip4', text),
      })),
    })),
    audit: readAuditInfo(r, timestampShape, true),
    vehicle: r.object('vehicle', (v) => ({
      number: v.optional('number', id),
      description: v.optional('description', text),
      driverName: v.optional('driver_name', text),
    })),
    details: readDetailLines(r),
  };
}

/** Detail lines; their sequence numbers are unique within the ticket. */
function readDetailLines(r: ObjectReader): DisposalDetail[] {
  const details = r.list('details', readDetailLine);
  findDuplicates(
    details,
    (line) => line.sequenceNumber,
    (index, firstIndex, key) =>
      r.report(`${r.fieldPath('details')}[${index}].sequence_number`, `duplicate sequence_number ${key} (also details[${firstIndex}])`),
  );
  return details;
}

/** What the materials and surcharges views (CONTRACT §6) show of the ticket: `date_time` is when it left the scale. */
function encodeLineViewHead(ticket: DisposalTicket): WireDisposalLineViewHead {
  return {
    status: ticket.status,
    date_time: writeWhen(ticket.timeOut),
    site_id: orNull(ticket.site.id),
    site_name: orNull(ticket.site.name),
    surcharge: orNull(ticket.surcharge),
  };
}

/** `tickets/{id}/materials` read: the ticket's status, when it left the scale, its site and surcharge, its material lines. */
export interface DisposalMaterials extends DisposalLineViewHead {
  /** The lines with a material name. */
  details: Array<Pick<DisposalDetail, 'sequenceNumber' | 'materialName' | 'description' | 'volume' | 'roundedNetWeight' | 'roundedNetUom'>>;
}

/** `tickets/{id}/surcharges` read: the head of the materials view, with the surcharge lines. */
export interface DisposalSurcharges extends DisposalLineViewHead {
  /** The lines with a surcharge name. */
  details: Array<Pick<DisposalDetail, 'sequenceNumber' | 'surchargeName' | 'description' | 'billedQuantity' | 'ratePerUnit' | 'rateUom' | 'amount'>>;
}

/** What the materials and surcharges views show of the ticket, in the ticket's own words (`date_time` is `timeOut`). */
export type DisposalLineViewHead = Pick<DisposalTicket, 'status' | 'timeOut' | 'site' | 'surcharge'>;

/** `tickets/{id}/prices` read: the ticket's totals. */
export type DisposalPrices = Pick<DisposalTicket, 'status' | 'materialSubtotal' | 'surcharge' | 'tax' | 'amount' | 'currency'>;

/** Reads an entry of the disposal ticket list (operation 3). */
export function readDisposalTicketSummary(r: ObjectReader): DisposalTicketSummary {
  return {
    id: r.required('id', id),
    date: r.optional('date', when),
    status: r.required('status', text),
    amount: r.optional('amount', decimal),
    siteName: r.optional('site_name', text),
  };
}

function readLineViewHead(r: ObjectReader): DisposalLineViewHead {
  return {
    status: r.required('status', text),
    timeOut: r.optional('date_time', when),
    site: { id: r.optional('site_id', text), name: r.optional('site_name', text) },
    surcharge: r.optional('surcharge', decimal),
  };
}

/** A view of the ticket's lines: the head, then the lines `readLine` reads. */
const readLineView = <L>(r: ObjectReader, readLine: (line: ObjectReader) => L): DisposalLineViewHead & { details: L[] } => ({
  ...readLineViewHead(r),
  details: r.list('details', readLine),
});

export const readDisposalMaterials = (r: ObjectReader): DisposalMaterials =>
  readLineView(r, (line) => ({
    sequenceNumber: line.required('sequence_number', id),
    materialName: line.optional('material_name', text),
    description: line.optional('description', text),
    volume: line.optional('volume', text),
    roundedNetWeight: line.optional('rounded_net_weight', text),
    roundedNetUom: line.optional('rounded_net_uom', text),
  }));

export const readDisposalSurcharges = (r: ObjectReader): DisposalSurcharges =>
  readLineView(r, (line) => ({
    sequenceNumber: line.required('sequence_number', id),
    surchargeName: line.optional('surcharge_name', text),
    description: line.optional('description', text),
    billedQuantity: line.optional('billed_quantity', text),
    ratePerUnit: line.optional('rate_per_unit', decimal),
    rateUom: line.optional('rate_uom', text),
    amount: line.optional('amount', decimal),
  }));

export function readDisposalPrices(r: ObjectReader): DisposalPrices {
  return {
    status: r.required('status', text),
    materialSubtotal: r.optional('material_subtotal', decimal),
    surcharge: r.optional('surcharge', decimal),
    tax: r.optional('tax', decimal),
    amount: r.optional('amount', decimal),
    currency: r.optional('currency', text),
  };
}

/** Disposal tickets: every datetime `yyyy-MM-dd HH:mm:ss.S`. */
export const disposalTicketCodec = {
  /** An entry of the disposal ticket list (operation 3). */
  encodeSummary(summary: DisposalTicketSummary): WireDisposalTicketSummary {
    return {
      id: summary.id,
      date: writeWhen(summary.date),
      status: summary.status,
      amount: orNull(summary.amount),
      site_name: orNull(summary.siteName),
    };
  },

  /** The disposal ticket detail (operation 4), also the import-file record. */
  encodeDetail(ticket: DisposalTicket): WireDisposalTicket {
    const { weight, customer, vehicle } = ticket;
    return {
      id: ticket.id,
      hauling_ticket_id: orNull(ticket.haulingTicketId),
      replace_ticket_id: orNull(ticket.replaceTicketId),
      void_ticket_id: orNull(ticket.voidTicketId),
      time_in: writeWhen(ticket.timeIn),
      time_out: writeWhen(ticket.timeOut),
      status: ticket.status,
      weight: {
        gross: orNull(weight.gross),
        tare: orNull(weight.tare),
        net: orNull(weight.net),
        uom: orNull(weight.uom),
        rounded_net: orNull(weight.roundedNet),
        rounded_net_uom: orNull(weight.roundedNetUom),
      },
      scale_in: orNull(ticket.scaleIn),
      scale_out: orNull(ticket.scaleOut),
      swipe_card_id: orNull(ticket.swipeCardId),
      volume: orNull(ticket.volume),
      material_subtotal: orNull(ticket.materialSubtotal),
      surcharge: orNull(ticket.surcharge),
      tax: orNull(ticket.tax),
      amount: orNull(ticket.amount),
      currency: orNull(ticket.currency),
      carrier: { id: orNull(ticket.carrier.id), description: orNull(ticket.carrier.description) },
      site: { id: orNull(ticket.site.id), name: orNull(ticket.site.name) },
      destination: orNull(ticket.destination),
      route_id: orNull(ticket.routeId),
      notes: orNull(ticket.notes),
      seal: { number_1: orNull(ticket.seal.number1), number_2: orNull(ticket.seal.number2) },
      customer: {
        name: orNull(customer.name),
        business_name: orNull(customer.businessName),
        address: {
          street_text_1: orNull(customer.address.street1),
          street_text_2: orNull(customer.address.street2),
          city: orNull(customer.address.city),
          state: orNull(customer.address.state),
          country: orNull(customer.address.country),
          zip: orNull(customer.address.zip),
          zip4: orNull(customer.address.zip4),
        },
      },
      audit_info: encodeAuditInfo(ticket.audit, timestampShape),
      vehicle: {
        number: orNull(vehicle.number),
        description: orNull(vehicle.description),
        driver_name: orNull(vehicle.driverName),
      },
      details: ticket.details.map(encodeDetailLine),
    };
  },

  /** `tickets/{id}/materials`: the ticket with its material lines (those with a `material_name`). */
  encodeMaterials(ticket: DisposalTicket): WireDisposalMaterials {
    return {
      ...encodeLineViewHead(ticket),
      details: ticket.details
        .filter((line) => line.materialName !== null)
        .map((line) => ({
          sequence_number: line.sequenceNumber,
          material_name: orNull(line.materialName),
          description: orNull(line.description),
          volume: orNull(line.volume),
          rounded_net_weight: orNull(line.roundedNetWeight),
          rounded_net_uom: orNull(line.roundedNetUom),
        })),
    };
  },

  /** `tickets/{id}/surcharges`: the ticket with its surcharge lines (those with a `surcharge_name`). */
  encodeSurcharges(ticket: DisposalTicket): WireDisposalSurcharges {
    return {
      ...encodeLineViewHead(ticket),
      details: ticket.details
        .filter((line) => line.surchargeName !== null)
        .map((line) => ({
          sequence_number: line.sequenceNumber,
          surcharge_name: orNull(line.surchargeName),
          description: orNull(line.description),
          billed_quantity: orNull(line.billedQuantity),
          rate_per_unit: orNull(line.ratePerUnit),
          rate_uom: orNull(line.rateUom),
          amount: orNull(line.amount),
        })),
    };
  },

  /** `tickets/{id}/prices` (also `/price`): the ticket's totals. */
  encodePrices(ticket: DisposalTicket): WireDisposalPrices {
    return {
      status: ticket.status,
      material_subtotal: orNull(ticket.materialSubtotal),
      surcharge: orNull(ticket.surcharge),
      tax: orNull(ticket.tax),
      amount: orNull(ticket.amount),
      currency: orNull(ticket.currency),
    };
  },

  /** Strictly reads a disposal detail object; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'disposal_ticket'): DisposalTicket {
    return decodeStrictly(wire, path, readDisposalTicket);
  },
};
