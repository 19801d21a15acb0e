import { Test } from '@nestjs/testing';
import { testDatabases } from '@curbside/testing';
import { DataSource } from 'typeorm';
import { PersistenceModule } from './persistence.module';
import { CustomerRepository, REPOSITORIES } from './repositories';

describe.each(testDatabases())('PersistenceModule on $name', (db) => {
  it('provides a migrated DataSource and every repository, and closes the DataSource on shutdown', async () => {
    const { url, drop } = await db.create();
    try {
      const app = await Test.createTestingModule({
        imports: [PersistenceModule.forRoot({ databaseUrl: url })],
      }).compile();
      await app.init();
      const dataSource = app.get(DataSource);
      expect(dataSource.isInitialized).toBe(true);
      expect(await dataSource.showMigrations()).toBe(false);
      for (const repository of REPOSITORIES) expect(app.get(repository)).toBeInstanceOf(repository);
      expect(await app.get(CustomerRepository).exists('1')).toBe(false);

      await app.close();
      expect(dataSource.isInitialized).toBe(false);
    } finally {
      await drop();
    }
  });
});
