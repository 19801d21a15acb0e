import { SERVICE_STATUSES, WEEKDAYS } from '@curbside/domain';
import type { Id, InvoiceFee, Service, ServiceEquipment, ServiceOperation, ServiceSchedule } from '@curbside/domain';
import { dateTimeShape, isoDateShape } from './dates';
import {
  type ObjectReader,
  dateIn,
  decimal,
  decodeStrictly,
  id,
  oneOf,
  positiveInteger,
  readStrings,
  text,
  trueFalseFlag,
} from './reader';
import { findDuplicates } from './duplicates';
import { dateOrNull, inOrder, orNull, trueFalse } from './wire';
import type { WireCatalog, WireEquipment, WireInvoiceFee, WireMaterial, WirePricing, WireServiceInvoiceFees, WireServiceListEntry, WireServiceMaterials, WireServiceOperation, WireServiceOperations, WireServicePrices, WireSchedule, WireScheduledService, WireServiceRecord } from '@curbside/contract';

/** The longest repeat a schedule may have: once a year. */
const MAX_EVERY_WEEKS = 52;

/** The members of a `services` entry, in the published order. */
export const LIST_MEMBERS = [
  'id',
  'name',
  'status',
  'occurs',
  'taxable',
  'type_code',
  'enterprise_catalog',
  'line_of_business',
  'material',
  'equipment',
  'pricing',
  'operations',
] as const;

function encodeInvoiceFee(fee: InvoiceFee): WireInvoiceFee {
  return {
    category: orNull(fee.category),
    category_description: orNull(fee.categoryDescription),
    sub_category: orNull(fee.subCategory),
    sub_category_code: orNull(fee.subCategoryCode),
    sub_category_description: orNull(fee.subCategoryDescription),
    charge_excluded: orNull(fee.chargeExcluded),
    charge_modified_at_level: orNull(fee.chargeModifiedAtLevel),
    standard_rate: orNull(fee.standardRate),
    standard_percentage: orNull(fee.standardPercentage),
    calculated_rate: orNull(fee.calculatedRate),
    is_fixed_rate: orNull(fee.isFixedRate),
    override_reason: orNull(fee.overrideReason),
    sales_employee_id: orNull(fee.salesEmployeeId),
    modify_dtm: dateOrNull(dateTimeShape, fee.modifiedAt),
  };
}

function encodePricing(pricing: Service['pricing']): WirePricing {
  return {
    summary_pricing: trueFalse(pricing.summaryPricing),
    extended_cost_amount: orNull(pricing.extendedCostAmount),
    currency_code: orNull(pricing.currencyCode),
    disposal_rate_type: orNull(pricing.disposalRateType),
    disposal_rate_amount: orNull(pricing.disposalRateAmount),
    uom: orNull(pricing.uom),
  };
}

const encodeCatalog = (catalog: Service['catalog']): WireServiceMaterials['enterprise_catalog'] => ({
  id: orNull(catalog.id),
  name: orNull(catalog.name),
  description: orNull(catalog.description),
});

const encodeMaterial = (material: Service['material']): WireServiceMaterials['material'] => ({
  id: orNull(material.id),
  code: orNull(material.code),
  name: orNull(material.name),
  special_handling: trueFalse(material.specialHandling),
});

export const encodeEquipment = (equipment: ServiceEquipment): WireEquipment => ({
  id: orNull(equipment.id),
  name: orNull(equipment.name),
  size: orNull(equipment.size),
  size_uom: orNull(equipment.sizeUom),
  quantity: orNull(equipment.quantity),
});

export const encodeOperation = (operation: ServiceOperation): WireServiceOperation => ({
  route_id: orNull(operation.routeId),
  day_of_week: orNull(operation.dayOfWeek),
  notes: orNull(operation.notes),
});

const encodeSchedule = (schedule: ServiceSchedule): WireSchedule => ({
  days: [...schedule.days],
  every_weeks: String(schedule.everyWeeks),
  starts_on: isoDateShape.format(schedule.startsOn),
});

