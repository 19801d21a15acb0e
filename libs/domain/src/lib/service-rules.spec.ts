import { lineOfBusinessOf } from './service-rules';

describe('lineOfBusinessOf', () => {
  it.each([
    ['RESIDENTIAL', 'RESIDENTIAL'],
    ['Residential', 'RESIDENTIAL'],
    ['commercial', 'COMMERCIAL'],
    ['ROLLOFF', 'ROLLOFF'],
    ['Roll-Off', 'ROLLOFF'],
    ['roll off', 'ROLLOFF'],
  ])('reads %j as %s', (written, line) => {
    expect(lineOfBusinessOf({ lineOfBusiness: written })).toBe(line);
  });

  it.each([null, '', 'Special Waste', 'INDUSTRIAL'])('reads %j as no published line', (written) => {
    expect(lineOfBusinessOf({ lineOfBusiness: written })).toBeNull();
  });
});
