import { Inject } from '@nestjs/common';
import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { ResidentLinks } from '@curbside/application';
import type { Config } from '@curbside/config';
import { CONFIG } from '@curbside/runtime';
import { residentPageUrl } from '@curbside/notifications';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

@SubCommand({
  name: 'link',
  arguments: '<customerId>',
  description: "make a link to the customer's own page (CONTRACT §12) for a call-centre agent to give out; it works for RESIDENT_LINK_DAYS",
})
export class ResidentsLinkCommand extends CommandRunner {
  constructor(
    private readonly links: ResidentLinks,
    @Inject(CONFIG) private readonly config: Config,
  ) {
    super();
  }

  async run([customerId]: string[], options: { json?: boolean }): Promise<void> {
    const link = await this.links.issue(customerId, new Date(), this.config.residentLinkDays);
    if (link === null) throw new CliFailure(`There is no customer ${customerId}.`, EXIT.notFound);
    const result = { url: residentPageUrl(this.config.publicBaseUrl, link.token), expires: link.expires.toISOString() };
    if (options.json) return output.json(result);
    output.line(`${result.url}\n(works until ${result.expires})`);
  }

  @Option({ flags: '--json', description: 'print {"url", "expires"} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@SubCommand({
  name: 'revoke',
  arguments: '<customerId>',
  description: "end every page link and page session of the customer made until now; the next email brings a new link",
})
export class ResidentsRevokeCommand extends CommandRunner {
  constructor(private readonly links: ResidentLinks) {
    super();
  }

  async run([customerId]: string[], options: { json?: boolean }): Promise<void> {
    const ended = await this.links.revoke(customerId);
    if (options.json) return output.json({ customer_id: customerId, ended });
    output.line(`Ended ${ended} page link(s) and session(s) of customer ${customerId}.`);
  }

  @Option({ flags: '--json', description: 'print the result as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({ name: 'residents', description: "residents' own pages: links and their revocation", subCommands: [ResidentsLinkCommand, ResidentsRevokeCommand] })
export class ResidentsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
