import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';
import { KeyRotationRefused, TokenService } from '@curbside/auth';
import { CliFailure, EXIT } from '../cli-failure';
import { output } from '../output';

@SubCommand({
  name: 'rotate',
  description: 'sign new access tokens with a new stored key; the previous key verifies until its tokens have expired',
})
export class KeysRotateCommand extends CommandRunner {
  constructor(private readonly tokens: TokenService) {
    super();
  }

  async run(_: string[], options: { json?: boolean }): Promise<void> {
    const rotation = await this.tokens.rotate().catch((error: unknown) => {
      throw error instanceof KeyRotationRefused ? new CliFailure(error.message, EXIT.invalidInput) : error;
    });
    const result = {
      kid: rotation.kid,
      previous_kid: rotation.previousKid,
      previous_retires_at: rotation.previousRetiresAt.toISOString(),
    };
    if (options.json) return output.json(result);
    output.line(`New access tokens are signed with key ${result.kid}.`);
    output.line(`Tokens signed with key ${result.previous_kid} are accepted until ${result.previous_retires_at}.`);
  }

  @Option({ flags: '--json', description: 'print {kid, previous_kid, previous_retires_at} as JSON' })
  parseJson(): boolean {
    return true;
  }
}

@Command({ name: 'keys', description: 'the key access tokens are signed with', subCommands: [KeysRotateCommand] })
export class KeysCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
