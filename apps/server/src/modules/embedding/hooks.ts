import { registerEmbeddedSessionPolicy } from '../../platform/http/authenticate';
import { registerEmbedFrameAncestors } from '../../platform/http/security-headers';
import type { Platform } from '../../platform/platform';
import { embeddedSessionMay, frameAncestorsOf, registerHostTokenResolver } from './frame-policy';

/**
 * What the embedding module gives the platform at start-up (module-hooks.ts): the host session
 * tokens' resolver, `frame-ancestors` of `/if/{token}` pages, and the calls an embedded session
 * may make.
 */
export function registerEmbeddingHooks(platform: Platform): void {
  registerHostTokenResolver(platform.config.secrets.jwtSecret);
  registerEmbedFrameAncestors(frameAncestorsOf(platform.database.db));
  registerEmbeddedSessionPolicy(embeddedSessionMay);
}
