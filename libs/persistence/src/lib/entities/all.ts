import { getMetadataArgsStorage } from 'typeorm';
import * as entities from './index';

/** Every table of the schema: each class of ./index that is an @Entity (a new entity file there is all it takes). */
export const ENTITIES = Object.values(entities).filter((value) =>
  getMetadataArgsStorage().tables.some((table) => table.target === value),
) as Array<new () => object>;
