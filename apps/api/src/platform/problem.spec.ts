import { AuthErrorCode } from '@curbside/auth';
import { AUTH_ERROR_CODES } from '@curbside/contract';

describe('the problem codes of the contract', () => {
  it('list every code authentication raises', () => {
    expect(Object.values(AuthErrorCode).sort()).toEqual([...AUTH_ERROR_CODES].sort());
  });
});
