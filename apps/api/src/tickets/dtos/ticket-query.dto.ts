import { ApiProperty, ApiPropertyOptional } from '../../openapi/openapi-decorators';
import { IsIn, IsOptional } from '@curbside/config';
import { ListParams } from '../../lists';

export const DISPOSAL = 'disposal';

const TICKET_TYPE_DOC = {
  description: 'Absent: service tickets (operations 1 and 2). `disposal`: landfill disposal tickets (operations 3 and 4).',
  enum: [DISPOSAL],
};

/** Operations 1 and 3 share a path: `ticket_type=disposal` picks the disposal tickets. */
export class TicketListQuery extends ListParams {
  @ApiPropertyOptional(TICKET_TYPE_DOC)
  @IsOptional()
  @IsIn([DISPOSAL], { message: 'ticket_type must be "disposal" or left out' })
  ticket_type?: typeof DISPOSAL;
}

/** Operations 2 and 4 share a path, likewise. */
export class TicketDetailQuery {
  @ApiPropertyOptional(TICKET_TYPE_DOC)
  @IsOptional()
  @IsIn([DISPOSAL], { message: 'ticket_type must be "disposal" or left out' })
  ticket_type?: typeof DISPOSAL;
}

/** The disposal ticket views (materials, surcharges, prices) exist for disposal tickets only: `ticket_type=disposal` is required. */
export class DisposalViewQuery {
  @ApiProperty({ description: 'Must be `disposal`: these are views of a disposal ticket (operation 4).', enum: [DISPOSAL] })
  @IsIn([DISPOSAL], { message: 'ticket_type=disposal is required on this operation' })
  ticket_type!: typeof DISPOSAL;
}
