import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { RevokeFeedLink } from '@curbside/application';
import { AuthException, FeedTokenService } from '@curbside/auth';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

/** The token of a feed link given whole (`https://…/feeds/calendar/<token>/pickups.ics`) or as the token alone. */
const tokenOf = (link: string): string => /\/feeds\/calendar\/([^/?#]+)/.exec(link)?.[1] ?? link.trim();

@SubCommand({
  name: 'revoke',
  arguments: '<link>',
  description: 'revoke one calendar feed link (the whole address, or its token): it stops working at once; other links keep working',
})
export class FeedsRevokeCommand extends CommandRunner {
  constructor(
    private readonly feedTokens: FeedTokenService,
    private readonly revokeFeedLink: RevokeFeedLink,
  ) {
    super();
  }

  async run([link]: string[], options: { json?: boolean }): Promise<void> {
    const named = await this.feedTokens.linkOf(tokenOf(link)).catch((error: unknown) => {
      if (error instanceof AuthException) throw new CliFailure('That is not a calendar feed link of this Curbside (altered, cut, or signed elsewhere).', EXIT.notFound);
      throw error;
    });
    const revoked = await this.revokeFeedLink.execute(named);
    const result = { link_id: named.linkId, client_id: named.clientId, customer_id: named.customerId, revoked: true, already_revoked: !revoked };
    if (options.json) return output.json(result);
    output.line(`${revoked ? 'Revoked' : 'Already revoked'}: feed link ${named.linkId} of customer ${named.customerId} (client ${named.clientId}).`);
  }

  @Option({ flags: '--json', description: 'print the result as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({ name: 'feeds', description: 'calendar feed links (services/calendar)', subCommands: [FeedsRevokeCommand] })
export class FeedsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
