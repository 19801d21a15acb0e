import { ResidentLinks } from '@curbside/application';
import { testDatabases } from '@curbside/testing';
import request from 'supertest';
import { startTestApp, type TestApp } from './support';

const NOW = new Date('2026-11-30T15:00:00.000Z');

describe.each(testDatabases())('a resident page on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { customers: ['1000001'], fixture: true, now: NOW });
  });
  afterAll(() => t.close());

  it('smoke', async () => {
    const link = await t.app.get(ResidentLinks).issue('1000001', NOW, 90);
    const opened = await request(t.url).get(`/my/${link!.token}`);
    console.log(opened.status, opened.headers);
    const cookie = (opened.headers['set-cookie'] as unknown as string[])[0].split(';')[0];
    const page = await request(t.url).get('/my').set('Cookie', cookie);
    console.log(page.status, page.headers, page.text);
  });
});
