import { AppError, validationError } from '../../platform/http/app-error';
import { GraphError } from './graph';

/**
 * A Cloud API refusal as the caller's error: 422 on the field it is about (`access_token` for an
 * invalid or expired token: HTTP 401 or Graph code 190), 503 when the API did not answer or failed.
 */
export function refusal(err: unknown, field: string): never {
  if (!(err instanceof GraphError)) throw err;
  if (err.status === 0 || err.status >= 500 || err.status === 429)
    throw new AppError('SERVICE_UNAVAILABLE', { message: `The WhatsApp Cloud API failed: ${err.message}` });
  const on = err.status === 401 || err.code === 190 ? 'access_token' : field;
  throw validationError(
    [{ key: on, message: `The WhatsApp Cloud API refused it: ${err.message}`, path: [on] }],
    'The WhatsApp Cloud API refused these details',
  );
}
