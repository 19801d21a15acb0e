import { DecodeError } from './errors';
import {
  dateTimeShape,
  isoDateShape,
  parseQueryDate,
  timestampShape,
  usDateShape,
  usDateTimeShape,
  yearMonthShape,
} from './dates';

describe('MM/dd/yy HH:mm:ss (service tickets)', () => {
  it('reads a valid value into the canonical datetime', () => {
    expect(usDateTimeShape.parse('03/15/24 08:05:09')).toBe('2024-03-15T08:05:09.000');
  });

  it('pivots two-digit years: 00-69 are 20xx, 70-99 are 19xx', () => {
    expect(usDateTimeShape.parse('01/01/00 00:00:00')).toBe('2000-01-01T00:00:00.000');
    expect(usDateTimeShape.parse('12/31/69 23:59:59')).toBe('2069-12-31T23:59:59.000');
    expect(usDateTimeShape.parse('01/01/70 00:00:00')).toBe('1970-01-01T00:00:00.000');
    expect(usDateTimeShape.parse('12/31/99 23:59:59')).toBe('1999-12-31T23:59:59.000');
  });

  it('writes the two-digit year back, and refuses years it cannot represent', () => {
    expect(usDateTimeShape.format('2069-12-31T23:59:59.000')).toBe('12/31/69 23:59:59');
    expect(usDateTimeShape.format('1970-01-01T00:00:00.000')).toBe('01/01/70 00:00:00');
    expect(() => usDateTimeShape.format('2070-01-01T00:00:00.000')).toThrow(RangeError);
    expect(() => usDateTimeShape.format('1969-12-31T23:59:59.000')).toThrow(RangeError);
  });

  it('drops milliseconds when writing (the shape has none)', () => {
    expect(usDateTimeShape.format('2024-03-15T08:05:09.999')).toBe('03/15/24 08:05:09');
  });

  it('knows leap days', () => {
    expect(usDateTimeShape.parse('02/29/24 12:00:00')).toBe('2024-02-29T12:00:00.000');
    expect(usDateTimeShape.parse('02/29/23 12:00:00')).toBeNull();
    expect(usDateTimeShape.parse('02/29/00 12:00:00')).toBe('2000-02-29T12:00:00.000');
  });

  it.each([
    '13/01/24 00:00:00', // month 13
    '00/01/24 00:00:00', // month 0
    '02/30/24 00:00:00', // Feb 30
    '04/31/24 00:00:00', // April 31
    '01/00/24 00:00:00', // day 0
    '01/01/24 24:00:00', // hour 24
    '01/01/24 23:60:00', // minute 60
    '01/01/24 23:59:60', // second 60
    '1/1/24 00:00:00', // unpadded
    '01/01/2024 00:00:00', // four-digit year
    '01/01/24 00:00', // no seconds
    '01/01/24T00:00:00', // wrong separator
    '2024-01-01 00:00:00', // another shape
    ' 01/01/24 00:00:00', // leading space
    '01/01/24 00:00:00.0', // fraction
    '',
  ])('rejects %p', (text) => {
    expect(usDateTimeShape.parse(text)).toBeNull();
  });
});

describe('yyyy-MM-dd HH:mm:ss.S (disposal tickets, cases)', () => {
  it.each([
    ['2024-03-15 08:05:09.0', '2024-03-15T08:05:09.000'],
    ['2024-03-15 08:05:09.5', '2024-03-15T08:05:09.500'],
    ['2024-03-15 08:05:09.05', '2024-03-15T08:05:09.050'],
    ['2024-03-15 08:05:09.50', '2024-03-15T08:05:09.500'],
    ['2024-03-15 08:05:09.123', '2024-03-15T08:05:09.123'],
    ['2024-03-15 08:05:09.007', '2024-03-15T08:05:09.007'],
    ['2024-02-29 23:59:59.999', '2024-02-29T23:59:59.999'],
  ])('reads %p as milliseconds', (text, canonical) => {
    expect(timestampShape.parse(text)).toBe(canonical);
  });

  it.each([
    ['2024-03-15T08:05:09.000', '2024-03-15 08:05:09.0'],
    ['2024-03-15T08:05:09.500', '2024-03-15 08:05:09.5'],
    ['2024-03-15T08:05:09.050', '2024-03-15 08:05:09.05'],
    ['2024-03-15T08:05:09.120', '2024-03-15 08:05:09.12'],
    ['2024-03-15T08:05:09.123', '2024-03-15 08:05:09.123'],
    ['2024-03-15T08:05:09.001', '2024-03-15 08:05:09.001'],
  ])('writes %p like java.sql.Timestamp: %p', (canonical, text) => {
    expect(timestampShape.format(canonical)).toBe(text);
    expect(timestampShape.parse(text)).toBe(canonical);
  });

  it.each([
    '2024-03-15 08:05:09', // fraction missing
    '2024-03-15 08:05:09.', // empty fraction
    '2024-03-15 08:05:09.1234', // four fraction digits
    '2023-02-29 00:00:00.0', // not a leap year
    '2024-13-01 00:00:00.0',
    '2024-00-10 00:00:00.0',
    '2024-06-31 00:00:00.0',
    '2024-01-01 24:00:00.0',
    '2024-01-01 00:60:00.0',
    '2024-01-01 00:00:60.0',
    '24-01-01 00:00:00.0',
    '2024-01-01T00:00:00.0',
  ])('rejects %p', (text) => {
    expect(timestampShape.parse(text)).toBeNull();
  });
});