/** The whole catalog entry, as the import file and the services list (not op 13) show it. */
export const encodeFullCatalog = (catalog: Service['catalog']): WireCatalog => ({
  ...encodeCatalog(catalog),
  sub_category: orNull(catalog.subCategory),
  category: orNull(catalog.category),
});

/** The whole material, as the import file and the services list (not op 13) show it. */
export const encodeFullMaterial = (material: Service['material']): WireMaterial => ({
  ...encodeMaterial(material),
  manifest: trueFalse(material.manifest),
});

function readSchedule(r: ObjectReader): ServiceSchedule {
  const rawDays = r.raw('days');
  if (rawDays === undefined) r.report(r.fieldPath('days'), 'is required');
  else if (Array.isArray(rawDays) && rawDays.length === 0) r.report(r.fieldPath('days'), 'needs at least one day');
  const days = readStrings(r, 'days', oneOf(WEEKDAYS));
  findDuplicates(
    days,
    (day) => day,
    (index, firstIndex, day) => r.report(`${r.fieldPath('days')}[${index}]`, `duplicate day ${day} (also days[${firstIndex}])`),
  );
  return {
    days,
    everyWeeks: r.required('every_weeks', positiveInteger(MAX_EVERY_WEEKS)),
    startsOn: r.required('starts_on', dateIn(isoDateShape)),
  };
}

function readInvoiceFee(r: ObjectReader): InvoiceFee {
  return {
    category: r.optional('category', text),
    categoryDescription: r.optional('category_description', text),
    subCategory: r.optional('sub_category', text),
    subCategoryCode: r.optional('sub_category_code', text),
    subCategoryDescription: r.optional('sub_category_description', text),
    chargeExcluded: r.optional('charge_excluded', text),
    chargeModifiedAtLevel: r.optional('charge_modified_at_level', text),
    standardRate: r.optional('standard_rate', decimal),
    standardPercentage: r.optional('standard_percentage', text),
    calculatedRate: r.optional('calculated_rate', decimal),
    isFixedRate: r.optional('is_fixed_rate', text),
    overrideReason: r.optional('override_reason', text),
    salesEmployeeId: r.optional('sales_employee_id', text),
    modifiedAt: r.optional('modify_dtm', dateIn(dateTimeShape)),
  };
}

/** Reads a service in the import-file shape. */
export function readService(r: ObjectReader): Service {
  return {
    id: r.required('id', id),
    status: r.required('status', oneOf(SERVICE_STATUSES)),
    name: r.optional('name', text),
    occurs: r.optional('occurs', text),
    taxable: r.optional('taxable', text),
    typeCode: r.optional('type_code', text),
    lineOfBusiness: r.optional('line_of_business', text),
    catalog: r.object('enterprise_catalog', (c) => ({
      id: c.optional('id', id),
      name: c.optional('name', text),
      description: c.optional('description', text),
      subCategory: c.optional('sub_category', text),
      category: c.optional('category', text),
    })),
    material: r.object('material', (m) => ({
      id: m.optional('id', id),
      code: m.optional('code', text),
      name: m.optional('name', text),
      specialHandling: m.optional('special_handling', trueFalseFlag),
      manifest: m.optional('manifest', trueFalseFlag),
    })),
    equipment: r.object('equipment', (e) => ({
      // Text: the published services page types it String, "unlike the other Ids" (e.g. "EQ401").
      id: e.optional('id', text),
      name: e.optional('name', text),
      size: e.optional('size', text),
      sizeUom: e.optional('size_uom', text),
      quantity: e.optional('quantity', decimal),
    })),
    schedule: r.has('schedule') ? r.object('schedule', readSchedule) : null,
    operations: r.list('operations', (o) => ({
      routeId: o.optional('route_id', text),
      dayOfWeek: o.optional('day_of_week', oneOf(WEEKDAYS)),
      notes: o.optional('notes', text),
    })),
    pricing: r.object('pricing', readPricing),
    invoiceFees: r.object('prices', readInvoiceFees),
  };
}

