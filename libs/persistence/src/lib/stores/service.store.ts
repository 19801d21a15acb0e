import { type InvoiceFee, type Service, type ServiceOperation, type ServiceStatus, type Weekday } from '@curbside/domain';
import { ServiceEntity, ServiceInvoiceFeeEntity, ServiceOperationEntity } from '../entities';
import type { RecordStore } from './record-store';
import { deleteRows } from '../sql/delete-rows';
import { groupBy } from '../sql/group-by';
import { insertRows } from '../sql/insert-rows';
import { byId, inStoredOrder } from '../sql/query-steps';
import { selectRows, withKeys } from '../sql/select-rows';

export const serviceStore: RecordStore<Service> = {
  key: (service) => service.id,

  async load(manager, customerId, keys) {
    const services = await selectRows(manager, ServiceEntity, customerId, { keys: withKeys('id', keys), order: byId });
    const children = { keys: withKeys('serviceId', keys), order: inStoredOrder('serviceId') };
    const feesByService = groupBy(
      await selectRows(manager, ServiceInvoiceFeeEntity, customerId, children),
      (fee) => fee.serviceId,
    );
    const operationsByService = groupBy(
      await selectRows(manager, ServiceOperationEntity, customerId, children),
      (operation) => operation.serviceId,
    );
    return services.map((row) => ({
      ...toService(row, (feesByService.get(row.id) ?? []).map(toInvoiceFee)),
      operations: (operationsByService.get(row.id) ?? []).map(toOperation),
    }));
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
    await insertRows(
      manager,
      ServiceOperationEntity,
      services.flatMap((service) =>
        service.operations.map((operation, position) => ({ customerId, serviceId: service.id, position, ...operation })),
      ),
    );
  },

  delete: (manager, customerId, keys) => deleteRows(manager, ServiceEntity, customerId, 'id', keys),
};

function toServiceRow(customerId: string, service: Service): ServiceEntity {
  const { catalog, material, equipment, schedule, pricing } = service;
  return {
    customerId,
    id: service.id,
    status: service.status,
    name: service.name,
    occurs: service.occurs,
    taxable: service.taxable,
    typeCode: service.typeCode,
    lineOfBusiness: service.lineOfBusiness,
    catalogId: catalog.id,
    catalogName: catalog.name,
    catalogDescription: catalog.description,
    catalogSubCategory: catalog.subCategory,
    catalogCategory: catalog.category,
    materialId: material.id,
    materialCode: material.code,
    materialName: material.name,
    materialSpecialHandling: material.specialHandling,
    materialManifest: material.manifest,
    equipmentId: equipment.id,
    equipmentName: equipment.name,
    equipmentSize: equipment.size,
    equipmentSizeUom: equipment.sizeUom,
    equipmentQuantity: equipment.quantity,
    scheduleDays: schedule === null ? null : schedule.days.join(','),
    scheduleEveryWeeks: schedule === null ? null : schedule.everyWeeks,
    scheduleStartsOn: schedule === null ? null : schedule.startsOn,
    pricingSummaryPricing: pricing.summaryPricing,
    pricingExtendedCostAmount: pricing.extendedCostAmount,
    pricingCurrencyCode: pricing.currencyCode,
    pricingDisposalRateType: pricing.disposalRateType,
    pricingDisposalRateAmount: pricing.disposalRateAmount,
    pricingUom: pricing.uom,
  };
}

/**
 * Maps the service columns of a row (an entity, or a raw row with the same names and booleans
 * fixed). Operations are child rows: the caller adds them.
 */
export function toService(row: Omit<ServiceEntity, 'customerId'>, invoiceFees: InvoiceFee[]): Service {
  return {
    id: row.id,
    status: row.status as ServiceStatus,
    name: row.name,
    occurs: row.occurs,
    taxable: row.taxable,
    typeCode: row.typeCode,
    lineOfBusiness: row.lineOfBusiness,
    catalog: {
      id: row.catalogId,
      name: row.catalogName,
      description: row.catalogDescription,
      subCategory: row.catalogSubCategory,
      category: row.catalogCategory,
    },
    material: {
      id: row.materialId,
      code: row.materialCode,
      name: row.materialName,
      specialHandling: row.materialSpecialHandling,
      manifest: row.materialManifest,
    },
    equipment: {
      id: row.equipmentId,
      name: row.equipmentName,
      size: row.equipmentSize,
      sizeUom: row.equipmentSizeUom,
      quantity: row.equipmentQuantity,
    },
    schedule:
      row.scheduleDays === null || row.scheduleEveryWeeks === null || row.scheduleStartsOn === null
        ? null
        : {
            days: row.scheduleDays.split(',') as Weekday[],
            everyWeeks: Number(row.scheduleEveryWeeks),
            startsOn: row.scheduleStartsOn,
          },
    operations: [],
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

const toOperation = (row: Omit<ServiceOperationEntity, 'customerId' | 'serviceId' | 'position'>): ServiceOperation => ({
  routeId: row.routeId,
  dayOfWeek: row.dayOfWeek as Weekday | null,
  notes: row.notes,
});

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
