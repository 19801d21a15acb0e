import { Controller, Inject } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { ApiBody, ApiTags } from '../openapi/openapi-decorators';
import { SetCustomerLanguage } from '@curbside/application';
import { languageCodec, responses, type WireObject } from '@curbside/codecs';
import type { Config } from '@curbside/config';
import { ROUTES } from '@curbside/contract';
import { CONFIG } from '@curbside/runtime';
import type { ApiClient, Customer, CustomerLanguage } from '@curbside/domain';
import { CustomerRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource } from '../customer-scope';
import { ProblemResponse, WireResponse } from '../openapi';
import { ApiErrorCode, ApiException, ConditionalPut, ConditionalPutRequest, CurrentClient, Endpoint, PutRequest, quoted, TrackingId } from '../platform';

@ApiTags('language')
@Controller()
@CustomerResource()
export class LanguageController {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly setLanguage: SetCustomerLanguage,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Endpoint(ROUTES.getCustomerLanguage, {
    summary: 'The language residents are written to in (CONTRACT \u00a711)',
    description:
      'The customer\u2019s language, a BCP 47 tag in canonical form (`"null"` until one is set), the languages the hauler offers ' +
      '(`LANGUAGES`, the default first: what a customer without a language of its own is written in), and who set the language ' +
      'last and when (`yyyy-MM-dd HH:mm:ss`). Every email, text, call, page and calendar entry Curbside writes to the ' +
      'customer\u2019s residents is in that language; the API\u2019s own answers are not.',
  })
  @WireResponse('The customer\u2019s language', 'customerLanguage')
  async show(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return this.represent(trackingId, await this.stored(customer));
  }

  @Endpoint(ROUTES.updateCustomerLanguage, {
    summary: 'Set the language residents are written to in (CONTRACT \u00a711)',
    description:
      'The body is `{"language": "<tag>"}`: one of `offered`, matched without regard to case and stored in canonical form ' +
      '(`ES` is `es`, `zh-hant` `zh-Hant`, `fil` `tl`), or `"null"` to clear it (the hauler\u2019s default applies then). ' +
      'audit_info.modified_by becomes the calling client\u2019s id. A change writes a preferences.changed event (to webhooks). ' +
      'A tag the hauler does not offer is a 422 UNSUPPORTED_LANGUAGE naming the offered ones. The body must be ' +
      '`application/json`, at most 64 KiB, with no members beyond `language`; a refused body changes nothing. The answer ' +
      'is the GET\u2019s body after the change.',
  })
  @ApiBody({ schema: languageCodec.schema() as SchemaObject })
  @WireResponse('The language was stored', 'customerLanguage')
  @ConditionalPut()
  @ProblemResponse(422, 'UNSUPPORTED_LANGUAGE: the hauler does not offer that language (the message names the ones it does); nothing was written')
  async update(
    @TrackingId() trackingId: string,
    @CurrentCustomer() customer: Customer,
    @CurrentClient() client: ApiClient,
    @PutRequest() put: ConditionalPutRequest,
  ): Promise<WireObject> {
    const language = await put.update({
      decode: languageCodec.decodeUpdateRequest,
      represent: (current: CustomerLanguage) => this.represent(trackingId, current),
      write: async (update, precondition) => {
        const outcome = await this.setLanguage.execute({ customerId: customer.id, language: update.language, offered: this.offered, modifiedBy: client.clientId, precondition });
        if (outcome.kind === 'unsupported') throw unsupported(update.language ?? '', outcome.offered);
        return outcome.language;
      },
    });
    return this.represent(trackingId, language);
  }

  private get offered(): string[] {
    return this.config.languages.offered;
  }

  private represent(trackingId: string, language: CustomerLanguage): WireObject {
    return responses.customerLanguage(trackingId, language, this.offered);
  }

  private async stored(customer: Customer): Promise<CustomerLanguage> {
    const language = await this.customers.language(customer.id);
    // The guard found the customer; one deleted since reads as never having set a language.
    return language ?? { language: null, modifiedBy: null, modifiedAt: null };
  }
}

/** CONTRACT §11: 422, naming the offered languages. */
function unsupported(tag: string, offered: readonly string[]): ApiException {
  const message = `The hauler does not offer the language ${quoted(tag)}; offered: ${offered.join(', ')}.`;
  return new ApiException(ApiErrorCode.UNSUPPORTED_LANGUAGE, message, [{ field: 'language', message }]);
}
