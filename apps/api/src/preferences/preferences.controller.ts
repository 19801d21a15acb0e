import { Controller } from '@nestjs/common';
import { ApiBody, ApiTags } from '../openapi/openapi-decorators';
import { preferenceCodec, responses, WireObject } from '@curbside/codecs';
import type { Customer, Preference } from '@curbside/domain';
import { UpdatePreferences } from '@curbside/application';
import { PreferenceRepository } from '@curbside/persistence';
import { CurrentCustomer, CustomerResource } from '../customer-scope';
import { WireResponse } from '../openapi';
import { ConditionalPut, ConditionalPutRequest, Endpoint, PutRequest, TrackingId } from '../platform';
import { UpdatePreferencesDto } from './dtos/update-preferences.dto';
import { ROUTES } from '@curbside/contract';

@ApiTags('communication preferences')
@Controller()
@CustomerResource()
export class PreferencesController {
  constructor(
    private readonly preferences: PreferenceRepository,
    private readonly updatePreferences: UpdatePreferences,
  ) {}

  @Endpoint(ROUTES.getCommunicationPreferences, {
    summary: 'Communication preferences (op 9)',
    description:
      'Per category: whether it is enabled and its channels (Text, Email, Voice), each with its chosen destinations ' +
      '(selections, with who created and last changed them, `yyyy-MM-dd HH:mm:ss`) and the destinations it could use (options). ' +
      'A customer without preferences has an empty list.',
  })
  @WireResponse('Communication preferences', 'preferences')
  async list(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer): Promise<WireObject> {
    return responses.preferences(trackingId, await this.preferences.list(customer.id));
  }

  @Endpoint(ROUTES.updateCommunicationPreferences, {
    summary: 'Update communication preferences (op 10)',
    description:
      'Sets the value and opt-in of each selection in the body, all or nothing. A selection is named by category + channel ' +
      'name + type; its audit_info gets modified_by from the body and the current time. A selection that does not exist yet ' +
      'is created (created_by = modified_by), and so is its channel (opted in) or category (enabled) if missing. ' +
      'Selections, channels and categories not named in the body stay as they are; is_category_enabled, the channels\u2019 ' +
      'is_opt_in and the options are not changed by this operation. The body must be `application/json`, at most 64 KiB, ' +
      'with no members beyond those documented; a rejected body changes nothing.',
  })
  @ApiBody({ type: UpdatePreferencesDto })
  @WireResponse('The update was stored', 'preferencesUpdated')
  @ConditionalPut()
  async update(@TrackingId() trackingId: string, @CurrentCustomer() customer: Customer, @PutRequest() put: ConditionalPutRequest): Promise<WireObject> {
    await put.update({
      decode: preferenceCodec.decodeUpdateRequest,
      represent: (preferences: Preference[]) => responses.preferences(trackingId, preferences),
      write: ({ updates, modifiedBy }, precondition) => this.updatePreferences.execute(customer.id, updates, modifiedBy, precondition),
    });
    return responses.preferencesUpdated(trackingId);
  }
}