const readPricing = (p: ObjectReader): Service['pricing'] => ({
  summaryPricing: p.optional('summary_pricing', trueFalseFlag),
  extendedCostAmount: p.optional('extended_cost_amount', decimal),
  currencyCode: p.optional('currency_code', text),
  disposalRateType: p.optional('disposal_rate_type', text),
  disposalRateAmount: p.optional('disposal_rate_amount', decimal),
  uom: p.optional('uom', text),
});

const readInvoiceFees = (p: ObjectReader): InvoiceFee[] => p.list('invoice_fees', readInvoiceFee);

/** An entry of `services/prices` read: the service's status and pricing (the answer names no service). */
export type ServicePrices = Pick<Service, 'status' | 'pricing'>;

/** An entry of `services/prices/invoice-fees` read: the service, its catalog entry's id and its invoice fees. */
export type ServiceInvoiceFees = Pick<Service, 'id' | 'status' | 'lineOfBusiness' | 'invoiceFees'> & { catalogId: Id | null };

export function readServicePrices(r: ObjectReader): ServicePrices {
  return { status: r.required('status', oneOf(SERVICE_STATUSES)), pricing: r.object('pricing', readPricing) };
}

export function readServiceInvoiceFees(r: ObjectReader): ServiceInvoiceFees {
  return {
    id: r.required('id', id),
    status: r.required('status', oneOf(SERVICE_STATUSES)),
    lineOfBusiness: r.optional('line_of_business', text),
    catalogId: r.optional('enterprise_catalog_id', id),
    invoiceFees: r.object('prices', readInvoiceFees),
  };
}

/** Services, seen three ways by the API (invoice fees, prices, materials) and whole in the import file. */
export const serviceCodec = {
  /** An entry of the invoice-fees list (operation 11). */
  encodeInvoiceFees(service: Service): WireServiceInvoiceFees {
    return {
      id: service.id,
      status: service.status,
      line_of_business: orNull(service.lineOfBusiness),
      enterprise_catalog_id: orNull(service.catalog.id),
      prices: { invoice_fees: service.invoiceFees.map(encodeInvoiceFee) },
    };
  },

  /** An entry of the prices list (operation 12). */
  encodePrices(service: Service): WireServicePrices {
    return { status: service.status, pricing: encodePricing(service.pricing) };
  },

  /** An entry of the materials list (operation 13). */
  encodeMaterials(service: Service): WireServiceMaterials {
    return {
      id: service.id,
      status: service.status,
      enterprise_catalog: encodeCatalog(service.catalog),
      material: encodeMaterial(service.material),
      pricing: encodePricing(service.pricing),
    };
  },

  /** An entry of `services`: the record without its schedule and prices. */
  encodeListEntry(service: Service): WireServiceListEntry {
    return inOrder(serviceCodec.encodeRecord(service), LIST_MEMBERS);
  },

  /** An entry of `services/schedules`: the import-file record without its invoice fees. */
  encodeScheduled(service: Service): WireScheduledService {
    const { prices: _prices, ...scheduled } = serviceCodec.encodeRecord(service);
    return scheduled;
  },

  /** An entry of `services/operations`: the routes that serve the service. */
  encodeOperations(service: Service): WireServiceOperations {
    return { id: service.id, status: service.status, operations: service.operations.map(encodeOperation) };
  },

  /** The import-file record; `schedule` is left out for a service without one (on call). */
  encodeRecord(service: Service): WireServiceRecord {
    return {
      id: service.id,
      status: service.status,
      name: orNull(service.name),
      occurs: orNull(service.occurs),
      taxable: orNull(service.taxable),
      type_code: orNull(service.typeCode),
      line_of_business: orNull(service.lineOfBusiness),
      enterprise_catalog: encodeFullCatalog(service.catalog),
      material: encodeFullMaterial(service.material),
      equipment: encodeEquipment(service.equipment),
      ...(service.schedule === null ? {} : { schedule: encodeSchedule(service.schedule) }),
      operations: service.operations.map(encodeOperation),
      pricing: encodePricing(service.pricing),
      prices: { invoice_fees: service.invoiceFees.map(encodeInvoiceFee) },
    };
  },

  /** Strictly reads an import-file service record; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'service'): Service {
    return decodeStrictly(wire, path, readService);
  },
};
