import { SERVICE_STATUSES } from '@curbside/domain';
import type { InvoiceFee, Service } from '@curbside/domain';
import { dateTimeShape } from './dates';
import { type ObjectReader, dateIn, decimal, decodeStrictly, id, oneOf, text, trueFalseFlag } from './reader';
import { type WireObject, dateOrNull, orNull, trueFalse } from './wire';

function encodeInvoiceFee(fee: InvoiceFee): WireObject {
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

function encodePricing(pricing: Service['pricing']): WireObject {
  return {
    summary_pricing: trueFalse(pricing.summaryPricing),
    extended_cost_amount: orNull(pricing.extendedCostAmount),
    currency_code: orNull(pricing.currencyCode),
    disposal_rate_type: orNull(pricing.disposalRateType),
    disposal_rate_amount: orNull(pricing.disposalRateAmount),
    uom: orNull(pricing.uom),
  };
}

const encodeCatalog = (catalog: Service['catalog']): WireObject => ({
  id: orNull(catalog.id),
  name: orNull(catalog.name),
  description: orNull(catalog.description),
});

const encodeMaterial = (material: Service['material']): WireObject => ({
  id: orNull(material.id),
  code: orNull(material.code),
  name: orNull(material.name),
  special_handling: trueFalse(material.specialHandling),
});

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
    lineOfBusiness: r.optional('line_of_business', text),
    catalog: r.object('enterprise_catalog', (c) => ({
      id: c.optional('id', id),
      name: c.optional('name', text),
      description: c.optional('description', text),
    })),
    material: r.object('material', (m) => ({
      id: m.optional('id', id),
      code: m.optional('code', text),
      name: m.optional('name', text),
      specialHandling: m.optional('special_handling', trueFalseFlag),
    })),
    pricing: r.object('pricing', (p) => ({
      summaryPricing: p.optional('summary_pricing', trueFalseFlag),
      extendedCostAmount: p.optional('extended_cost_amount', decimal),
      currencyCode: p.optional('currency_code', text),
      disposalRateType: p.optional('disposal_rate_type', text),
      disposalRateAmount: p.optional('disposal_rate_amount', decimal),
      uom: p.optional('uom', text),
    })),
    invoiceFees: r.object('prices', (p) => p.list('invoice_fees', readInvoiceFee)),
  };
}

/** Services, seen three ways by the API (invoice fees, prices, materials) and whole in the import file. */
export const serviceCodec = {
  /** An entry of the invoice-fees list (operation 11). */
  encodeInvoiceFees(service: Service): WireObject {
    return {
      id: service.id,
      status: service.status,
      line_of_business: orNull(service.lineOfBusiness),
      enterprise_catalog_id: orNull(service.catalog.id),
      prices: { invoice_fees: service.invoiceFees.map(encodeInvoiceFee) },
    };
  },

  /** An entry of the prices list (operation 12). */
  encodePrices(service: Service): WireObject {
    return { status: service.status, pricing: encodePricing(service.pricing) };
  },

  /** An entry of the materials list (operation 13). */
  encodeMaterials(service: Service): WireObject {
    return {
      id: service.id,
      status: service.status,
      enterprise_catalog: encodeCatalog(service.catalog),
      material: encodeMaterial(service.material),
      pricing: encodePricing(service.pricing),
    };
  },

  /** The import-file record. */
  encodeRecord(service: Service): WireObject {
    return {
      id: service.id,
      status: service.status,
      line_of_business: orNull(service.lineOfBusiness),
      enterprise_catalog: encodeCatalog(service.catalog),
      material: encodeMaterial(service.material),
      pricing: encodePricing(service.pricing),
      prices: { invoice_fees: service.invoiceFees.map(encodeInvoiceFee) },
    };
  },

  /** Strictly reads an import-file service record; throws DecodeError listing every problem. */
  decode(wire: unknown, path = 'service'): Service {
    return decodeStrictly(wire, path, readService);
  },
};