describe('yyyy-MM-dd HH:mm:ss (invoice fees, activities, preference audit)', () => {
  it('reads and writes seconds precision', () => {
    expect(dateTimeShape.parse('2024-12-31 23:59:59')).toBe('2024-12-31T23:59:59.000');
    expect(dateTimeShape.format('2024-12-31T23:59:59.000')).toBe('2024-12-31 23:59:59');
    expect(dateTimeShape.format('2024-12-31T23:59:59.450')).toBe('2024-12-31 23:59:59');
  });

  it.each(['2024-12-31 23:59:59.0', '2024-12-31 24:00:00', '2023-02-29 10:00:00', '2024-12-31', '2024/12/31 10:00:00'])(
    'rejects %p',
    (text) => {
      expect(dateTimeShape.parse(text)).toBeNull();
    },
  );
});

describe('yyyy-MM-dd (v2 invoice list)', () => {
  it('reads and writes real days', () => {
    expect(isoDateShape.parse('2024-02-29')).toBe('2024-02-29');
    expect(isoDateShape.parse('2000-02-29')).toBe('2000-02-29');
    expect(isoDateShape.format('2024-01-31')).toBe('2024-01-31');
  });

  it.each(['2023-02-29', '1900-02-29', '2023-02-30', '2024-13-01', '2024-00-01', '2024-01-00', '2024-1-01', '20240101', '2024-01-01 '])(
    'rejects %p',
    (text) => {
      expect(isoDateShape.parse(text)).toBeNull();
    },
  );
});

describe('MM/dd/yy (invoice detail lines)', () => {
  it('reads with the 69/70 pivot and writes back', () => {
    expect(usDateShape.parse('07/04/69')).toBe('2069-07-04');
    expect(usDateShape.parse('07/04/70')).toBe('1970-07-04');
    expect(usDateShape.parse('02/29/24')).toBe('2024-02-29');
    expect(usDateShape.format('2024-02-29')).toBe('02/29/24');
    expect(usDateShape.format('1999-12-31')).toBe('12/31/99');
  });

  it.each(['02/29/23', '13/01/24', '00/10/24', '12/32/24', '1/01/24', '01/01/2024', '2024-01-01'])('rejects %p', (text) => {
    expect(usDateShape.parse(text)).toBeNull();
  });
});

describe('yyyyMM (invoice periods)', () => {
  it('reads and writes a year-month', () => {
    expect(yearMonthShape.parse('202401')).toBe('2024-01');
    expect(yearMonthShape.parse('199912')).toBe('1999-12');
    expect(yearMonthShape.format('2024-12')).toBe('202412');
  });

  it.each(['202400', '202413', '20241', '2024-01', '2024011'])('rejects %p', (text) => {
    expect(yearMonthShape.parse(text)).toBeNull();
  });
});

describe('formatting refuses values that are not canonical', () => {
  it.each([
    () => timestampShape.format('2024-01-01 10:00:00.000'),
    () => dateTimeShape.format('2024-01-01T10:00:00'),
    () => isoDateShape.format('2024-1-1'),
    () => usDateShape.format('01/01/24'),
    () => yearMonthShape.format('2024-13'),
  ])('case %#', (format) => {
    expect(format).toThrow(RangeError);
  });
});

describe('parseQueryDate', () => {
  it('accepts a real calendar day', () => {
    expect(parseQueryDate('2024-02-29')).toBe('2024-02-29');
  });

  it.each(['2023-02-29', '2024-02-30', '2024-13-01', '2024-1-1', '02/29/24', '', '2024-02-29T00:00:00'])(
    'rejects %p with a DecodeError naming the field',
    (text) => {
      try {
        parseQueryDate(text, 'fromDate');
        throw new Error('expected a DecodeError');
      } catch (error) {
        expect(error).toBeInstanceOf(DecodeError);
        expect((error as DecodeError).issues).toEqual([
          { field: 'fromDate', message: 'expected a real calendar day written yyyy-MM-dd' },
        ]);
      }
    },
  );
});
