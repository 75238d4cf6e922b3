import { SetMetadata } from '@nestjs/common';

export const REPLAY_SECRETS = 'tally:replay-secrets';

/**
 * How the answer of a route that shows a secret is kept under its Idempotency-Key. Stored
 * answers live 7 days and replay to whoever repeats the key, so a secret is never stored:
 * - `redact`: these top-level fields of a 2xx answer are stored as null, with
 *   `secret_redacted: true`, and replayed so (the secret was shown once, in the first answer);
 * - `reissue`: a repeat of a request that succeeded runs the handler again, so it answers a
 *   fresh secret (a new link) with `Idempotency-Used: true`; the stored answer is redacted as
 *   above and only says that the request succeeded.
 */
export interface ReplaySecretsOptions {
  redact: readonly string[];
  reissue?: boolean;
}

export const ReplaySecrets = (options: ReplaySecretsOptions) => SetMetadata(REPLAY_SECRETS, options);

/** The answer as stored: the named fields null, and `secret_redacted: true` when one was there. */
export function redactAnswer(body: unknown, options: ReplaySecretsOptions | undefined): unknown {
  if (!options || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const kept: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of options.redact) if (field in kept) kept[field] = null;
  return { ...kept, secret_redacted: true };
}
