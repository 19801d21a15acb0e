import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import type { LocalDate, RouteAlert } from '@curbside/domain';
import { RouteAlerts } from '@curbside/application';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';
import { parseDay } from './day-option';

interface CreateOptions {
  route?: string;
  date?: LocalDate;
  message?: string;
  json?: boolean;
}

/** A Text or Voice message is at most 160 characters; the alert's text leaves room for the day it names. */
const ALERT_MESSAGE_MAX = 100;

@SubCommand({ name: 'create', description: "send an operator's message to every customer a route runs for on a day" })
export class AlertsCreateCommand extends CommandRunner {
  constructor(private readonly alerts: RouteAlerts) {
    super();
  }

  async run(_: string[], options: CreateOptions): Promise<void> {
    const { route, date, message } = options;
    if (!route || !date || message === undefined) throw new CliFailure('--route, --date and --message are required.', EXIT.usage);
    const text = message.trim();
    if (text === '' || text.length > ALERT_MESSAGE_MAX) {
      throw new CliFailure(`--message must be 1 to ${ALERT_MESSAGE_MAX} characters.`, EXIT.invalidInput);
    }
    const alert = await this.alerts.create(route.trim(), date, text);
    if (options.json) return output.json(toJson(alert));
    output.line(`Alert ${alert.id} queued for ${alert.customers} customer(s) of route ${alert.routeId} on ${alert.date}.`);
  }

  @Option({ flags: '--route <route_id>', description: 'the route (a service operations route_id)' })
  parseRoute(value: string): string {
    return value;
  }

  @Option({ flags: '--date <yyyy-MM-dd>', description: 'the day the route runs' })
  parseDate(value: string): LocalDate {
    return parseDay('--date', value);
  }

  @Option({ flags: '--message <text>', description: `the message (at most ${ALERT_MESSAGE_MAX} characters)` })
  parseMessage(value: string): string {
    return value;
  }

  @Option({ flags: '--json', description: 'print {id, route, date, customers} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({ name: 'list', description: 'list the route alerts, newest first' })
export class AlertsListCommand extends CommandRunner {
  constructor(private readonly alerts: RouteAlerts) {
    super();
  }

  async run(_: string[], options: { json?: boolean }): Promise<void> {
    const alerts = await this.alerts.list();
    if (options.json) return output.json(alerts.map(toJson));
    if (alerts.length === 0) return output.line('No route alerts yet.');
    output.table(alerts.map((alert) => ({ ...toJson(alert), customers: String(alert.customers) })));
  }

  @Option({ flags: '--json', description: 'print the alerts as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({ name: 'alerts', description: "route alerts: an operator's message to a route's customers", subCommands: [AlertsCreateCommand, AlertsListCommand] })
export class AlertsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}

function toJson(alert: RouteAlert) {
  return { id: alert.id, route: alert.routeId, date: alert.date, customers: alert.customers, message: alert.message, created_at: alert.createdAt };
}
