import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { IssueAccessToken } from '@curbside/application';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

@SubCommand({ name: 'issue', description: "issue an access token for a client without its secret (operator use)" })
export class TokensIssueCommand extends CommandRunner {
  constructor(private readonly issueToken: IssueAccessToken) {
    super();
  }

  async run(_: string[], options: { clientId?: string; json?: boolean }): Promise<void> {
    if (!options.clientId) throw new CliFailure('--client-id is required.', EXIT.usage);
    const outcome = await this.issueToken.execute(options.clientId);
    if ('refused' in outcome) {
      throw outcome.refused === 'revoked'
        ? new CliFailure(`Client ${options.clientId} is revoked.`, EXIT.invalidInput)
        : new CliFailure(`There is no client ${options.clientId}.`, EXIT.notFound);
    }
    const token = outcome.issued;
    if (options.json) return output.json(token);
    output.line(token.access_token);
  }

  @Option({ flags: '--client-id <clientId>', description: 'the client the token is for' })
  parseClientId(value: string): string {
    return value;
  }

  @Option({ flags: '--json', description: 'print {access_token, token_type, expires_in} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({ name: 'tokens', description: 'access tokens', subCommands: [TokensIssueCommand] })
export class TokensCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
