import { ApiQuery } from './openapi-decorators';

/**
 * The optional `lang` of what Curbside writes to a resident outside `/api` (CONTRACT §11): first among the
 * rules that pick the language. `otherwise` says which rule decides when it names no offered language.
 */
export function LanguageQuery(otherwise: string): MethodDecorator {
  return ApiQuery({
    name: 'lang',
    required: false,
    schema: { type: 'string' },
    description:
      'A BCP 47 language tag (e.g. `es`, `zh-Hant`): written in that language when the hauler offers it (`LANGUAGES`). ' +
      `A tag that is not offered, or is not a tag, is ignored and the next rule decides: ${otherwise}.`,
  });
}
