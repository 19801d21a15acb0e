import { Command, CommandRunner, SubCommand } from 'nest-commander';
import { DataSource } from 'typeorm';
import { output } from '../output';

@SubCommand({ name: 'migrate', description: 'bring the database schema up to date, and do nothing else' })
export class DbMigrateCommand extends CommandRunner {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  // The schema is migrated when the CLI connects (as the API and notifier do at start);
  // this command makes that step explicit and reports the result.
  async run(): Promise<void> {
    const pending = await this.dataSource.showMigrations();
    const applied = this.dataSource.migrations.length;
    output.line(pending ? 'Migrations are still pending.' : `Database schema is up to date (${applied} migrations).`);
  }
}

@Command({ name: 'db', description: 'database schema', subCommands: [DbMigrateCommand] })
export class DbCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
