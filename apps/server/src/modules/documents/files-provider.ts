import type { Platform } from '../../platform/platform';
import { getConversionService } from '../conversion';
import type { DocumentFiles } from './document-files';

/** The document service (converter module, in-process) as the documents module uses it. */
export function documentFilesOf(platform: Platform): DocumentFiles {
  return getConversionService(platform);
}
