import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Ready = not shutting down and the database answers. */
@Injectable()
export class Readiness implements BeforeApplicationShutdown {
  private draining = false;

  constructor(private readonly dataSource: DataSource) {}

  /** Called on shutdown (SIGTERM/SIGINT), before the server stops taking connections. */
  beforeApplicationShutdown(): void {
    this.startDraining();
  }

  startDraining(): void {
    this.draining = true;
  }

  async isReady(): Promise<boolean> {
    if (this.draining || !this.dataSource.isInitialized) return false;
    try {
      await this.dataSource.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }
}
