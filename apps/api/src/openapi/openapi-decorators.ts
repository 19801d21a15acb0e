import type { Type } from '@nestjs/common';
import { inheritPropertyInitializers, inheritTransformationMetadata } from '@nestjs/mapped-types';
import type * as SwaggerPackage from '@nestjs/swagger';
import { getMetadataStorage } from '@curbside/config';

/*
 * `@nestjs/swagger`'s decorators, applied only when the OpenAPI document is built (at build time, see
 * tools/openapi/build.js; or on the first request for /docs when the API runs from source). The API serves the
 * document built with its code, so a request never reads this metadata: each decoration is kept as a call to
 * make later, and `@nestjs/swagger` (with lodash, js-yaml and its scanner) is not loaded when the API starts.
 */

type Swagger = typeof SwaggerPackage;
type Decoration = (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => unknown;

const pending: ((swagger: Swagger) => void)[] = [];
let loaded: Swagger | undefined;

/** A decoration of the document, made with `@nestjs/swagger` when the document is built. */
export function Documented(make: (swagger: Swagger) => Decoration): ClassDecorator & MethodDecorator & PropertyDecorator {
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const decorate = (swagger: Swagger) => void make(swagger)(target, key, descriptor);
    if (loaded === undefined) pending.push(decorate);
    else decorate(loaded);
  };
}

/** `@nestjs/swagger`, with every decoration made so far applied (once, in the order the classes made them). */
export function documentedSwagger(): Swagger {
  if (loaded === undefined) {
    loaded = require('@nestjs/swagger') as Swagger; // here only: the document is being built
    for (const decorate of pending.splice(0)) decorate(loaded);
  }
  return loaded;
}

type DecoratorName =
  | 'ApiBody'
  | 'ApiConsumes'
  | 'ApiCreatedResponse'
  | 'ApiExcludeController'
  | 'ApiExtraModels'
  | 'ApiHeader'
  | 'ApiOkResponse'
  | 'ApiOperation'
  | 'ApiParam'
  | 'ApiProduces'
  | 'ApiProperty'
  | 'ApiPropertyOptional'
  | 'ApiQuery'
  | 'ApiResponse'
  | 'ApiSecurity'
  | 'ApiTags';

function deferred<N extends DecoratorName>(name: N): Swagger[N] {
  const decorator = (...args: unknown[]) =>
    Documented((swagger) => (swagger[name] as unknown as (...options: unknown[]) => Decoration)(...args));
  return decorator as unknown as Swagger[N];
}

export const ApiBody = deferred('ApiBody');
export const ApiConsumes = deferred('ApiConsumes');
export const ApiCreatedResponse = deferred('ApiCreatedResponse');
/** Not an operation of the API (the resident's HTML pages): left out of the document. */
export const ApiExcludeController = deferred('ApiExcludeController');
export const ApiExtraModels = deferred('ApiExtraModels');
export const ApiHeader = deferred('ApiHeader');
export const ApiOkResponse = deferred('ApiOkResponse');
export const ApiOperation = deferred('ApiOperation');
export const ApiParam = deferred('ApiParam');
export const ApiProduces = deferred('ApiProduces');
export const ApiProperty = deferred('ApiProperty');
export const ApiPropertyOptional = deferred('ApiPropertyOptional');
export const ApiQuery = deferred('ApiQuery');
export const ApiResponse = deferred('ApiResponse');
export const ApiSecurity = deferred('ApiSecurity');
export const ApiTags = deferred('ApiTags');

/** `@nestjs/swagger`'s `getSchemaPath` of a class without `@ApiSchema` (none here has one). */
export const getSchemaPath = (model: string | Type): string => `#/components/schemas/${typeof model === 'string' ? model : model.name}`;

/** The properties `@ApiProperty` documented on a class (what `@nestjs/swagger`'s own `IntersectionType` copies). */
function documentedProperties(prototype: object): string[] {
  const keys: unknown[] = Reflect.getMetadata('swagger/apiModelPropertiesArray', prototype) ?? [];
  return keys
    .filter((key): key is string => typeof key === 'string' && key.startsWith(':'))
    .map((key) => key.slice(1))
    .filter((key) => typeof (prototype as Record<string, unknown>)[key] !== 'function');
}

/** `@nestjs/mapped-types`' `inheritValidationMetadata`, with class-validator's storage (its own loads the package's index). */
function inheritValidationMetadata(parentClass: Type, targetClass: Type): void {
  const storage = getMetadataStorage();
  for (const rule of storage.getTargetValidationMetadatas(parentClass, null as unknown as string, false, false)) {
    const originalType: unknown = Reflect.getMetadata('design:type', parentClass.prototype, rule.propertyName);
    if (originalType) Reflect.defineMetadata('design:type', originalType, targetClass.prototype, rule.propertyName);
    storage.addValidationMetadata({ ...rule, target: targetClass });
  }
}

/**
 * `@nestjs/swagger`'s `IntersectionType` of two classes: the validation and transformation metadata and the
 * initializers of both now (what requests use), their documented properties when the document is built.
 */
export function IntersectionType<A, B>(first: Type<A>, second: Type<B>): Type<A & B> {
  const classRefs: Type[] = [first, second];
  class IntersectionClassType {
    constructor() {
      for (const classRef of classRefs) inheritPropertyInitializers(this, classRef);
    }
  }
  for (const classRef of classRefs) {
    inheritValidationMetadata(classRef, IntersectionClassType);
    inheritTransformationMetadata(classRef, IntersectionClassType);
    Documented((swagger) => () => {
      for (const key of documentedProperties(classRef.prototype)) {
        const metadata = Reflect.getMetadata('swagger/apiModelProperties', classRef.prototype, key);
        swagger.ApiProperty(metadata)(IntersectionClassType.prototype, key);
      }
    })(IntersectionClassType);
  }
  Object.defineProperty(IntersectionClassType, 'name', { value: `Intersection${classRefs.map((ref) => ref.name).join('')}` });
  return IntersectionClassType as Type<A & B>;
}
