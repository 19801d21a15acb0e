import type * as ClassValidator from 'class-validator';

/*
 * class-validator's decorators and validation, each loaded from its own module: the package's index loads
 * every one of its validators, with libphonenumber-js's metadata and most of `validator`, which no rule here
 * uses. The same modules as the index's, so the rules land in the same metadata storage.
 */

type Package = typeof ClassValidator;

function part<K extends keyof Package>(file: string, name: K): Package[K] {
  return (require(`class-validator/cjs/${file}`) as Package)[name];
}

export const IsDefined = part('decorator/common/IsDefined', 'IsDefined');
export const IsIn = part('decorator/common/IsIn', 'IsIn');
export const IsNotEmpty = part('decorator/common/IsNotEmpty', 'IsNotEmpty');
export const IsOptional = part('decorator/common/IsOptional', 'IsOptional');
export const ValidateBy = part('decorator/common/ValidateBy', 'ValidateBy');
export const ValidateNested = part('decorator/common/ValidateNested', 'ValidateNested');
export const IsInt = part('decorator/typechecker/IsInt', 'IsInt');
export const IsString = part('decorator/typechecker/IsString', 'IsString');
export const Max = part('decorator/number/Max', 'Max');
export const Min = part('decorator/number/Min', 'Min');
export const IsTimeZone = part('decorator/string/IsTimeZone', 'IsTimeZone');
export const Matches = part('decorator/string/Matches', 'Matches');
export const MaxLength = part('decorator/string/MaxLength', 'MaxLength');
export const MinLength = part('decorator/string/MinLength', 'MinLength');
export const registerDecorator = part('register-decorator', 'registerDecorator');
export const getMetadataStorage = part('metadata/MetadataStorage', 'getMetadataStorage');
export type { ValidationOptions } from 'class-validator';

const getFromContainer = part('container', 'getFromContainer');
const Validator = part('validation/Validator', 'Validator');

/** class-validator's `validate` of an object (its index's, without the index). */
export const validate = (object: object, options?: ClassValidator.ValidatorOptions): Promise<ClassValidator.ValidationError[]> =>
  getFromContainer(Validator).validate(object, options);

/** class-validator's `validateSync` of an object. */
export const validateSync = (object: object, options?: ClassValidator.ValidatorOptions): ClassValidator.ValidationError[] =>
  getFromContainer(Validator).validateSync(object, options);
