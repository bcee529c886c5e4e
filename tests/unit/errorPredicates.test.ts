// The error predicates the machines' guards call read an error's name and fields, not its class: an
// error parsed from an exported path's JSON (docs/qa.md#replay-an-exported-file) takes the branch
// the thrown instance takes. Each plain-object case fails when the predicate goes back to instanceof.
import { describe, expect, it } from 'vitest';
import { ApiError, gotNoAnswer, isApiError, isTokenRefused, isUnauthorized, NetworkError } from '@/services/api/errors';
import { hasErrorName, isNoSourceError, NoSourceError } from '@/shared/errors';
import { STATUS_UNAUTHORIZED, STATUS_WRONG_TWO_FACTOR_CODE } from '@/shared/constants';

/** What an exported path holds: the error through JSON, as the export writes it ({name, message, own fields}). */
const asData = (error: Error): Record<string, unknown> =>
  JSON.parse(JSON.stringify(Object.assign({ name: error.name, message: error.message }, error))) as Record<
    string,
    unknown
  >;

describe('error predicates read errors as data', () => {
  it('isApiError and isUnauthorized take a plain ApiError object by its status', () => {
    const plain = { name: 'ApiError', message: 'unauthorized', status: STATUS_UNAUTHORIZED, httpStatus: 200 };
    expect(isApiError(plain)).toBe(true);
    expect(isApiError(plain, STATUS_UNAUTHORIZED)).toBe(true);
    expect(isApiError(plain, STATUS_WRONG_TWO_FACTOR_CODE)).toBe(false);
    expect(isUnauthorized(plain)).toBe(true);
    expect(isUnauthorized({ ...plain, status: STATUS_WRONG_TWO_FACTOR_CODE })).toBe(false);
    // the same answers as the instance, through the export's JSON
    const thrown = new ApiError(STATUS_WRONG_TWO_FACTOR_CODE, 'wrong 2fa code');
    expect(isApiError(asData(thrown), STATUS_WRONG_TWO_FACTOR_CODE)).toBe(
      isApiError(thrown, STATUS_WRONG_TWO_FACTOR_CODE),
    );
    expect(isApiError(asData(thrown), STATUS_WRONG_TWO_FACTOR_CODE)).toBe(true);
  });

  it('gotNoAnswer and isTokenRefused take a plain NetworkError object by its httpStatus', () => {
    expect(
      gotNoAnswer({ name: 'NetworkError', message: '未知网络错误', httpStatus: null, statusText: '', status: null }),
    ).toBe(true);
    expect(gotNoAnswer({ name: 'NetworkError', message: '500', httpStatus: 500, statusText: '', status: null })).toBe(
      false,
    );
    expect(
      isTokenRefused({ name: 'NetworkError', message: '401', httpStatus: 401, statusText: '', status: null }),
    ).toBe(true);
    expect(
      isTokenRefused({ name: 'NetworkError', message: '403', httpStatus: 403, statusText: '', status: null }),
    ).toBe(true);
    expect(
      isTokenRefused({ name: 'NetworkError', message: '500', httpStatus: 500, statusText: '', status: null }),
    ).toBe(false);
    expect(gotNoAnswer(asData(new NetworkError(null)))).toBe(true);
    expect(isTokenRefused(asData(new NetworkError(401, 'Unauthorized')))).toBe(true);
  });

  it('isNoSourceError takes a plain object by its name', () => {
    expect(isNoSourceError({ name: 'NoSourceError', message: 'unavailable' })).toBe(true);
    expect(isNoSourceError(asData(new NoSourceError()))).toBe(true);
    expect(isNoSourceError({ name: 'Error', message: 'unavailable' })).toBe(false);
  });

  it('a name alone is not an error of another kind, and nothing else matches', () => {
    expect(isApiError({ name: 'NetworkError', message: 'x', status: 902002, httpStatus: 200 })).toBe(false);
    // an ApiError's status is a number: an object without one is not taken for it
    expect(isApiError({ name: 'ApiError', message: 'x' })).toBe(false);
    expect(isTokenRefused({ name: 'ApiError', message: 'x', status: 1, httpStatus: 401 })).toBe(false);
    for (const nothing of [null, undefined, 'ApiError', 42]) {
      expect(isApiError(nothing)).toBe(false);
      expect(gotNoAnswer(nothing)).toBe(false);
      expect(hasErrorName(nothing, 'ApiError')).toBe(false);
    }
  });

  it('the thrown instances still match', () => {
    expect(isUnauthorized(new ApiError(STATUS_UNAUTHORIZED, 'unauthorized'))).toBe(true);
    expect(gotNoAnswer(new NetworkError(null))).toBe(true);
    expect(isTokenRefused(new NetworkError(403))).toBe(true);
    expect(isNoSourceError(new NoSourceError())).toBe(true);
  });
});
