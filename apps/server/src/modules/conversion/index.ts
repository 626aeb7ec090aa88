/**
 * The public face of the conversion module: other modules and the composition root import only this
 * file (checked by .dependency-cruiser.cjs). Its tables stay private to it.
 */
export { registerConversionRoutes } from './routes';
export { getConversionService } from './service';
export type { ConversionDeps } from './service';
export { loadConversionSettings } from './settings';
