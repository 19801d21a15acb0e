import { DynamicModule, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { openDatabase } from './database/index';
import { REPOSITORIES } from './repositories';

export interface PersistenceOptions {
  databaseUrl: string;
}

/**
 * Provides the DataSource (connected, schema migrated at start) and every repository, to
 * the whole application. Closes the DataSource when the application shuts down.
 */
@Module({})
export class PersistenceModule implements OnApplicationShutdown {
  constructor(private readonly dataSource: DataSource) {}

  static forRoot({ databaseUrl }: PersistenceOptions): DynamicModule {
    const repositories = REPOSITORIES.map((repository) => ({
      provide: repository,
      useFactory: (dataSource: DataSource) => new repository(dataSource),
      inject: [DataSource],
    }));
    return {
      module: PersistenceModule,
      global: true,
      providers: [{ provide: DataSource, useFactory: () => openDatabase(databaseUrl) }, ...repositories],
      exports: [DataSource, ...REPOSITORIES],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
