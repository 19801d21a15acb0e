import type { Service } from '../../src/lib/customer';

/** A service with every member empty but those given: for rules that read a few of them. */
export function serviceRecord(members: Partial<Service> & Pick<Service, 'id'>): Service {
  return {
    status: 'Active',
    name: null,
    occurs: null,
    taxable: null,
    typeCode: null,
    lineOfBusiness: null,
    catalog: { id: null, name: null, description: null, subCategory: null, category: null },
    material: { id: null, code: null, name: null, specialHandling: null, manifest: null },
    equipment: { id: null, name: null, size: null, sizeUom: null, quantity: null },
    schedule: null,
    operations: [],
    pricing: { summaryPricing: null, extendedCostAmount: null, currencyCode: null, disposalRateType: null, disposalRateAmount: null, uom: null },
    invoiceFees: [],
    ...members,
  };
}
