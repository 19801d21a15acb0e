import type { InvoiceFee, Service, ServiceStatus } from '@curbside/domain';
import { ServiceEntity, ServiceInvoiceFeeEntity } from '../entities';
import type { RecordStore } from './record-store';
import { byId, deleteRows, groupBy, inStoredOrder, insertRows, selectRows, withKeys } from './rows';

export const serviceStore: RecordStore<Service> = {
  key: (service) => service.id,

  async load(manager, customerId, keys) {
    const services = await selectRows(manager, ServiceEntity, customerId, { keys: withKeys('id', keys), order: byId });
    const fees = await selectRows(manager, ServiceInvoiceFeeEntity, customerId, {
      keys: withKeys('serviceId', keys),
      order: inStoredOrder('serviceId'),
    });
    const feesByService = groupBy(fees, (fee) => fee.serviceId);
    return services.map((row) => toService(row, (feesByService.get(row.id) ?? []).map(toInvoiceFee)));
  },

  async insert(manager, customerId, services) {
    await insertRows(
      manager,
      ServiceEntity,
      services.map((service) => toServiceRow(customerId, service)),
    );
    await insertRows(
      manager,
      ServiceInvoiceFeeEntity,
      services.flatMap((service) =>
        service.invoiceFees.map((fee, position) => ({ customerId, serviceId: service.id, position, ...fee })),
      ),
    );
  },

  delete: (manager, customerId, keys) => deleteRows(manager, ServiceEntity, customerId, 'id', keys),
};

function toServiceRow(customerId: string, service: Service): ServiceEntity {
  const { catalog, material, pricing } = service;
  return {
    customerId,
    id: service.id,
    status: service.status,
    lineOfBusiness: service.lineOfBusiness,
    catalogId: catalog.id,
    catalogName: catalog.name,
    catalogDescription: catalog.description,
    materialId: material.id,
    materialCode: material.code,
    materialName: material.name,
    materialSpecialHandling: material.specialHandling,
    pricingSummaryPricing: pricing.summaryPricing,
    pricingExtendedCostAmount: pricing.extendedCostAmount,
    pricingCurrencyCode: pricing.currencyCode,
    pricingDisposalRateType: pricing.disposalRateType,
    pricingDisposalRateAmount: pricing.disposalRateAmount,
    pricingUom: pricing.uom,
  };
}

/** Maps the service columns of a row (an entity, or a raw row with the same names and booleans fixed). */
export function toService(row: Omit<ServiceEntity, 'customerId'>, invoiceFees: InvoiceFee[]): Service {
  return {
    id: row.id,
    status: row.status as ServiceStatus,
    lineOfBusiness: row.lineOfBusiness,
    catalog: { id: row.catalogId, name: row.catalogName, description: row.catalogDescription },
    material: {
      id: row.materialId,
      code: row.materialCode,
      name: row.materialName,
      specialHandling: row.materialSpecialHandling,
    },
    pricing: {
      summaryPricing: row.pricingSummaryPricing,
      extendedCostAmount: row.pricingExtendedCostAmount,
      currencyCode: row.pricingCurrencyCode,
      disposalRateType: row.pricingDisposalRateType,
      disposalRateAmount: row.pricingDisposalRateAmount,
      uom: row.pricingUom,
    },
    invoiceFees,
  };
}

export function toInvoiceFee(row: Omit<ServiceInvoiceFeeEntity, 'customerId' | 'serviceId' | 'position'>): InvoiceFee {
  return {
    category: row.category,
    categoryDescription: row.categoryDescription,
    subCategory: row.subCategory,
    subCategoryCode: row.subCategoryCode,
    subCategoryDescription: row.subCategoryDescription,
    chargeExcluded: row.chargeExcluded,
    chargeModifiedAtLevel: row.chargeModifiedAtLevel,
    standardRate: row.standardRate,
    standardPercentage: row.standardPercentage,
    calculatedRate: row.calculatedRate,
    isFixedRate: row.isFixedRate,
    overrideReason: row.overrideReason,
    salesEmployeeId: row.salesEmployeeId,
    modifiedAt: row.modifiedAt,
  };
}
