import { Controller, Header, HttpCode, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiParam, ApiProduces, ApiTags } from '../openapi/openapi-decorators';
import { ROUTES } from '@curbside/contract';
import { UnsubscribeTokens, type UnsubscribeGrant } from '@curbside/notifications';
import { Unsubscribe } from '@curbside/application';
import { Messages } from '@curbside/messages';
import { CustomerRepository } from '@curbside/persistence';
import { DatabaseUnavailableResponse, LanguageQuery, ProblemResponse } from '../openapi';
import { ApiErrorCode, ApiException, Endpoint } from '../platform';
import { CONSENT_OPTIONS, type ConsentOptions } from './consent.options';
import { confirmPage, donePage, type Page } from './pages';

const TOKEN = { name: 'token', type: String, description: 'The signed token of the email\u2019s List-Unsubscribe link' };
const HTML_PAGE = { 'text/html': { schema: { type: 'string' } } };
const PAGE_LANGUAGE = LanguageQuery("the customer's language, else the best match of `Accept-Language`, else the hauler's default");
const BAD_LINK = 'The link is altered, made up, or its customer is gone; nothing changed';

/**
 * One-click unsubscribe (CONTRACT §10, RFC 8058): the link of every email to a resident. No
 * credentials: the token names the customer, the category and the address, and only this
 * service can make one. GET shows a page and changes nothing (mail scanners open links); POST,
 * from the page's button or from the mailbox provider's one-click, opts the address out.
 */
@ApiTags('consent')
@Controller()
export class UnsubscribeController {
  constructor(
    @Inject(CONSENT_OPTIONS) private readonly options: ConsentOptions,
    private readonly tokens: UnsubscribeTokens,
    private readonly customers: CustomerRepository,
    private readonly optOut: Unsubscribe,
    private readonly messages: Messages,
  ) {}

  @Endpoint(ROUTES.showUnsubscribe, {
    summary: 'The page of an unsubscribe link',
    description: 'What the link would stop, and a button that posts to the same URL. Changes nothing.',
  })
  @ApiParam(TOKEN)
  @PAGE_LANGUAGE
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'An HTML page in the hauler\u2019s name with the Unsubscribe button', content: HTML_PAGE })
  @ProblemResponse(404, BAD_LINK)
  @DatabaseUnavailableResponse()
  @Header('Cache-Control', 'no-store')
  async show(@Param('token') token: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const grant = await this.grantOf(token);
    return answered(reply, confirmPage(this.messages, await this.languageOf(request, reply, grant), this.subjectOf(grant), token));
  }

  @Endpoint(ROUTES.unsubscribe, {
    summary: 'Unsubscribe (one click)',
    description:
      'Sets every Email selection of the link\u2019s customer and category whose value is its address to is_opt_in N ' +
      '(modified by UNSUBSCRIBE), with a preferences.changed event, in one transaction. A repeat answers the same and changes nothing.',
  })
  @HttpCode(200)
  @ApiParam(TOKEN)
  @PAGE_LANGUAGE
  @ApiConsumes('application/x-www-form-urlencoded', 'multipart/form-data')
  @ApiBody({
    required: false,
    description: 'RFC 8058: `List-Unsubscribe=One-Click`, form-encoded or multipart (or no body); not read: the token says what to stop',
    schema: { type: 'object', properties: { 'List-Unsubscribe': { type: 'string', enum: ['One-Click'] } } },
  })
  @ApiProduces('text/html')
  @ApiOkResponse({ description: 'An HTML page saying what stopped', content: HTML_PAGE })
  @ProblemResponse(404, BAD_LINK)
  @DatabaseUnavailableResponse()
  @Header('Cache-Control', 'no-store')
  async unsubscribe(@Param('token') token: string, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const grant = await this.grantOf(token);
    await this.optOut.execute(grant.customerId, grant.category, grant.address);
    return answered(reply, donePage(this.messages, await this.languageOf(request, reply, grant), this.subjectOf(grant)));
  }

  /**
   * The page's language (CONTRACT §11): `lang` when offered, else the customer's, else the best
   * match of Accept-Language, else the default; when the header decided, caches are told so.
   */
  private async languageOf(request: FastifyRequest, reply: FastifyReply, grant: UnsubscribeGrant): Promise<string> {
    const query = (request.query as Record<string, unknown> | undefined)?.['lang'];
    const stored = await this.customers.language(grant.customerId);
    const { language, fromAcceptLanguage } = this.messages.pageLanguage({
      query: typeof query === 'string' ? query : null,
      customerLanguage: stored?.language ?? null,
      acceptLanguage: request.headers['accept-language'] ?? null,
    });
    if (fromAcceptLanguage) reply.header('Vary', 'Accept-Language');
    return language;
  }

  /** The grant of a token made by this service, for a customer that still exists; else 404 (and nothing says why). */
  private async grantOf(token: string): Promise<UnsubscribeGrant> {
    const grant = await this.tokens.read(token);
    if (grant === null || (await this.customers.find(grant.customerId)) === null) {
      throw new ApiException(ApiErrorCode.NOT_FOUND, 'The unsubscribe link is not valid.');
    }
    return grant;
  }

  private subjectOf(grant: UnsubscribeGrant) {
    return { brand: this.options.brandName, category: grant.category, address: grant.address };
  }
}

/** The page's HTML, with the language it is written in as `Content-Language`. */
function answered(reply: FastifyReply, page: Page): string {
  reply.header('Content-Language', page.language);
  return page.html;
}
