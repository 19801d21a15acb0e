import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GracefulShutdown } from '../platform/lifecycle/shutdown';

/** Ready = not shutting down and the database answers. */
@Injectable()
export class Readiness {
  constructor(
    private readonly dataSource: DataSource,
    private readonly shutdown: GracefulShutdown,
  ) {}

  async isReady(): Promise<boolean> {
    if (this.shutdown.isDraining || !this.dataSource.isInitialized) return false;
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
