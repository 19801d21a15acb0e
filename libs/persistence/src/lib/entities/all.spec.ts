import { resources } from '../stores/resources';
import { ENTITIES } from './all';
import { ApiClientEntity, CustomerEntity, DeliveryEntity, EventEntity, HolidayEntity } from './index';

describe('ENTITIES', () => {
  it('holds every table of every customer resource, and the tables of no customer', () => {
    const tables = new Set(ENTITIES);
    for (const [, resource] of resources()) for (const entity of resource.entities) expect(tables.has(entity)).toBe(true);
    for (const entity of [CustomerEntity, HolidayEntity, ApiClientEntity, EventEntity, DeliveryEntity]) expect(tables.has(entity)).toBe(true);
  });

  it('holds entity classes only, each once', () => {
    expect(new Set(ENTITIES).size).toBe(ENTITIES.length);
    expect(ENTITIES.every((entity) => typeof entity === 'function')).toBe(true);
    expect(ENTITIES.length).toBeGreaterThanOrEqual(30);
  });
});
