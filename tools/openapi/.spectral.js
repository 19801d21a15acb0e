/*
 * Spectral ruleset of the OpenAPI document: the recommended OpenAPI rules plus Curbside's own
 * (CONTRACT §2 headers, §4 problem bodies, JSON and XML for every success).
 * `npm run openapi -- dist/openapi.json && npx spectral lint -r tools/openapi/.spectral.js --fail-severity=warn dist/openapi.json`
 * (the `openapi` project's `test` target does exactly that in `npm test`).
 */
const { oas } = require('@stoplight/spectral-rulesets');
const { oasExample } = require('@stoplight/spectral-rulesets/dist/oas/functions');

const PROBLEM_SCHEMA = '#/components/schemas/ProblemDoc';
const PROBLEM_MEDIA_TYPES = ['application/problem+json', 'application/problem+xml'];
const API_OPERATIONS = "$.paths[?(@property.startsWith('/api/'))][get,put,post,patch,delete]";

/** An `/api` operation declares Authorization (bearer or OAuth 2 security), ClientId and Request-Tracking-Id. */
function declaresTheThreeHeaders(operation, _options, { document, path }) {
  const schemes = document.data.components?.securitySchemes ?? {};
  const isAuthorization = (name) => schemes[name]?.type === 'oauth2' || (schemes[name]?.type === 'http' && schemes[name]?.scheme === 'bearer');
  const isClientId = (name) => schemes[name]?.type === 'apiKey' && schemes[name]?.in === 'header' && schemes[name]?.name === 'ClientId';
  const requiredHeader = (name) => (operation.parameters ?? []).some((p) => p.in === 'header' && p.name === name && p.required === true);
  const requirements = operation.security ?? [];
  const problems = [];
  if (requirements.length === 0) problems.push({ message: 'declares no security (the Authorization header)', path: [...path, 'security'] });
  requirements.forEach((requirement, i) => {
    const names = Object.keys(requirement);
    if (!names.some(isAuthorization)) problems.push({ message: 'security requirement without a bearer token', path: [...path, 'security', i] });
    if (!names.some(isClientId)) problems.push({ message: 'security requirement without the ClientId header', path: [...path, 'security', i] });
  });
  for (const header of ['ClientId', 'Request-Tracking-Id']) {
    if (!requiredHeader(header)) problems.push({ message: `does not declare the required ${header} header`, path: [...path, 'parameters'] });
  }
  return problems;
}

/** A 4xx or 5xx response is a problem (RFC 9457) in JSON and XML, with the problem schema. */
function isProblem(response, _options, { path }) {
  const content = response.content ?? {};
  const types = Object.keys(content);
  const missing = PROBLEM_MEDIA_TYPES.filter((type) => !types.includes(type));
  const other = types.filter((type) => !PROBLEM_MEDIA_TYPES.includes(type));
  const notProblem = types.filter((type) => content[type].schema?.$ref !== PROBLEM_SCHEMA);
  return [
    ...missing.map((type) => ({ message: `has no ${type} content`, path: [...path, 'content'] })),
    ...other.map((type) => ({ message: `answers ${type}, not a problem`, path: [...path, 'content', type] })),
    ...notProblem.map((type) => ({ message: `${type} is not the problem schema (${PROBLEM_SCHEMA})`, path: [...path, 'content', type, 'schema'] })),
  ];
}

/** A success response shows an example in JSON and in XML. */
function hasJsonAndXmlExamples(response, _options, { path }) {
  const hasExample = (media) => media !== undefined && (media.example !== undefined || Object.keys(media.examples ?? {}).length > 0);
  return ['application/json', 'application/xml']
    .filter((type) => !hasExample(response.content?.[type]))
    .map((type) => ({ message: `has no ${type} example`, path: [...path, 'content'] }));
}

module.exports = {
  extends: [[oas, 'recommended']],
  rules: {
    // The rule checks every example against the schema as if it were JSON, but an XML example is
    // the XML text itself (a string, as Swagger UI shows it), so it is checked for JSON media only.
    'oas3-valid-media-example': 'off',
    'curbside-valid-json-example': {
      description: 'JSON examples must be valid against their schema.',
      message: '{{error}}',
      severity: 'error',
      given: "$..content[?(@property.match(/json$/) && @.schema && (@.example !== void 0 || @.examples))]",
      then: { function: oasExample, functionOptions: { schemaField: 'schema', oasVersion: 3, type: 'media' } },
    },
    'curbside-api-headers': {
      description: 'Every /api operation declares Authorization (security), ClientId and Request-Tracking-Id (CONTRACT §2).',
      message: '{{error}}',
      severity: 'error',
      given: API_OPERATIONS,
      then: { function: declaresTheThreeHeaders },
    },
    'curbside-problem-errors': {
      description: 'Every 4xx and 5xx response is a problem in JSON and XML (CONTRACT §4).',
      message: '{{error}}',
      severity: 'error',
      resolved: false,
      // The token and introspection endpoints answer errors as OAuth 2 does (RFC 6749 §5.2), not as problems.
      given: "$.paths[?(@property !== '/oauth/token' && @property !== '/oauth/introspect')][*].responses[?(@property.match(/^[45]/))]",
      then: { function: isProblem },
    },
    'curbside-json-and-xml-examples': {
      description: 'Every success of an /api operation shows a JSON and an XML example.',
      message: '{{error}}',
      severity: 'error',
      given: `${API_OPERATIONS}.responses[?(@property.match(/^2/))]`,
      then: { function: hasJsonAndXmlExamples },
    },
  },
};
