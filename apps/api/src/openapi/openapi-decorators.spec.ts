import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { IsInt, IsOptional, Max, validate } from '@curbside/config';
import { ApiProperty, ApiSecurity, ApiTags, documentedSwagger, IntersectionType } from './openapi-decorators';

// Each decoration is kept until the document is built; these classes are decorated when this file loads.
@ApiTags('widgets')
@ApiSecurity({ bearer: [] })
class Widget {
  @ApiProperty({ example: 'W1' }) code!: string;
}

class Paging {
  @ApiProperty({ required: false, example: 5 })
  @IsOptional()
  @IsInt()
  @Max(10)
  limit?: number;
}

class Named {
  @ApiProperty({ example: 'a name' }) name!: string;
}

class Query extends IntersectionType(Paging, Named) {}

describe('the OpenAPI decorations, kept until the document is built', () => {
  it('put nothing on a class before the document is built', () => {
    expect(Reflect.getMetadata('swagger/apiUseTags', Widget)).toBeUndefined();
    expect(Reflect.getMetadata('swagger/apiModelPropertiesArray', Widget.prototype)).toBeUndefined();
  });

  it('an intersection of query classes validates with both classes’ rules before the document is built', async () => {
    const tooLarge = await validate(plainToInstance(Query, { limit: 11, name: 'x' }));
    expect(tooLarge.map((error) => [error.property, Object.keys(error.constraints ?? {})])).toEqual([['limit', ['max']]]);
    expect(await validate(plainToInstance(Query, { limit: 10 }))).toEqual([]);
  });

  it('are made once, in order, when the document is built, the intersection’s documented properties too', () => {
    documentedSwagger();
    documentedSwagger();
    expect(Reflect.getMetadata('swagger/apiUseTags', Widget)).toEqual(['widgets']);
    expect(Reflect.getMetadata('swagger/apiSecurity', Widget)).toEqual([{ bearer: [] }]);
    expect(Reflect.getMetadata('swagger/apiModelProperties', Widget.prototype, 'code')).toMatchObject({ example: 'W1' });
    expect(Reflect.getMetadata('swagger/apiModelPropertiesArray', Query.prototype)).toEqual([':limit', ':name']);
  });

  it('made after the document was built, a decoration applies at once', () => {
    @ApiTags('late')
    class Late {}
    expect(Reflect.getMetadata('swagger/apiUseTags', Late)).toEqual(['late']);
  });
});
