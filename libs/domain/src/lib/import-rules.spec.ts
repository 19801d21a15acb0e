import type { Balance, ServiceTicket } from './customer';
import type { Preference } from './preferences';
import { importedLanguageEvents, importListChange, sameData } from './import-rules';
import { applyLanguage } from './write-rules';

const ticket = (id: string, status: ServiceTicket['status']): ServiceTicket => ({ id, status }) as ServiceTicket;
const byId = (record: { id: string }) => record.id;
const byType = (balance: Balance) => balance.type;
const balance = (type: Balance['type'], amount: string): Balance => ({ type, date: '2026-11-01', amount });

describe('what an import of a list means', () => {
  it('replaces the stored records the file names (they go), keeps the others, and counts both', () => {
    const change = importListChange('tickets', '1', [ticket('7', 'OPEN'), ticket('8', 'OPEN')], [ticket('7', 'OPEN')], byId, true);
    expect(change).toEqual({ goes: ['7'], count: { created: 1, replaced: 1 }, events: [{ customerId: '1', type: 'ticket.created', payload: { ticketId: '8', status: 'OPEN' } }] });
  });

  it("writes a known customer's events by the domain's rule, and none for a customer the import creates", () => {
    const known = importListChange('tickets', '1', [ticket('7', 'CLOSED')], [ticket('7', 'OPEN')], byId, true);
    expect(known.events.map(({ type }) => type)).toEqual(['ticket.status_changed']);
    expect(importListChange('tickets', '1', [ticket('7', 'CLOSED')], [], byId, false).events).toEqual([]);
    expect(importListChange('contacts', '1', [{ type: 'billing' } as never], [], (contact: { type: string }) => contact.type, true).events).toEqual([]);
  });

  it('replaces a whole list (balances) when the file has any: every stored one goes; an empty list changes nothing', () => {
    const stored = [balance('Current', '1.00'), balance('30Day', '2.00')];
    expect(importListChange('balances', '1', [balance('Current', '3.00')], stored, byType, true)).toEqual({
      goes: ['Current', '30Day'],
      count: { created: 0, replaced: 1 },
      events: [],
    });
    expect(importListChange('balances', '1', [], stored, byType, true)).toEqual({ goes: [], count: { created: 0, replaced: 0 }, events: [] });
  });

  it('writes one preferences event when any category changed, none when they are the same but for member order', () => {
    const before = { category: 'BILLING', channels: [{ type: 'EMAIL', on: true }] } as unknown as Preference;
    const reordered = { channels: [{ on: true, type: 'EMAIL' }], category: 'BILLING' } as unknown as Preference;
    const changed = { category: 'BILLING', channels: [{ type: 'EMAIL', on: false }] } as unknown as Preference;
    const key = (preference: Preference) => preference.category;
    expect(importListChange('preferences', '1', [reordered], [before], key, true).events).toEqual([]);
    expect(importListChange('preferences', '1', [changed], [before], key, true).events.map(({ type }) => type)).toEqual(['preferences.changed']);
  });
});

describe('sameData', () => {
  it.each([
    [{ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [[1, 2], [2, 1], false],
    [[], {}, false],
    [null, {}, false],
    ['1', 1, false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameData(a, b)).toBe(same);
  });
});

describe('importedLanguageEvents (CONTRACT §11)', () => {
  it.each<[string | null, string | null | undefined, number]>([
    [null, 'es', 1],
    ['es', 'vi', 1],
    ['es', null, 1],
    ['es', 'es', 0],
    [null, null, 0],
    ['es', undefined, 0],
  ])('stored %j, imported %j: %i event', (stored, imported, count) => {
    const events = importedLanguageEvents('1000001', stored, imported);
    expect(events).toHaveLength(count);
    for (const event of events) expect(event).toEqual({ customerId: '1000001', type: 'preferences.changed', payload: { modifiedBy: null } });
  });
});

describe('applyLanguage (CONTRACT §11)', () => {
  const unset = { language: null, modifiedBy: null, modifiedAt: null };
  it('stamps the new language and writes preferences.changed by whoever set it', () => {
    expect(applyLanguage('1000001', unset, 'es', 'RESIDENT', '2026-11-30T09:00:00.000')).toEqual({
      language: { language: 'es', modifiedBy: 'RESIDENT', modifiedAt: '2026-11-30T09:00:00.000' },
      events: [{ customerId: '1000001', type: 'preferences.changed', payload: { modifiedBy: 'RESIDENT' } }],
    });
  });

  it('changes nothing for the language already stored', () => {
    const stored = { language: 'es', modifiedBy: 'portal', modifiedAt: '2026-11-01T08:00:00.000' };
    expect(applyLanguage('1000001', stored, 'es', 'RESIDENT', '2026-11-30T09:00:00.000')).toEqual({ language: stored, events: [] });
  });
});
