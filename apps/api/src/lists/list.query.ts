import { ApiPropertyOptional, IntersectionType } from '../openapi/openapi-decorators';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from '@curbside/config';
import { DateRangeQuery } from '../customer-scope';

export const MAX_LIMIT = 1000;

/** The page a list request asks for (CONTRACT §7); every list takes these. */
export class PageParams {
  @ApiPropertyOptional({
    description:
      `Records per page, 1 to ${MAX_LIMIT}. Without it the list answers whole up to LIST_MAX_ITEMS (5000 by default), ` +
      'then pages by that many. A page with more after it answers `Link: <...&cursor=...>; rel="next"`.',
    type: 'integer',
    minimum: 1,
    maximum: MAX_LIMIT,
    example: 50,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `limit must be an integer from 1 to ${MAX_LIMIT}` })
  @Min(1, { message: `limit must be an integer from 1 to ${MAX_LIMIT}` })
  @Max(MAX_LIMIT, { message: `limit must be an integer from 1 to ${MAX_LIMIT}` })
  limit?: number;

  @ApiPropertyOptional({
    description:
      'Where the page starts: the opaque `cursor` of the previous page\u2019s `Link: rel="next"`. It is only valid ' +
      'for the same list, customer and filters (fromDate/toDate, numberOfdays, ...); anything else is a 400.',
  })
  @IsOptional()
  @IsString({ message: 'cursor must be the cursor of a Link rel="next"' })
  @MaxLength(512, { message: 'cursor must be the cursor of a Link rel="next"' })
  cursor?: string;
}

/** The query of the dated lists (CONTRACT §3, §7): the date window and the page. */
export class ListParams extends IntersectionType(DateRangeQuery, PageParams) {}
