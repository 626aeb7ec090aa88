/**
 * The public face of the iframe-links module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerIframeLinkRoutes } from './routes';
/** The company of a live `ifl_` token (null: unknown, forged, revoked or expired), for frame-ancestors. */
export { companyOfToken } from './public-reads';
