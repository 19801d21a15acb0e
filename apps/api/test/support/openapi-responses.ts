import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Response } from 'supertest';
import type { WireRecord } from './fixtures';

/** Where the document is added to Ajv, so the schemas are compiled by JSON pointer into it. */
const DOCUMENT_ID = 'openapi.json';

interface DocumentedOperation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, WireRecord>;
}

/**
 * Checks a response against the OpenAPI document the app serves (`/docs/openapi.json`): its status
 * is one the operation lists, the headers that response declares required are there and match
 * their schemas, its content type is documented, and a JSON body matches the documented schema.
 * Operations are found by method and path template; a request to a path or method the document
 * does not describe (a CORS preflight, `/docs` itself) is not checked. Validators are compiled
 * the first time an operation's response is seen, once per document.
 */
export class ResponseValidator {
  // Compiling dominates the cost (the document's own schemas need no meta-validation, and Ajv's
  // code optimizer costs more than it saves on validators run a few times): 3,400 responses of
  // the e2e suites take about 5 s of CPU in all.
  private readonly ajv = addFormats(new Ajv({ strict: false, validateSchema: false, code: { optimize: false } }));
  private readonly operations: DocumentedOperation[];
  private readonly compiled = new Map<string, ValidateFunction>();

  private constructor(document: WireRecord) {
    this.ajv.addSchema(document, DOCUMENT_ID);
    this.operations = Object.entries(document.paths as Record<string, WireRecord>)
      .flatMap(([template, item]) => Object.entries(item).map(([method, operation]) => ({ method, template, operation })))
      .map(({ method, template, operation }) => ({ method, template, pattern: templatePattern(template), responses: operation.responses ?? {} }))
      // A literal segment wins over a parameter (`/services/plan` is not `/services/{serviceId}`).
      .sort((a, b) => parameterCount(a.template) - parameterCount(b.template));
  }

  /** The validator of the document `app` serves; one per document text. */
  static async of(app: NestFastifyApplication): Promise<ResponseValidator> {
    const served = await app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/docs/openapi.json' });
    let validator = validators.get(served.body);
    if (validator === undefined) validators.set(served.body, (validator = new ResponseValidator(JSON.parse(served.body))));
    return validator;
  }

  /** Throws, naming the request and what the document says, when `response` is not documented. */
  check(method: string, url: string, response: Response): void {
    const path = new URL(url).pathname;
    const operation = this.operations.find((o) => o.method === method.toLowerCase() && o.pattern.test(path));
    if (operation === undefined) return;
    const problems = this.problems(operation, response);
    if (problems.length > 0) {
      const request = `${method.toUpperCase()} ${path} answered ${response.status} ${response.headers['content-type'] ?? '(no content type)'}`;
      const documented = `${operation.method.toUpperCase()} ${operation.template}`;
      throw new Error(`${request}, which the OpenAPI document does not describe (${documented}):\n  ${problems.join('\n  ')}`);
    }
  }

  private problems(operation: DocumentedOperation, response: Response): string[] {
    const status = String(response.status);
    const key = [status, `${status[0]}XX`, 'default'].find((candidate) => candidate in operation.responses);
    if (key === undefined) return [`status ${status} is not listed (documented: ${Object.keys(operation.responses).join(', ')})`];
    const documented = operation.responses[key];
    const where = `/paths/${pointer(operation.template)}/${operation.method}/responses/${key}`;
    return [...this.headerProblems(documented, where, response), ...this.bodyProblems(documented, where, response)];
  }

  private headerProblems(documented: WireRecord, where: string, response: Response): string[] {
    return Object.entries((documented.headers ?? {}) as Record<string, WireRecord>).flatMap(([name, header]) => {
      const value: unknown = response.headers[name.toLowerCase()];
      if (value === undefined) return header.required ? [`header ${name} is missing`] : [];
      if (header.schema === undefined) return [];
      const validate = this.validator(`${where}/headers/${pointer(name)}/schema`);
      return validate(value) ? [] : [`header ${name}: ${this.ajv.errorsText(validate.errors, { dataVar: name })}`];
    });
  }

  private bodyProblems(documented: WireRecord, where: string, response: Response): string[] {
    const content = (documented.content ?? {}) as Record<string, WireRecord>;
    const contentType = response.headers['content-type'];
    if (contentType === undefined) return response.text ? ['a body without a content type'] : [];
    const mediaType = contentType.split(';')[0].trim().toLowerCase();
    if (!(mediaType in content)) return [`content type ${mediaType} is not documented (documented: ${Object.keys(content).join(', ') || 'none'})`];
    if (!mediaType.endsWith('json') || content[mediaType].schema === undefined) return [];
    const validate = this.validator(`${where}/content/${pointer(mediaType)}/schema`);
    if (validate(response.body)) return [];
    const described = (validate.errors ?? []).map((error) => {
      const member = error.keyword === 'additionalProperties' ? `: ${error.params.additionalProperty}` : '';
      return `body${error.instancePath.replace(/\//g, '.')} ${error.message}${member} (schema ${error.schemaPath})`;
    });
    return [...new Set(described)];
  }

  private validator(schemaPointer: string): ValidateFunction {
    let validate = this.compiled.get(schemaPointer);
    if (validate === undefined) this.compiled.set(schemaPointer, (validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${schemaPointer}` })));
    return validate;
  }
}

const validators = new Map<string, ResponseValidator>();

function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

function parameterCount(template: string): number {
  return (template.match(/\{/g) ?? []).length;
}

/** A JSON pointer segment (RFC 6901). */
function pointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
