import { Body, Controller, Headers, HttpCode, Inject } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiOkResponse, ApiProduces, ApiTags } from '../openapi/openapi-decorators';
import { ROUTES, TEXT_INBOUND_SIGNATURE_HEADER, verifyTextInbound, type FormMembers } from '@curbside/contract';
import { textKeywordOf } from '@curbside/domain';
import { SetTextOptIn } from '@curbside/application';
import { Messages } from '@curbside/messages';
import { ApiErrorCode, ApiException, Endpoint } from '../platform';
import { DatabaseUnavailableResponse, ProblemResponse } from '../openapi';
import { CONSENT_OPTIONS, type ConsentOptions } from './consent.options';

/** The answer a provider expects (TwiML): nothing to send back; the carrier confirms STOP and START itself. */
const EMPTY_RESPONSE = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * A text provider's inbound messages (CONTRACT §10), in Twilio's shape: STOP (and its synonyms)
 * opts the sending number out of every Text selection that has it, START or UNSTOP opts it back
 * in; so does a stop word of a language's catalog (CONTRACT §11). The signature is checked before anything of the body is used: an unsigned request changes nothing.
 */
@ApiTags('consent')
@Controller()
export class InboundTextController {
  /** The stop words the catalogs add (CONTRACT §11: `es` adds PARAR, CANCELAR, ALTO). */
  private readonly stopWords: readonly string[];

  constructor(
    @Inject(CONSENT_OPTIONS) private readonly options: ConsentOptions,
    private readonly textOptIn: SetTextOptIn,
    messages: Messages,
  ) {
    this.stopWords = messages.stopWords();
  }

  @Endpoint(ROUTES.receiveInboundText, {
    summary: 'An inbound text (STOP, START)',
    description:
      'Form-encoded From, To, Body (other members ignored), signed with X-Twilio-Signature. Body STOP, STOPALL, UNSUBSCRIBE, CANCEL, ' +
      'END or QUIT sets every Text selection whose value is the From number to is_opt_in N (modified by STOP); START or UNSTOP sets them to Y.',
  })
  @HttpCode(200)
  @ApiHeader({ name: TEXT_INBOUND_SIGNATURE_HEADER, required: true, description: 'base64 HMAC-SHA1 of the URL and the sorted POST members, keyed by TEXT_PROVIDER_AUTH_TOKEN' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ schema: { type: 'object', required: ['From', 'Body'], properties: { From: { type: 'string' }, To: { type: 'string' }, Body: { type: 'string' } } } })
  @ApiProduces('text/xml')
  @ApiOkResponse({ description: 'An empty TwiML answer', content: { 'text/xml': { schema: { type: 'string' }, example: EMPTY_RESPONSE } } })
  @ProblemResponse(403, 'The X-Twilio-Signature is missing or wrong; nothing changed')
  @ProblemResponse(404, 'TEXT_PROVIDER_AUTH_TOKEN is not set: the door is closed')
  @DatabaseUnavailableResponse()
  async receive(
    @Headers(TEXT_INBOUND_SIGNATURE_HEADER.toLowerCase()) signature: string | undefined,
    @Headers('content-type') contentType: string | undefined,
    @Body() body: unknown,
  ): Promise<string> {
    const authToken = this.options.textProviderAuthToken;
    if (authToken === null) throw new ApiException(ApiErrorCode.NOT_FOUND);
    // The provider signs a form; a JSON body's members would be signed the same way, so only a form is read at all.
    if (!isForm(contentType)) throw new ApiException(ApiErrorCode.FORBIDDEN, 'The request is not signed by the text provider: it sends application/x-www-form-urlencoded only.');
    const members = formMembersOf(body);
    if (!verifyTextInbound(`${this.options.publicBaseUrl}${ROUTES.receiveInboundText.path}`, members, signature, authToken)) {
      throw new ApiException(ApiErrorCode.FORBIDDEN, 'The request is not signed by the text provider.');
    }
    const from = first(members['From']);
    const keyword = textKeywordOf(first(members['Body']), this.stopWords);
    if (keyword !== null && from !== '') {
      await this.textOptIn.execute(from, keyword === 'start', keyword === 'start' ? 'START' : 'STOP');
    }
    return EMPTY_RESPONSE;
  }
}

const isForm = (contentType: string | undefined): boolean => contentType?.split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** The members of a parsed form body. */
function formMembersOf(body: unknown): FormMembers {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([name, value]) => [name, Array.isArray(value) ? value.map(String) : String(value)]),
  );
}

const first = (value: FormMembers[string]): string => (typeof value === 'string' ? value : (value?.[0] ?? ''));
