import sample from '../testing/sample-import.json';
import { decodeImportFile, encodeImportFile } from './import-file';

describe('tmp', () => {
  it('decodes', () => {
    try { const b = decodeImportFile(sample); expect(JSON.stringify(encodeImportFile(b))).toBe(JSON.stringify(sample)); } catch (e) { console.log(e); throw e; }
  });
});
