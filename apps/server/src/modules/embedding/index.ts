/**
 * The public face of the embedding module: other modules and the composition root import only
 * this file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerEmbeddingHooks } from './hooks';
export { registerEmbeddingRoutes } from './routes';
export { allowedOriginsOf } from './origins';
export { companyOfEmbedToken, registerEmbedTokenResolver } from './frame-policy';
export type { EmbedTokenResolver } from './frame-policy';
