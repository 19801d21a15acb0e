import { buildDemoImportFile, DEMO_CUSTOMER_IDS } from './demo-data';

describe('demo sandbox', () => {
  const file = buildDemoImportFile(new Date(2026, 5, 15));

  it('has the advertised customers, each with records in every resource', () => {
    expect(file.customers.map((c) => c.id)).toEqual(DEMO_CUSTOMER_IDS);
    for (const customer of file.customers) {
      const empty = Object.entries(customer).filter(([, records]) => Array.isArray(records) && records.length === 0);
      expect(Object.values(customer).filter(Array.isArray)).toHaveLength(13);
      expect(empty).toEqual([]);
    }
  });

  it('is the same file for the same day, and dated relative to it', () => {
    expect(buildDemoImportFile(new Date(2026, 5, 15))).toEqual(file);
    const tickets = file.customers[0].tickets as Array<{ created_date_time: string }>;
    expect(tickets[0].created_date_time).toBe('06/12/26 08:00:17');
  });

  it('writes every value as a string, the wire convention', () => {
    const leaves: unknown[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
      else leaves.push(value);
    };
    walk(file);
    expect(leaves.every((leaf) => typeof leaf === 'string')).toBe(true);
  });
});
